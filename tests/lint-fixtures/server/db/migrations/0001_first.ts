export const up = 'first';
