import { alphaKey } from '../../features/alpha/alpha.queries';

export const route = alphaKey;
