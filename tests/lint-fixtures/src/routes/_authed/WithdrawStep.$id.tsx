export const route = 'step';
