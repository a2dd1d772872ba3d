import { config } from '../server/config';

export const demoUsesServer = config;
