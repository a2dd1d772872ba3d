import { betaKey } from '../beta/beta.queries';

export const alphaUsesBeta = betaKey;
