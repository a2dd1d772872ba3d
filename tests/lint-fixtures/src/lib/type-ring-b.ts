import type { A } from './type-ring-a';

export interface B {
  a?: A;
}
