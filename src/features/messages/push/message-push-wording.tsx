import { useLingui } from '@lingui/react/macro';
import { useEffect } from 'react';
import { saveMessagePushWording } from '#lib/app-badge';
import { MESSAGE_TITLES } from './message-titles';

/**
 * Leaves the service worker the words of a pushed message in the language the app shows, and again when
 * it changes: a notification arrives when no window is open and the worker carries no catalogue. An
 * event's notification says what happened, never how much: a lock screen is seen by others.
 */
export function MessagePushWording() {
  const { t, i18n } = useLingui();
  const titles = Object.fromEntries(
    Object.entries(MESSAGE_TITLES).map(([kind, title]) => [kind, i18n._(title)]),
  );
  const body = t`Open the app to read it.`;
  const key = `${i18n.locale}:${body}`;
  // biome-ignore lint/correctness/useExhaustiveDependencies: written again only when the language changes
  useEffect(() => {
    void saveMessagePushWording({ titles, body });
  }, [key]);
  return null;
}
