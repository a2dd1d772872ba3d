import { t } from '@lingui/core/macro';

/** The browser's own view of the connection; the query client's onlineManager follows the same events. */
export const isOffline = (): boolean => typeof navigator !== 'undefined' && navigator.onLine === false;

export const offlineMessage = (): string => t`You're offline. Try again when you're connected.`;
