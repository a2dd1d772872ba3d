import { createFileRoute, redirect, useNavigate } from '@tanstack/react-router';
import { z } from 'zod/mini';
import { hasTeamTab } from '#contract/user';
import { currentLocale } from '#lib/i18n';
import { prefetch } from '#lib/route-helpers';
import { agentQueries } from '../../../features/agent/agent.queries';
import { TeamPage, type TeamSearch } from '../../../features/agent/components/team-page';

/** Whose members are listed and the search live in the URL, so back and reload keep the level. */
const searchSchema = z.object({
  parent: z.catch(
    z.optional(z.coerce.number().check(z.int(), z.positive(), z.lte(Number.MAX_SAFE_INTEGER))),
    undefined,
  ),
  q: z.catch(z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(20))), undefined),
});

/** Spec section 6: the team page exists for job 1 and 2 only; players go home. */
export const Route = createFileRoute('/_main/_authed/team')({
  validateSearch: searchSchema,
  beforeLoad: async ({ context }) => {
    const { user } = await context.viewer.me();
    if (!hasTeamTab(user.job)) throw redirect({ to: '/', replace: true });
  },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) =>
    prefetch(
      context,
      agentQueries.detail(currentLocale()),
      agentQueries.links(),
      agentQueries.team({ parentUid: deps.parent, search: deps.q ?? '' }, currentLocale()),
    ),
  component: TeamRoute,
});

function TeamRoute() {
  const search = Route.useSearch();
  const navigate = useNavigate({ from: '/team' });
  const onSearch = (next: TeamSearch) => void navigate({ search: { parent: next.parent, q: next.q } });
  return <TeamPage search={search} onSearch={onSearch} />;
}
