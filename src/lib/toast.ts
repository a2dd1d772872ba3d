import { createStore } from './store';

/** Spec section 8: positive messages appear at the top, negative ones at the bottom. */
export type ToastKind = 'positive' | 'negative';
export interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
}

export const TOAST_DURATION_MS = { positive: 2500, negative: 4000 } as const;

export const toastStore = createStore<Toast[]>([]);
let nextId = 1;

export function dismissToast(id: number): void {
  toastStore.set((list) => list.filter((toast) => toast.id !== id));
}

function show(kind: ToastKind, message: string): number {
  const id = nextId++;
  // A repeated identical message replaces the older one instead of stacking.
  toastStore.set((list) => [
    ...list.filter((x) => !(x.kind === kind && x.message === message)),
    { id, kind, message },
  ]);
  setTimeout(() => dismissToast(id), TOAST_DURATION_MS[kind]);
  return id;
}

export const toast = {
  positive: (message: string) => show('positive', message),
  negative: (message: string) => show('negative', message),
};
