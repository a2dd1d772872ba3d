import type { DeltaTable } from '../delta/tables';

export const gammaRow: DeltaTable | undefined = undefined;
