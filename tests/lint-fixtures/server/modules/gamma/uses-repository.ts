import { findDelta } from '../delta/repository';

export const gammaUsesRepository = findDelta;
