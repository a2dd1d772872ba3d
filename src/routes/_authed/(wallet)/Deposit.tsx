import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod/mini';
import { prefetch } from '#lib/route-helpers';
import { useSessionUser } from '#lib/session';
import { agentQueries } from '../../../features/agent/agent.queries';
import { RechargeLinkPreset } from '../../../features/agent/components/link-presets';
import { DepositOffers } from '../../../features/bonuses/components/deposit-offers';
import { DepositLimitOffer } from '../../../features/protection/components/protection-link';
import { DepositPage } from '../../../features/wallet/components/deposit-page';
import { walletQueries } from '../../../features/wallet/wallet.queries';

/**
 * ?orderNo= shows that order (after creating it, and on coming back from the pay page); ?for= is an
 * agent's recharge link (/uid/app/gen/rechargelink), which presets the amount.
 */
const searchSchema = z.object({
  orderNo: z.catch(z.optional(z.string().check(z.regex(/^[A-Za-z0-9]{1,64}$/))), undefined),
  for: z.catch(z.optional(z.string().check(z.regex(/^[A-Za-z0-9_-]{1,32}$/))), undefined),
});

export const Route = createFileRoute('/_authed/(wallet)/Deposit')({
  validateSearch: searchSchema,
  loaderDeps: ({ search }) => ({ link: search.for }),
  loader: ({ context, deps }) =>
    prefetch(context, walletQueries.secondary(), ...(deps.link ? [agentQueries.link(deps.link)] : [])),
  component: DepositRoute,
});

function DepositRoute() {
  const { orderNo, for: link } = Route.useSearch();
  const user = useSessionUser();
  const info = useQuery({ ...agentQueries.link(link ?? ''), enabled: Boolean(link) });
  const amount = info.data?.kind === 'recharge' ? info.data.amount : undefined;
  return (
    <DepositPage
      key={amount ?? ''}
      orderNo={orderNo}
      amount={amount}
      // The offers a deposit of the typed amount would get, with their opt-in (issue 33).
      offers={(slot) => <DepositOffers {...slot} />}
      preset={
        <>
          {link && !orderNo ? (
            <RechargeLinkPreset info={info.data} invalid={info.isError} uid={user?.uid} />
          ) : null}
          {/* Deposit limits are offered where money comes in (player protection, decision 0021). */}
          <DepositLimitOffer />
        </>
      }
    />
  );
}
