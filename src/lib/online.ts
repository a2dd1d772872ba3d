import { onlineManager } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';

// The query client pauses and resumes on the same signal, so what the screen says and what the data does agree.
const subscribe = (onChange: () => void) => onlineManager.subscribe(onChange);
const isOnline = () => onlineManager.isOnline();

/** Whether the app believes it is online (the query client's onlineManager), reactive. */
export const useIsOnline = (): boolean => useSyncExternalStore(subscribe, isOnline, () => true);
