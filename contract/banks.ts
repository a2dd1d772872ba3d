/**
 * The banks a withdrawal can be paid to, per country, and what an account at each needs (issue 11).
 * Shared by the app (/AddCard shows only the user's country's banks and fields) and the server (which
 * checks the same rules). `code` is stored and sent as `bank` on the wire; `name` is shown, untranslated
 * (a bank's own name).
 *
 * The user's country comes from the area code of the account (username "63+9171234567"), else from the
 * site's country (sites.country), else the Philippines: the product's peso and its demo accounts are
 * Philippine.
 */

export type BankCountryCode = 'PH' | 'IN';

/** Allowed account-number lengths, digits only: exact lengths, or a range. */
export type AccountDigits =
  | { readonly lengths: readonly number[] }
  | { readonly min: number; readonly max: number };

export interface Bank {
  readonly code: string;
  readonly name: string;
  readonly digits: AccountDigits;
}

export interface BankCountry {
  readonly code: BankCountryCode;
  /** The phone area code of this country's users (AREA_CODES in auth.ts). */
  readonly areaCode: string;
  /** Indian transfers are routed by the branch's IFSC code; elsewhere the field does not exist. */
  readonly ifsc: boolean;
  readonly banks: readonly Bank[];
}

/** RBI's format: 4 letters (the bank), a 0 (reserved), 6 letters or digits (the branch). */
export const IFSC_PATTERN = /^[A-Z]{4}0[A-Z0-9]{6}$/;

/** Indian banks number accounts differently from one another; 9 to 18 digits covers them all. */
const INDIA_DIGITS: AccountDigits = { min: 9, max: 18 };

export const BANK_COUNTRIES: readonly BankCountry[] = [
  {
    code: 'PH',
    areaCode: '63',
    ifsc: false,
    // The account-number lengths are each bank's published format (the number on the passbook and in
    // online banking, not the 16-digit ATM card number). BPI 10, Metrobank 13 and BDO 12 (10 for older
    // accounts) were checked against public descriptions of those formats; the others follow the
    // banks' customer guides as commonly quoted. Codes are our own short names, unique across countries.
    banks: [
      { code: 'BDO', name: 'BDO Unibank', digits: { lengths: [10, 12] } },
      { code: 'BPI', name: 'BPI', digits: { lengths: [10] } },
      { code: 'MBTC', name: 'Metrobank', digits: { lengths: [13] } },
      { code: 'LBP', name: 'Landbank', digits: { lengths: [10] } },
      { code: 'PNB', name: 'PNB', digits: { lengths: [12] } },
      { code: 'SECB', name: 'Security Bank', digits: { lengths: [13] } },
      { code: 'UBP', name: 'UnionBank', digits: { lengths: [12] } },
      { code: 'RCBC', name: 'RCBC', digits: { lengths: [10] } },
      { code: 'CBC', name: 'China Bank', digits: { lengths: [12] } },
      { code: 'EWB', name: 'EastWest Bank', digits: { lengths: [12] } },
    ],
  },
  {
    code: 'IN',
    areaCode: '91',
    ifsc: true,
    // Codes are the banks' IFSC prefixes.
    banks: [
      { code: 'SBIN', name: 'State Bank of India', digits: INDIA_DIGITS },
      { code: 'HDFC', name: 'HDFC Bank', digits: INDIA_DIGITS },
      { code: 'ICIC', name: 'ICICI Bank', digits: INDIA_DIGITS },
      { code: 'UTIB', name: 'Axis Bank', digits: INDIA_DIGITS },
      { code: 'PUNB', name: 'Punjab National Bank', digits: INDIA_DIGITS },
      { code: 'BARB', name: 'Bank of Baroda', digits: INDIA_DIGITS },
      { code: 'KKBK', name: 'Kotak Mahindra Bank', digits: INDIA_DIGITS },
      { code: 'CNRB', name: 'Canara Bank', digits: INDIA_DIGITS },
    ],
  },
];

export const DEFAULT_BANK_COUNTRY: BankCountryCode = 'PH';

/** Every bank's code, of every country: the wire's `bank` is one of these (an enum in the OpenAPI document). */
export const BANK_CODES = BANK_COUNTRIES.flatMap((c) => c.banks.map((b) => b.code)) as [string, ...string[]];

const byCode = (code: string | null | undefined): BankCountry | undefined =>
  BANK_COUNTRIES.find((c) => c.code === code);

/** The bank of this code, with its country; undefined when no country has it. */
export function findBank(code: string): { bank: Bank; country: BankCountry } | undefined {
  for (const country of BANK_COUNTRIES) {
    const bank = country.banks.find((b) => b.code === code);
    if (bank) return { bank, country };
  }
  return undefined;
}

/** What to show for a stored code; an unknown one (e.g. a bank since removed) as it is. */
export const bankName = (code: string): string => findBank(code)?.bank.name ?? code;

/** The banks a user may add: by the account's area code, else the site's country, else the default. */
export function bankCountryFor(
  areaCode: string | null | undefined,
  siteCountry: string | null | undefined,
): BankCountry {
  const country =
    BANK_COUNTRIES.find((c) => c.areaCode === areaCode) ??
    byCode(siteCountry) ??
    byCode(DEFAULT_BANK_COUNTRY);
  if (!country) throw new Error('banks: no default country');
  return country;
}

export const fitsDigits = (digits: AccountDigits, length: number): boolean =>
  'lengths' in digits ? digits.lengths.includes(length) : length >= digits.min && length <= digits.max;

export type BankAccountIssue = {
  path: 'bank' | 'cardNumber' | 'ifsc';
  code: 'bank_required' | 'card_number_format' | 'ifsc_required' | 'ifsc_format';
};

/**
 * The rules an account's bank sets (values as sent: this also runs on input that failed other checks).
 * With `country` (the user's): a bank of another country counts as none selected, and the country's
 * fields are required even before a bank is chosen. Without: the bank's own country.
 */
export function bankAccountIssues(
  account: { bank?: unknown; cardNumber?: unknown; ifsc?: unknown },
  country?: BankCountry,
): BankAccountIssue[] {
  const issues: BankAccountIssue[] = [];
  const found = typeof account.bank === 'string' ? findBank(account.bank) : undefined;
  if (country && found && found.country.code !== country.code)
    issues.push({ path: 'bank', code: 'bank_required' });
  const rules = country ?? found?.country;
  if (!rules) return issues;
  if (rules.ifsc) {
    const ifsc = typeof account.ifsc === 'string' ? account.ifsc.trim().toUpperCase() : '';
    if (ifsc === '') issues.push({ path: 'ifsc', code: 'ifsc_required' });
    else if (!IFSC_PATTERN.test(ifsc)) issues.push({ path: 'ifsc', code: 'ifsc_format' });
  }
  const number = typeof account.cardNumber === 'string' ? account.cardNumber.trim() : '';
  // Other characters are the card number field's own problem; here only the bank's length.
  if (
    found &&
    found.country.code === rules.code &&
    /^\d+$/.test(number) &&
    !fitsDigits(found.bank.digits, number.length)
  )
    issues.push({ path: 'cardNumber', code: 'card_number_format' });
  return issues;
}
