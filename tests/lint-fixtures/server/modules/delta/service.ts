import { findDelta } from './repository';

export const deltaById = (id: number) => findDelta(id);
