export const format = (value: number): string => value.toFixed(2);
