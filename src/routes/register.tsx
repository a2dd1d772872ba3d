import { createFileRoute, redirect } from '@tanstack/react-router';
import { z } from 'zod/mini';
import { RegisterPage } from '../features/auth/components/register-page';
import { safeRedirect } from '../lib/redirect';
import { isLogin } from '../lib/session';

const searchSchema = z.object({
  redirect: z.catch(z.optional(z.string()), undefined),
  /** Invite links prefill the invite code: /register?invite=AB12CD. */
  invite: z.catch(z.optional(z.string().check(z.maxLength(16), z.regex(/^[A-Za-z0-9]*$/))), undefined),
});

export const Route = createFileRoute('/register')({
  validateSearch: searchSchema,
  beforeLoad: ({ search }) => {
    if (isLogin()) throw redirect({ href: safeRedirect(search.redirect) ?? '/', replace: true });
  },
  component: RegisterRoute,
});

function RegisterRoute() {
  const { redirect: target, invite } = Route.useSearch();
  return <RegisterPage redirect={safeRedirect(target)} invite={invite} />;
}
