import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BANK_COUNTRIES } from '#contract/banks';
import { sitesCall } from '#contract/site';
import { cardsDeleteCall, cardsListCall, cardsSaveCall } from '#contract/wallet';
import * as m0007 from '../../../server/db/migrations/0007_bank_countries';
import { updateSite } from '../../../server/modules/site/repository';
import { registerUser, serverForSuite } from '../harness';
import { expectLedgerSound, newUser, type WalletUser } from './helpers';

/**
 * Issue 11: the banks a user may add are those of the account's country (its area code), else of the
 * site's; each bank's account rules (IFSC for Indian banks, account-number length) hold on the server.
 */
const server = serverForSuite({ demoSeed: true });
let ph: WalletUser;
let india: WalletUser;
beforeAll(async () => {
  ph = await newUser(server, { safePassword: null });
  india = await newUser(server, { safePassword: null, india: true });
});
afterAll(async () => {
  await expectLedgerSound(server);
});

const bdo = {
  kind: 'bank',
  holderName: 'Juan Dela Cruz',
  bank: 'BDO',
  cardNumber: '001234567890',
  phone: '9171234567',
};
const hdfc = {
  kind: 'bank',
  holderName: 'Priya Sharma',
  bank: 'HDFC',
  cardNumber: '50100012345678',
  ifsc: 'HDFC0001234',
  phone: '9876543210',
};
const PH_BANKS = BANK_COUNTRIES.find((c) => c.code === 'PH')?.banks ?? [];

const save = (user: WalletUser, body: unknown) =>
  server.callUntyped(cardsSaveCall, body, { token: user.token });

describe('a Philippine user (+63)', () => {
  it('adds a BDO account without IFSC, shown by the bank’s name, and an IFSC sent anyway is not kept', async () => {
    const res = await save(ph, { ...bdo, ifsc: 'HDFC0001234' });
    expect(res.http).toBe(200);
    expect(res.data).toMatchObject({ bank: 'BDO', cardNumberMasked: '****7890', ifsc: '' });
    const tenDigits = await save(ph, { ...bdo, id: res.data.id, cardNumber: '0012345678' });
    expect(tenDigits.data).toMatchObject({ id: res.data.id, cardNumberMasked: '****5678' });
  });

  it.each(
    PH_BANKS.flatMap((bank) => {
      const lengths = 'lengths' in bank.digits ? bank.digits.lengths : [];
      return lengths.map((length) => [bank.code, length] as const);
    }),
  )('accepts %s with %i digits, refuses one digit fewer or more', async (code, length) => {
    const digits = (n: number) => '1234567890123456'.slice(0, n);
    const good = await save(ph, { ...bdo, bank: code, cardNumber: digits(length) });
    expect(good.http).toBe(200);
    expect(good.data).toMatchObject({ bank: code });
    for (const wrong of [length - 1, length + 1]) {
      // BDO takes 10 and 12: 11 is wrong for it, but 11 +- 1 are its own lengths.
      if (code === 'BDO' && (wrong === 10 || wrong === 12)) continue;
      const res = await save(ph, { ...bdo, bank: code, cardNumber: digits(wrong) });
      expect(res.http).toBe(400);
      expect(res.failure.issues).toEqual([
        expect.objectContaining({ path: 'cardNumber', code: 'card_number_format' }),
      ]);
    }
    await server.call(cardsDeleteCall, { id: good.data.id }, { token: ph.token });
  });

  it('refuses 11 digits at BDO and letters in the number', async () => {
    for (const cardNumber of ['00123456789', '00123456789a']) {
      const res = await save(ph, { ...bdo, cardNumber });
      expect(res.http).toBe(400);
      expect(res.failure.issues).toEqual([
        expect.objectContaining({ path: 'cardNumber', code: 'card_number_format' }),
      ]);
    }
  });

  it('refuses an Indian bank as no bank selected, and an IFSC-less Indian account as IFSC required', async () => {
    const indian = await save(ph, hdfc);
    expect(indian.http).toBe(400);
    expect(indian.failure.issues).toEqual([expect.objectContaining({ path: 'bank', code: 'bank_required' })]);
    const noIfsc = await save(ph, { ...hdfc, ifsc: undefined });
    expect(noIfsc.http).toBe(400);
    expect(noIfsc.failure.issues).toContainEqual(
      expect.objectContaining({ path: 'ifsc', code: 'ifsc_required' }),
    );
    const list = await server.call(cardsListCall, {}, { token: ph.token });
    expect(list.data.some((m) => 'bank' in m && m.bank === 'HDFC')).toBe(false);
  });

  it('keeps the 10-digit bank phone rule', async () => {
    const res = await save(ph, { ...bdo, phone: '917123456' });
    expect(res.failure.issues).toEqual([
      expect.objectContaining({ path: 'phone', code: 'bank_phone_format' }),
    ]);
  });
});

describe('an Indian user (+91)', () => {
  it('adds an HDFC account with its IFSC (upper-cased)', async () => {
    const res = await save(india, { ...hdfc, ifsc: ' hdfc0001234 ' });
    expect(res.http).toBe(200);
    expect(res.data).toMatchObject({ bank: 'HDFC', ifsc: 'HDFC0001234', cardNumberMasked: '****5678' });
  });

  it.each([
    [{ ...hdfc, ifsc: undefined }, 'ifsc', 'ifsc_required'],
    [{ ...hdfc, ifsc: '' }, 'ifsc', 'ifsc_required'],
    [{ ...hdfc, ifsc: 'HDFC1001234' }, 'ifsc', 'ifsc_format'],
    [{ ...hdfc, cardNumber: '12345678' }, 'cardNumber', 'card_number_format'],
    [{ ...hdfc, cardNumber: '1234567890123456789' }, 'cardNumber', 'card_number_format'],
    [bdo, 'bank', 'bank_required'],
  ])('refuses %j (%s: %s)', async (body, path, code) => {
    const res = await save(india, body);
    expect(res.http).toBe(400);
    expect(res.failure.issues).toContainEqual(expect.objectContaining({ path, code }));
  });
});

describe('a user whose area code names no bank country (+34)', () => {
  let spain: WalletUser;
  beforeAll(async () => {
    const account = await registerUser(server, undefined, '612345678', '34');
    spain = { token: account.token, uid: account.user.uid, id: 0, phone: account.phone };
  });

  it('adds the banks of the site’s country: the Philippines by default, India on an Indian site', async () => {
    expect((await save(spain, bdo)).http).toBe(200);
    expect((await save(spain, hdfc)).failure.issues).toEqual([
      expect.objectContaining({ path: 'bank', code: 'bank_required' }),
    ]);
    // The test server is reached as 127.0.0.1, one of the demo sites.
    await updateSite(server.db, '127.0.0.1', { country: 'IN' });
    try {
      expect((await save(spain, hdfc)).http).toBe(200);
      // And, an Indian site's banks needing one, the IFSC code is asked for too.
      expect((await save(spain, bdo)).failure.issues).toEqual([
        expect.objectContaining({ path: 'bank', code: 'bank_required' }),
        expect.objectContaining({ path: 'ifsc', code: 'ifsc_required' }),
      ]);
      const sites = await server.call(sitesCall, {});
      expect(sites.data.map((s) => s.country)).toEqual(['PH', 'IN']);
    } finally {
      await updateSite(server.db, '127.0.0.1', { country: 'PH' });
    }
  });
});

describe('migration 0007', () => {
  it('turns stored Indian bank names into codes, and back down', async () => {
    const user = await newUser(server, { safePassword: null, india: true });
    const saved = await save(user, hdfc);
    const row = () =>
      server.db
        .selectFrom('withdraw_methods')
        .select('bank')
        .where('id', '=', saved.data.id)
        .executeTakeFirstOrThrow();
    expect((await row()).bank).toBe('HDFC');
    await m0007.down(server.db);
    expect((await row()).bank).toBe('HDFC Bank');
    await m0007.up(server.db);
    expect((await row()).bank).toBe('HDFC');
    const sites = await server.db.selectFrom('sites').select('country').execute();
    expect(sites.map((s) => s.country)).toEqual(['PH', 'PH']);
  });
});
