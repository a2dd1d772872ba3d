export const route = 'bad';
