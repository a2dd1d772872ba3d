import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { z } from 'zod/mini';
import { USER_LIST_SORTS } from '#contract/console-states';
import { currentLocale } from '#lib/i18n';
import { adminQueries } from '../../features/admin/admin.queries';
import { UserAccount } from '../../features/admin/components/user-account';
import { UsersPage } from '../../features/admin/components/users-page';
import { prefetchSection } from '../../features/admin/prefetch-section';

/** The search and the page live in the URL; anything invalid falls back to everyone's first page. */
const searchSchema = z.object({
  // A hand-typed ?q=123 arrives as a number: digits either way.
  q: z.catch(
    z._default(
      z.pipe(
        z.union([z.string(), z.int()]),
        z.transform((v: string | number) => {
          const digits = String(v);
          return /^\d{0,15}$/.test(digits) ? digits : '';
        }),
      ),
      '',
    ),
    '',
  ),
  sort: z.catch(z._default(z.enum(USER_LIST_SORTS), 'newest'), 'newest'),
  page: z.catch(z._default(z.int().check(z.gte(0)), 0), 0),
  uid: z.catch(z.optional(z.int().check(z.positive())), undefined),
});

export const Route = createFileRoute('/admin/users')({
  validateSearch: searchSchema,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) =>
    prefetchSection(
      context,
      deps.uid === undefined ? adminQueries.users(deps) : adminQueries.user(deps.uid, currentLocale()),
    ),
  component: UsersRoute,
});

function UsersRoute() {
  const search = Route.useSearch();
  const navigate = useNavigate({ from: '/admin/users' });
  const onFilters = (next: typeof search) => void navigate({ search: next });
  if (search.uid !== undefined)
    return <UserAccount uid={search.uid} onBack={() => onFilters({ ...search, uid: undefined })} />;
  return <UsersPage filters={search} onFilters={onFilters} />;
}
