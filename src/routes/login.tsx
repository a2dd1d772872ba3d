import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod/mini';
import { skipWhenLoggedIn } from '#lib/auth-guard';
import { safeRedirect } from '#lib/redirect';
import { LoginPage } from '../features/auth/components/login-page';

const searchSchema = z.object({ redirect: z.catch(z.optional(z.string()), undefined) });

export const Route = createFileRoute('/login')({
  validateSearch: searchSchema,
  beforeLoad: ({ context, search }) => skipWhenLoggedIn(context.viewer, search.redirect),
  component: LoginRoute,
});

function LoginRoute() {
  const { redirect: target } = Route.useSearch();
  return <LoginPage redirect={safeRedirect(target)} />;
}
