// Hub88's wire mapped to the seamless core and back (decision 0054, server/modules/games/protocols/hub88/map.ts):
// players, amounts in 1/100,000 of the unit, and every core status as the Hub88 status of the call it answers.
import { describe, expect, it } from 'vitest';
import { HUB88_STATUSES } from '#contract/game-hub88';
import { PROVIDER_STATUSES, type ProviderStatus } from '#contract/game-provider';
import { hub88Answer, hub88Status, toHub88, toMinor } from '../../server/modules/games/protocols/hub88/map';
import { corePlayer, wirePlayer } from '../../server/modules/games/protocols/players';
import {
  FINER_THAN_A_CENT,
  ROLLED_BACK_BEFORE_IT_ARRIVED,
  WRONG_CURRENCY,
} from '../../server/modules/games/wallet-messages';

describe('players', () => {
  it('gives a user id of at least four characters and reads back only its own', () => {
    expect(wirePlayer(7)).toBe('beacon-7');
    expect(corePlayer('beacon-7')).toBe('7');
    expect(corePlayer('7')).toBe('');
    expect(corePlayer('other-7')).toBe('');
  });
});

describe('amounts', () => {
  it('a cent is 1,000 of Hub88’s units; what is finer is the fraction', () => {
    expect(toHub88(356)).toBe(356_000);
    expect(toMinor(356_000)).toEqual({ minor: 356, fraction: 0 });
    expect(toMinor(1)).toEqual({ minor: 0, fraction: 1 });
    expect(toMinor(100_999)).toEqual({ minor: 100, fraction: 999 });
    // The largest amount Beacon's wire takes (10^12 minor units) round-trips exactly.
    expect(toMinor(toHub88(1_000_000_000_000))).toEqual({ minor: 1_000_000_000_000, fraction: 0 });
  });
});

describe('statuses', () => {
  it('maps every core status to a status Hub88 documents, for every call', () => {
    for (const action of ['balance', 'bet', 'win', 'rollback'] as const)
      for (const status of PROVIDER_STATUSES)
        expect(HUB88_STATUSES).toContain(hub88Status(action, { status: status as ProviderStatus }));
  });

  it('tells the refusals apart by what the core says of them', () => {
    expect(
      hub88Status('bet', { status: 'DUPLICATE_TRANSACTION', message: ROLLED_BACK_BEFORE_IT_ARRIVED }),
    ).toBe('RS_ERROR_TRANSACTION_ROLLED_BACK');
    expect(hub88Status('bet', { status: 'DUPLICATE_TRANSACTION' })).toBe('RS_ERROR_DUPLICATE_TRANSACTION');
    expect(hub88Status('win', { status: 'ROUND_CLOSED' })).toBe('RS_ERROR_TRANSACTION_DOES_NOT_EXIST');
    expect(hub88Status('rollback', { status: 'ROUND_CLOSED' })).toBe('RS_ERROR_UNKNOWN');
    expect(hub88Status('bet', { status: 'INVALID_REQUEST', message: 'unknown game x' })).toBe(
      'RS_ERROR_INVALID_GAME',
    );
    expect(hub88Status('bet', { status: 'INVALID_REQUEST', message: WRONG_CURRENCY })).toBe(
      'RS_ERROR_WRONG_CURRENCY',
    );
    expect(hub88Status('bet', { status: 'LIMIT_REACHED', message: FINER_THAN_A_CENT })).toBe(
      'RS_ERROR_LIMIT_REACHED',
    );
    expect(hub88Status('bet', { status: 'INSUFFICIENT_FUNDS' })).toBe('RS_ERROR_NOT_ENOUGH_MONEY');
  });

  it('echoes the request it answers, with the balance in Hub88’s units', () => {
    expect(
      hub88Answer(
        'bet',
        { status: 'OK', balance: 1_250, transactionId: '9' },
        { request_uuid: 'r', user: 'beacon-1' },
        'PHP',
      ),
    ).toEqual({ status: 'RS_OK', request_uuid: 'r', user: 'beacon-1', currency: 'PHP', balance: 1_250_000 });
    expect(
      hub88Answer('win', { status: 'INVALID_TOKEN' }, { request_uuid: 'r', user: 'u' }, 'PHP'),
    ).not.toHaveProperty('balance');
  });
});
