import { HUB88_UNITS, type Hub88Answer, type Hub88Status } from '#contract/game-hub88';
import type { WalletAnswer } from '#contract/game-provider';
import { ROLLED_BACK_BEFORE_IT_ARRIVED, WRONG_CURRENCY } from '../../wallet-messages';

/*
 * Hub88's wire to the seamless core and back (decision 0054): players, amounts and statuses. Plain functions,
 * so each rule is tested on its own (tests/unit/hub88-map.test.ts).
 */

/** Hub88 units per ledger minor unit (a cent: 1/100 of the unit). */
export const PER_MINOR = HUB88_UNITS / 100;

/** A Hub88 amount as minor units and what is left below the cent. */
export const toMinor = (amount: number): { minor: number; fraction: number } => ({
  minor: Math.floor(amount / PER_MINOR),
  fraction: amount % PER_MINOR,
});
export const toHub88 = (minor: number): number => minor * PER_MINOR;

export type Hub88Action = 'balance' | 'bet' | 'win' | 'rollback';

/** The core's status as Hub88's, for the call it answers (decision 0054, "Statuses"). */
export function hub88Status(action: Hub88Action, answer: WalletAnswer): Hub88Status {
  switch (answer.status) {
    case 'OK':
      return 'RS_OK';
    case 'INSUFFICIENT_FUNDS':
      return 'RS_ERROR_NOT_ENOUGH_MONEY';
    case 'USER_BLOCKED':
      return 'RS_ERROR_USER_DISABLED';
    case 'LIMIT_REACHED':
      return 'RS_ERROR_LIMIT_REACHED';
    case 'INVALID_TOKEN':
      return 'RS_ERROR_INVALID_TOKEN';
    case 'TOKEN_EXPIRED':
      return 'RS_ERROR_TOKEN_EXPIRED';
    case 'DUPLICATE_TRANSACTION':
      return answer.message === ROLLED_BACK_BEFORE_IT_ARRIVED
        ? 'RS_ERROR_TRANSACTION_ROLLED_BACK'
        : 'RS_ERROR_DUPLICATE_TRANSACTION';
    case 'TRANSACTION_NOT_FOUND':
      return 'RS_ERROR_TRANSACTION_DOES_NOT_EXIST';
    // A win for a round already settled or cancelled: Hub88's "the bet cannot be found" (it was settled or
    // rolled back); a rollback of a stake whose round was paid is not done, and says so (decision 0054).
    case 'ROUND_CLOSED':
      return action === 'rollback' ? 'RS_ERROR_UNKNOWN' : 'RS_ERROR_TRANSACTION_DOES_NOT_EXIST';
    case 'INVALID_REQUEST':
      if (answer.message === WRONG_CURRENCY) return 'RS_ERROR_WRONG_CURRENCY';
      return answer.message?.startsWith('unknown game') ? 'RS_ERROR_INVALID_GAME' : 'RS_ERROR_WRONG_SYNTAX';
    case 'INVALID_SIGNATURE':
      return 'RS_ERROR_INVALID_SIGNATURE';
  }
}

/** The core's answer in Hub88's shape, echoing the request being answered. */
export function hub88Answer(
  action: Hub88Action,
  answer: WalletAnswer,
  echo: { request_uuid: string; user: string },
  currency: string,
): Hub88Answer {
  return {
    status: hub88Status(action, answer),
    request_uuid: echo.request_uuid,
    user: echo.user,
    currency,
    ...(answer.balance === undefined ? {} : { balance: toHub88(answer.balance) }),
  };
}
