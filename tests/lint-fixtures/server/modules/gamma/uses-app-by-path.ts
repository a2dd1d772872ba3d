import { format } from '../../../src/lib/format';

export const serverUsesAppByPath = format;
