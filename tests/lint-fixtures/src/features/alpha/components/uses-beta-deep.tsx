import { betaKey } from '../../beta/beta.queries';

export const alphaUsesBetaDeep = betaKey;
