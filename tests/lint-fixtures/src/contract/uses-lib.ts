import { format } from '../lib/format';

export const contractUsesLib = format;
