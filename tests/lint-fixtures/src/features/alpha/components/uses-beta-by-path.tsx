import { betaKey } from '../../../features/beta/beta.queries';

export const alphaUsesBetaByPath = betaKey;
