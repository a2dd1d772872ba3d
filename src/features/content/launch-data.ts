import type { QueryClient } from '@tanstack/react-query';
import { LAUNCH_DATA_ELEMENT_ID, launchDataSchema } from '#contract/content';
import { contentQueries } from './content.queries';

/**
 * The banners the server wrote into the shell of `/` (server/modules/launch), into the query the
 * carousel reads, so the first render paints the first banner. Saved data wins: it is what the user
 * saw last. Absent (the service worker's shell, another route), unreadable or in another language than
 * the app's: the carousel asks the server as usual.
 */
export function seedLaunchBanners(queryClient: QueryClient, locale: string): void {
  const text = document.getElementById(LAUNCH_DATA_ELEMENT_ID)?.textContent;
  if (!text) return;
  let parsed: ReturnType<typeof launchDataSchema.safeParse>;
  try {
    parsed = launchDataSchema.safeParse(JSON.parse(text));
  } catch {
    return;
  }
  // Another language's texts would stand in that language's query until it refetched.
  if (!parsed.success || parsed.data.locale !== locale) return;
  const { queryKey } = contentQueries.banners(locale);
  if (queryClient.getQueryData(queryKey) !== undefined) return;
  queryClient.setQueryData(queryKey, parsed.data.banners, { updatedAt: parsed.data.at });
}
