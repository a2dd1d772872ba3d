import { format } from '../src/lib/format';

export const contractUsesLib = format;
