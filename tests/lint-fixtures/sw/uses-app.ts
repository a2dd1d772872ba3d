import { format } from '../src/lib/format';

export const swUsesApp = format;
