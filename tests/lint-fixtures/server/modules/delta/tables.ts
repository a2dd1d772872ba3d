export interface DeltaTable {
  id: number;
}
