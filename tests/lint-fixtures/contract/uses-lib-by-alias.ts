import { format } from '#lib/format';

export const contractUsesLibByAlias = format;
