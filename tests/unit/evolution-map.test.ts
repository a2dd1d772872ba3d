// Evolution's One Wallet mapped to the seamless core and back (decision 0054,
// server/modules/games/protocols/evolution/map.ts), and the decimal amounts aggregators send
// (protocols/decimal.ts): read as the decimal text written, never through floating-point arithmetic.
import { describe, expect, it } from 'vitest';
import { EVOLUTION_STATUSES } from '#contract/game-evolution';
import { PROVIDER_STATUSES, type ProviderStatus } from '#contract/game-provider';
import { decimalUnits, minorAsNumber, minorAsText } from '../../server/modules/games/protocols/decimal';
import {
  cancelId,
  evolutionAnswer,
  evolutionStatus,
  promoIds,
  toMinor,
} from '../../server/modules/games/protocols/evolution/map';
import { BET_NOT_SEEN, ROLLED_BACK_BEFORE_IT_ARRIVED } from '../../server/modules/games/wallet-messages';

describe('decimal amounts', () => {
  it('reads the decimal written, to the unit asked', () => {
    expect(decimalUnits(1.25, 6)).toBe(1_250_000);
    expect(decimalUnits('1.25', 2)).toBe(125);
    expect(decimalUnits('10.00', 2)).toBe(1000);
    expect(decimalUnits(0, 6)).toBe(0);
    // 0.1 + 0.2 is not what anyone sends; 0.3 is, and reads as 0.3 exactly.
    expect(decimalUnits(0.3, 6)).toBe(300_000);
    expect(decimalUnits(1.005, 6)).toBe(1_005_000);
    expect(decimalUnits(123456789.123456, 6)).toBe(123_456_789_123_456);
  });

  it('refuses what is not a plain decimal of at most that many places', () => {
    for (const v of [-1, '−1', '1e3', 1e-7, '1.234', '', ' ', '.5', '1.', 'NaN', '0x10', '1,5'])
      expect(decimalUnits(v, 2), String(v)).toBeNull();
    expect(decimalUnits(1e21, 6)).toBeNull();
    expect(decimalUnits('999999999999999.99', 2)).toBeNull();
    // Trailing zeros are not places.
    expect(decimalUnits('1.2500000', 2)).toBe(125);
  });

  it('writes minor units back as the wire wants them', () => {
    expect(minorAsNumber(51_750)).toBe(517.5);
    expect(minorAsNumber(1)).toBe(0.01);
    expect(minorAsText(51_750)).toBe('517.50');
    expect(minorAsText(5)).toBe('0.05');
    expect(minorAsText(0)).toBe('0.00');
  });
});

describe('Evolution amounts and ids', () => {
  it('splits an amount into cents and the millionths below the cent', () => {
    expect(toMinor(12.5)).toEqual({ minor: 1250, fraction: 0 });
    expect(toMinor(1.009999)).toEqual({ minor: 100, fraction: 9999 });
    expect(toMinor(0.000001)).toEqual({ minor: 0, fraction: 1 });
    expect(toMinor(1e-7)).toBeNull();
  });

  it('gives a cancel and a promotion ids of their own, never the debit’s', () => {
    expect(cancelId('d-1')).toBe('cancel:d-1');
    expect(promoIds('p-1')).toEqual({ round: 'promo:p-1', stake: 'promo:p-1:stake', win: 'promo:p-1' });
  });
});

describe('statuses', () => {
  it('names every core status with one of Evolution’s', () => {
    for (const status of PROVIDER_STATUSES)
      for (const method of ['debit', 'credit', 'cancel', 'balance'] as const)
        expect(EVOLUTION_STATUSES).toContain(evolutionStatus(method, { status }, false));
  });

  it('tells a repeated debit, a cancel of an unseen debit and a debit cancelled first apart', () => {
    expect(evolutionStatus('debit', { status: 'OK' }, true)).toBe('BET_ALREADY_EXIST');
    expect(evolutionStatus('credit', { status: 'OK' }, true)).toBe('OK');
    expect(evolutionStatus('cancel', { status: 'OK', message: BET_NOT_SEEN }, false)).toBe(
      'BET_DOES_NOT_EXIST',
    );
    expect(evolutionStatus('cancel', { status: 'OK' }, false)).toBe('OK');
    const cancelledFirst = {
      status: 'DUPLICATE_TRANSACTION' as ProviderStatus,
      message: ROLLED_BACK_BEFORE_IT_ARRIVED,
    };
    expect(evolutionStatus('debit', cancelledFirst, false)).toBe('FINAL_ERROR_ACTION_FAILED');
    expect(evolutionStatus('debit', { status: 'DUPLICATE_TRANSACTION' }, false)).toBe('BET_ALREADY_EXIST');
    expect(evolutionStatus('credit', { status: 'DUPLICATE_TRANSACTION' }, false)).toBe('BET_ALREADY_SETTLED');
  });

  it('maps limits, sessions and settled bets as decision 0054 says', () => {
    const s = (status: ProviderStatus, message?: string) =>
      evolutionStatus('debit', { status, ...(message ? { message } : {}) }, false);
    expect(s('LIMIT_REACHED', 'bonus_max_bet 500')).toBe('BONUS_LIMIT_EXCEEDED');
    expect(s('LIMIT_REACHED', 'bets on x are 1-2')).toBe('FINAL_ERROR_ACTION_FAILED');
    expect(s('TOKEN_EXPIRED')).toBe('INVALID_SID');
    expect(s('INVALID_TOKEN')).toBe('INVALID_SID');
    expect(s('USER_BLOCKED')).toBe('ACCOUNT_LOCKED');
    expect(s('ROUND_CLOSED')).toBe('BET_ALREADY_SETTLED');
    expect(s('TRANSACTION_NOT_FOUND')).toBe('BET_DOES_NOT_EXIST');
    expect(s('INVALID_SIGNATURE')).toBe('INVALID_TOKEN_ID');
  });

  it('answers in Evolution’s shape: the uuid echoed, the balance as a decimal number with a bonus of 0', () => {
    expect(evolutionAnswer('debit', { status: 'OK', balance: 48_750 }, 'u-1')).toEqual({
      status: 'OK',
      uuid: 'u-1',
      balance: 487.5,
      bonus: 0,
    });
    expect(evolutionAnswer('check', { status: 'INVALID_TOKEN' }, 'u-2')).toEqual({
      status: 'INVALID_SID',
      uuid: 'u-2',
    });
  });
});
