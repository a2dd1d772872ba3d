import type { QueryClient } from '@tanstack/react-query';
import { type Prefetchable, prefetch } from '../../lib/route-helpers';

/**
 * A console section's loader prefetch, once the operator has passed the second factor (`consoleOpen`,
 * from the console route's beforeLoad). Asked before, every call is refused (403 second_factor_required)
 * and its toast said "enter the code" on the factor page before anything was typed (issue 31 item 19).
 */
export function prefetchSection(
  context: { queryClient: QueryClient; consoleOpen: boolean },
  ...queries: readonly Prefetchable[]
): Promise<void> {
  return context.consoleOpen ? prefetch(context, ...queries) : Promise.resolve();
}
