import { findDelta } from '../../modules/delta/repository';

export const gammaUsesRepositoryByPath = findDelta;
