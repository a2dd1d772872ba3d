import type { B } from './type-ring-b';

export interface A {
  b?: B;
}
