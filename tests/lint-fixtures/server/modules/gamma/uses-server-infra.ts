import { config } from '../../config';

export const gammaConfig = config;
