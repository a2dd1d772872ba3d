export const route = 'safe';
