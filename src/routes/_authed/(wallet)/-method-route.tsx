import { useParams } from '@tanstack/react-router';
import { prefetch } from '#lib/route-helpers';
import { MethodPage } from '../../../features/wallet/components/method-form';
import { walletQueries } from '../../../features/wallet/wallet.queries';
import type { RouterContext } from '../../__root';

/**
 * What /AddCard (bank) and /AddZhiFuBao (e-wallet) share: one form taking the method kind, so one loader
 * and one page; each route parses its optional id with `optionalIdParams`. Not a route itself (the
 * router ignores files starting with "-"); only the routes' loader and component use it, so it travels in
 * their lazy chunk, never in the entry. The signed-in user (the bank form offers the banks of the
 * account's area code, contract/banks.ts) comes with the standalone layout (_authed.tsx).
 */
type MethodKind = 'bank' | 'ewallet';

/** Editing starts from the saved method. */
export const loadMethodForm = (context: RouterContext, methodId: number | undefined) =>
  methodId === undefined ? undefined : prefetch(context, walletQueries.methods());

export const methodPage = (kind: MethodKind) =>
  function MethodRoute() {
    const id = useParams({ strict: false, select: (params) => params.id as number | undefined });
    return <MethodPage kind={kind} key={id ?? 'new'} id={id} />;
  };
