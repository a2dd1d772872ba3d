import type { WalletAnswer } from '#contract/game-provider';
import type { AppContext } from '../../../context';
import type { ProviderRow } from '../repository';
import * as seamless from '../seamless';

/*
 * The adapters' own refusals, decided before the core (decision 0054): a currency other than the platform's
 * and a stake finer than a cent (their messages in ../wallet-messages.ts, so each wire names them with its
 * own status).
 */

export const wrongCurrency = (ctx: AppContext, currency: string): boolean =>
  currency !== ctx.config.games.currency;

/** A refusal of the wire's own, with the balance as it stands (an expired session has none to tell). */
export async function refusedHere(
  ctx: AppContext,
  provider: ProviderRow,
  session: { sessionToken: string; playerId: string },
  status: 'INVALID_REQUEST' | 'LIMIT_REACHED',
  message: string,
): Promise<WalletAnswer> {
  const now = await seamless.balance(ctx, provider, session);
  return { status, ...(now.body.balance === undefined ? {} : { balance: now.body.balance }), message };
}
