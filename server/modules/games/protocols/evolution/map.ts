import {
  EVOLUTION_DECIMALS,
  type EvolutionAnswer,
  type EvolutionMethod,
  type EvolutionStatus,
} from '#contract/game-evolution';
import type { WalletAnswer } from '#contract/game-provider';
import { BET_NOT_SEEN, ROLLED_BACK_BEFORE_IT_ARRIVED } from '../../wallet-messages';
import { decimalUnits, minorAsNumber } from '../decimal';

/*
 * Evolution's One Wallet to the seamless core and back (decision 0054): amounts, ids and statuses. Plain
 * functions, so each rule is tested on its own (tests/unit/evolution-map.test.ts).
 */

/** Evolution's units (10^-6 of the unit) per ledger minor unit (a cent). */
const PER_MINOR = 10 ** (EVOLUTION_DECIMALS - 2);

/** An Evolution amount as minor units and what is left below the cent (in 10^-6), or null when it is not one. */
export function toMinor(amount: number): { minor: number; fraction: number } | null {
  const units = decimalUnits(amount, EVOLUTION_DECIMALS);
  if (units === null) return null;
  return { minor: Math.floor(units / PER_MINOR), fraction: units % PER_MINOR };
}

/** A cancel repeats its debit's id: the core is given one of its own, which never meets the bet's. */
export const cancelId = (debitId: string): string => `cancel:${debitId}`;
/** A promotion's payout in the core: a free bet opening its round, and the win that closes it. */
export const promoIds = (promoId: string) => ({
  round: `promo:${promoId}`,
  stake: `promo:${promoId}:stake`,
  win: `promo:${promoId}`,
});

/** The core's answer as Evolution's status, for the method it answers (decision 0054, "Statuses"). */
export function evolutionStatus(
  method: EvolutionMethod,
  answer: WalletAnswer,
  replay: boolean,
): EvolutionStatus {
  switch (answer.status) {
    case 'OK':
      // Evolution's licensee tests expect a repeated debit to be named, with nothing moved.
      if (method === 'debit' && replay) return 'BET_ALREADY_EXIST';
      // A cancel of a debit that never came: Evolution is told so (the id is kept, and refused if it comes).
      if (method === 'cancel' && answer.message === BET_NOT_SEEN) return 'BET_DOES_NOT_EXIST';
      return 'OK';
    case 'INSUFFICIENT_FUNDS':
      return 'INSUFFICIENT_FUNDS';
    case 'USER_BLOCKED':
      return 'ACCOUNT_LOCKED';
    case 'LIMIT_REACHED':
      return answer.message?.startsWith('bonus_max_bet')
        ? 'BONUS_LIMIT_EXCEEDED'
        : 'FINAL_ERROR_ACTION_FAILED';
    case 'INVALID_TOKEN':
    case 'TOKEN_EXPIRED':
      return 'INVALID_SID';
    case 'DUPLICATE_TRANSACTION':
      if (method !== 'debit') return 'BET_ALREADY_SETTLED';
      return answer.message === ROLLED_BACK_BEFORE_IT_ARRIVED
        ? 'FINAL_ERROR_ACTION_FAILED'
        : 'BET_ALREADY_EXIST';
    case 'TRANSACTION_NOT_FOUND':
      return 'BET_DOES_NOT_EXIST';
    case 'ROUND_CLOSED':
      return 'BET_ALREADY_SETTLED';
    case 'INVALID_REQUEST':
      return 'INVALID_PARAMETER';
    case 'INVALID_SIGNATURE':
      return 'INVALID_TOKEN_ID';
  }
}

/** The core's answer in Evolution's shape, echoing the request's uuid. */
export function evolutionAnswer(
  method: EvolutionMethod,
  answer: WalletAnswer,
  uuid: string,
  replay = false,
): EvolutionAnswer {
  return {
    status: evolutionStatus(method, answer, replay),
    uuid,
    ...(answer.balance === undefined ? {} : { balance: minorAsNumber(answer.balance), bonus: 0 }),
  };
}
