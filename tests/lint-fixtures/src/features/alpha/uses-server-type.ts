import type { GammaConfig } from '../../../server/config';

export const alphaServerType: GammaConfig | undefined = undefined;
