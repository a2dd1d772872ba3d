export const findDelta = (id: number) => ({ id });
