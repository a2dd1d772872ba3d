import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod/mini';
import { skipWhenLoggedIn } from '#lib/auth-guard';
import { safeRedirect } from '#lib/redirect';
import { prefetch } from '#lib/route-helpers';
import { agentQueries } from '../features/agent/agent.queries';
import { RegisterLinkPreset } from '../features/agent/components/link-presets';
import { RegisterPage } from '../features/auth/components/register-page';

const inviteCode = z.catch(
  z.optional(z.string().check(z.maxLength(16), z.regex(/^[A-Za-z0-9]*$/))),
  undefined,
);

const searchSchema = z.object({
  redirect: z.catch(z.optional(z.string()), undefined),
  /** An agent's registration link prefills their invite code: /register?code=AB12CD (older links: ?invite=). */
  code: inviteCode,
  invite: inviteCode,
  /** A link made with a preset ratio and job (/uid/app/gen/downlink): /register?link=<code>. */
  link: z.catch(
    z.optional(z.string().check(z.minLength(1), z.maxLength(32), z.regex(/^[A-Za-z0-9_-]*$/))),
    undefined,
  ),
});

export const Route = createFileRoute('/register')({
  validateSearch: searchSchema,
  beforeLoad: ({ context, search }) => skipWhenLoggedIn(context.viewer, search.redirect),
  loaderDeps: ({ search }) => ({ link: search.link }),
  // The form is filled from what the link stands for, so it waits for the answer (a failure shows below).
  loader: ({ context, deps }) => (deps.link ? prefetch(context, agentQueries.link(deps.link)) : undefined),
  component: RegisterRoute,
});

function RegisterRoute() {
  const { redirect: target, code, invite, link } = Route.useSearch();
  const info = useQuery({ ...agentQueries.link(link ?? ''), enabled: Boolean(link) });
  const linked = info.data?.kind === 'register' ? info.data : undefined;
  const inviteCode = linked?.inviteCode ?? code ?? invite;
  return (
    <RegisterPage
      // A link's answer arriving later fills the form anew.
      key={inviteCode ?? ''}
      redirect={safeRedirect(target)}
      invite={inviteCode}
      link={linked ? link : undefined}
      preset={link ? <RegisterLinkPreset info={info.data} invalid={info.isError} /> : undefined}
    />
  );
}
