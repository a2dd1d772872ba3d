export const badName = 1;
