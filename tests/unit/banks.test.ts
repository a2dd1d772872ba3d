import { describe, expect, it } from 'vitest';
import { AREA_CODES } from '#contract/auth';
import {
  BANK_COUNTRIES,
  bankAccountIssues,
  bankCountryFor,
  bankName,
  findBank,
  fitsDigits,
} from '#contract/banks';
import { bankCardInputSchema, bankCardInputSchemaFor } from '#contract/wallet';

const country = (code: 'PH' | 'IN') => {
  const found = BANK_COUNTRIES.find((c) => c.code === code);
  if (!found) throw new Error(code);
  return found;
};
const PH = country('PH');
const IN = country('IN');

const codesOf = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => (result.error?.issues ?? []).map((i) => `${String(i.path[0])}:${i.message}`);

describe('the bank data', () => {
  it('has unique codes across countries, area codes the sign-up offers, and each PH bank’s published length', () => {
    const codes = BANK_COUNTRIES.flatMap((c) => c.banks.map((b) => b.code));
    expect(new Set(codes).size).toBe(codes.length);
    for (const c of BANK_COUNTRIES) expect(AREA_CODES.map((a) => a.areaCode)).toContain(c.areaCode);
    expect(Object.fromEntries(PH.banks.map((b) => [b.name, b.digits]))).toEqual({
      'BDO Unibank': { lengths: [10, 12] },
      BPI: { lengths: [10] },
      Metrobank: { lengths: [13] },
      Landbank: { lengths: [10] },
      PNB: { lengths: [12] },
      'Security Bank': { lengths: [13] },
      UnionBank: { lengths: [12] },
      RCBC: { lengths: [10] },
      'China Bank': { lengths: [12] },
      'EastWest Bank': { lengths: [12] },
    });
    expect(PH.ifsc).toBe(false);
    expect(IN.ifsc).toBe(true);
    expect(IN.banks.map((b) => b.name)).toContain('HDFC Bank');
  });

  it('names a code, and shows an unknown one as it is', () => {
    expect(bankName('BDO')).toBe('BDO Unibank');
    expect(bankName('UTIB')).toBe('Axis Bank');
    expect(bankName('Gone Bank')).toBe('Gone Bank');
    expect(findBank('HDFC')?.country.code).toBe('IN');
    expect(findBank('hdfc')).toBeUndefined();
  });

  it('fits lengths exactly or within a range', () => {
    expect(fitsDigits({ lengths: [10, 12] }, 11)).toBe(false);
    expect(fitsDigits({ lengths: [10, 12] }, 12)).toBe(true);
    expect(fitsDigits({ min: 9, max: 18 }, 8)).toBe(false);
    expect(fitsDigits({ min: 9, max: 18 }, 18)).toBe(true);
    expect(fitsDigits({ min: 9, max: 18 }, 19)).toBe(false);
  });
});

describe('whose banks a user adds', () => {
  it('follows the account’s area code, else the site’s country, else the Philippines', () => {
    expect(bankCountryFor('63', 'IN').code).toBe('PH');
    expect(bankCountryFor('91', 'PH').code).toBe('IN');
    expect(bankCountryFor('34', 'IN').code).toBe('IN');
    expect(bankCountryFor('34', 'ES').code).toBe('PH');
    expect(bankCountryFor(undefined, undefined).code).toBe('PH');
  });
});

describe('a bank account’s rules', () => {
  const bdo = {
    kind: 'bank',
    holderName: 'Juan',
    bank: 'BDO',
    cardNumber: '001234567890',
    phone: '9171234567',
  };
  const hdfc = { ...bdo, bank: 'HDFC', cardNumber: '50100012345678', ifsc: 'hdfc0001234' };

  it('takes a BDO account without IFSC, and an Indian one with it', () => {
    expect(bankCardInputSchema.safeParse(bdo).success).toBe(true);
    expect(bankCardInputSchemaFor(PH).safeParse(bdo).success).toBe(true);
    const parsed = bankCardInputSchemaFor(IN).safeParse(hdfc);
    expect(parsed.success && parsed.data.ifsc).toBe('HDFC0001234');
  });

  it.each([
    [{ cardNumber: '00123456789' }, ['cardNumber:card_number_format']],
    [{ cardNumber: '0012345678901' }, ['cardNumber:card_number_format']],
    [{ cardNumber: '0012345678' }, []],
    [{ cardNumber: '00123x567890' }, ['cardNumber:card_number_format']],
    // Forms show a field's first problem.
    [{ cardNumber: '' }, ['cardNumber:card_number_required', 'cardNumber:card_number_format']],
    [{ bank: 'MBTC', cardNumber: '001234567890' }, ['cardNumber:card_number_format']],
    [{ bank: 'MBTC', cardNumber: '0012345678901' }, []],
    [{ bank: 'Nowhere' }, ['bank:bank_required']],
    [{ phone: '917123456' }, ['phone:bank_phone_format']],
  ])('a Philippine account with %j: %j', (change, codes) => {
    expect(codesOf(bankCardInputSchemaFor(PH).safeParse({ ...bdo, ...change }))).toEqual(codes);
  });

  it.each([
    [{ ifsc: undefined }, ['ifsc:ifsc_required']],
    [{ ifsc: '  ' }, ['ifsc:ifsc_required']],
    [{ ifsc: 'HDFC1001234' }, ['ifsc:ifsc_format']],
    [{ cardNumber: '12345678' }, ['cardNumber:card_number_format']],
    [{ cardNumber: '123456789012345678' }, []],
    [{ cardNumber: '1234567890123456789' }, ['cardNumber:card_number_format']],
  ])('an Indian account with %j: %j', (change, codes) => {
    expect(codesOf(bankCardInputSchemaFor(IN).safeParse({ ...hdfc, ...change }))).toEqual(codes);
    // The server's route, which knows no user, holds the same rules from the bank itself.
    expect(codesOf(bankCardInputSchema.safeParse({ ...hdfc, ...change }))).toEqual(codes);
  });

  it('counts a bank of another country as none selected', () => {
    expect(bankAccountIssues(hdfc, PH)).toEqual([{ path: 'bank', code: 'bank_required' }]);
    expect(bankAccountIssues(bdo, IN)).toEqual([
      { path: 'bank', code: 'bank_required' },
      { path: 'ifsc', code: 'ifsc_required' },
    ]);
    expect(bankAccountIssues(bdo)).toEqual([]);
  });

  it('asks the country’s fields before a bank is chosen, with every other problem', () => {
    expect(codesOf(bankCardInputSchemaFor(IN).safeParse({ kind: 'bank' }))).toEqual([
      'holderName:holder_name_required',
      'bank:bank_required',
      'cardNumber:card_number_required',
      'phone:bank_phone_format',
      'ifsc:ifsc_required',
    ]);
    expect(codesOf(bankCardInputSchemaFor(PH).safeParse({ kind: 'bank' }))).not.toContain(
      'ifsc:ifsc_required',
    );
  });
});
