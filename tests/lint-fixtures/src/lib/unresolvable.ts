import { missing } from '#lib/missing';

export const libUsesMissing = missing;
