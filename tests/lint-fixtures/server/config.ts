export const config = { port: 0 };

export type GammaConfig = typeof config;
