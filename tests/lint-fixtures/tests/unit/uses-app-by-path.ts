import { format } from '../../src/lib/format';

export const testUsesAppByPath = format;
