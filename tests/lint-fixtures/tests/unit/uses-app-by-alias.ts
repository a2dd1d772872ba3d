import { alphaKey } from '#features/alpha/alpha.queries.ts';
import { format } from '#lib/format';

export const testUsesAppByAlias = [alphaKey, format];
