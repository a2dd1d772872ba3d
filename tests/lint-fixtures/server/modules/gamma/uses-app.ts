import { format } from '../../../src/lib/format';

export const serverUsesApp = format;
