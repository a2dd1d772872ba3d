import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { z } from 'zod/mini';
import type { OfferState } from '#contract/admin/bonuses';
import { currentLocale } from '#lib/i18n';
import { bonusQueries } from '../../features/admin/bonuses/bonuses.queries';
import { OffersPage } from '../../features/admin/bonuses/components/offers-page';
import { prefetchSection } from '../../features/admin/prefetch-section';

/*
 * The states are written here, checked against the contract's type: a value import of contract/admin would
 * pull the console's chunk into the route tree, which home loads.
 */
const STATES = ['active', 'paused', 'ended'] as const satisfies readonly OfferState[];

/** The state filter, the page and the offer being edited live in the URL. */
const searchSchema = z.object({
  state: z.catch(z._default(z.enum([...STATES, 'all']), 'all'), 'all'),
  page: z.catch(z._default(z.int().check(z.gte(0)), 0), 0),
  edit: z.catch(z.optional(z.union([z.literal('new'), z.int().check(z.positive())])), undefined),
});

export const Route = createFileRoute('/admin/bonuses')({
  validateSearch: searchSchema,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) =>
    prefetchSection(
      context,
      bonusQueries.offers(deps, currentLocale()),
      bonusQueries.held(0, currentLocale()),
    ),
  component: BonusesRoute,
});

function BonusesRoute() {
  const search = Route.useSearch();
  const navigate = useNavigate({ from: '/admin/bonuses' });
  return <OffersPage filters={search} onFilters={(next) => void navigate({ search: next })} />;
}
