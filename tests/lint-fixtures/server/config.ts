export const config = { port: 0 };
