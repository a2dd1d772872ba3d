import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod/mini';
import { RegisterPage } from '../features/auth/components/register-page';
import { skipWhenLoggedIn } from '../lib/auth-guard';
import { safeRedirect } from '../lib/redirect';

const searchSchema = z.object({
  redirect: z.catch(z.optional(z.string()), undefined),
  /** Invite links prefill the invite code: /register?invite=AB12CD. */
  invite: z.catch(z.optional(z.string().check(z.maxLength(16), z.regex(/^[A-Za-z0-9]*$/))), undefined),
});

export const Route = createFileRoute('/register')({
  validateSearch: searchSchema,
  beforeLoad: ({ context, search }) => skipWhenLoggedIn(context.viewer, search.redirect),
  component: RegisterRoute,
});

function RegisterRoute() {
  const { redirect: target, invite } = Route.useSearch();
  return <RegisterPage redirect={safeRedirect(target)} invite={invite} />;
}
