import { format } from '#lib/format';

export const swUsesApp = format;
