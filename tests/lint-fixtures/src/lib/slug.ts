export const slug = (value: string): string => value.toLowerCase();
