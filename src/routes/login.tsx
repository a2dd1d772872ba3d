import { createFileRoute, redirect } from '@tanstack/react-router';
import { z } from 'zod/mini';
import { LoginPage } from '../features/auth/components/login-page';
import { safeRedirect } from '../lib/redirect';
import { isLogin } from '../lib/session';

const searchSchema = z.object({ redirect: z.catch(z.optional(z.string()), undefined) });

export const Route = createFileRoute('/login')({
  validateSearch: searchSchema,
  beforeLoad: ({ search }) => {
    if (isLogin()) throw redirect({ href: safeRedirect(search.redirect) ?? '/', replace: true });
  },
  component: LoginRoute,
});

function LoginRoute() {
  const { redirect: target } = Route.useSearch();
  return <LoginPage redirect={safeRedirect(target)} />;
}
