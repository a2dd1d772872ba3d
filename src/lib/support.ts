import { createStore } from './store';

/** The shared flag of the global support dialog (spec section 4). */
export const supportOpen = createStore(false);

export const openSupport = () => supportOpen.set(true);
export const closeSupport = () => supportOpen.set(false);
