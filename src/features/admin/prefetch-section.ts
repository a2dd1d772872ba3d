import type { QueryClient } from '@tanstack/react-query';
import { type Prefetchable, prefetch } from '#lib/route-helpers';
import { adminQueries } from './admin.queries';

/**
 * A console section's loader prefetch, once the operator has passed the second factor. Asked before, every
 * call is refused (403 second_factor_required) and its toast said "enter the code" on the factor page before
 * anything was typed (issue 31 item 19). The session is read here, in the section's own (lazily loaded)
 * loader, not in the console route's beforeLoad: that one ships with home, and the console must not.
 */
export async function prefetchSection(
  context: { queryClient: QueryClient },
  ...queries: readonly Prefetchable[]
): Promise<void> {
  const session = await context.queryClient.ensureQueryData(adminQueries.session()).catch(() => undefined);
  if (session?.secondFactor === 'passed') await prefetch(context, ...queries);
}
