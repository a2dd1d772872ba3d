/**
 * The wallet's wire contract (issue 6): balances, deposits, withdrawal methods, withdrawals, the safe,
 * transfers by UID and records. Each call is declared once at the end
 * of this file (`xxxCall`, decision 0015): path, input, answer, who may call it and whether it moves money.
 * Every call is POST under /api with a JSON body and answers the envelope `{ status, message, data }`
 * (envelope.ts), except the sandbox provider's pay page (`raw`: a GET and its form's POST, answering HTML).
 *
 * Money on the wire is a decimal number with at most 2 decimals (`money` below); the server stores
 * integer minor units (cents) and answers exact 2-decimal values, which the app displays rounded DOWN.
 * Times are epoch milliseconds. Lists are pages of at most 50 (paging.ts).
 *
 * Calls that move money (`movesMoney`) need the header `Idempotency-Key` (IDEMPOTENCY_KEY_HEADER, 1-100
 * visible ASCII characters, one fresh value per user action, reused on retry). Keys are scoped per user. A
 * replay with the same body answers the first (successful) answer again and moves nothing (header
 * `Idempotent-Replayed: true`); the same key with a different body is refused with 422
 * (`idempotency_key_reused`); a concurrent duplicate waits for the first and then gets its answer. A
 * request that failed moved nothing and is not remembered, so it may be retried with the same key.
 *
 * Withdrawals, transfers and moves out of the safe are confirmed with the 6-digit safe password; 5 wrong
 * ones in a row lock it for 15 minutes (429 `safe_locked`, data.retryAfter).
 *
 * The screens: /Deposit, /Cards with /AddCard and /AddZhiFuBao (withdrawal methods), /Withdraw,
 * /WithdrawStep/{id} and /WithdrawDetails, /Safe, /Transfer, /Records. The operators' review of withdrawals is
 * in admin/withdrawals.ts.
 */
import { z } from 'zod/mini';
import { emptyResponseSchema } from './auth';
import { BANK_CODES, type BankCountry, bankAccountIssues } from './banks';
import type { Call } from './call';
import { pageRequestSchema, pageSchema } from './paging';
import { recordTypeSchema } from './record-types';
import { txStateSchema } from './tx-states';

export const MONEY_DECIMALS = 2;
/** A sane upper bound for one amount (decimal units): far above any site limit, exact in minor units. */
export const MONEY_MAX = 100_000_000;
export const DEPOSIT_MIN = 1;
export const DEPOSIT_MAX = 1_000_000;
export const DEPOSIT_EXPIRY_MINUTES = 30;
export const SAFE_PASSWORD_LENGTH = 6;
export const SAFE_MAX_TRIES = 5;
export const SAFE_LOCK_MINUTES = 15;
export const MAX_WITHDRAW_METHODS = 10;

/** Missing -> the field's own "required" code; present but not the right type -> invalid_type. */
const required = (code: string) => ({
  error: (issue: { input: unknown }) =>
    issue.input === undefined || issue.input === null ? code : 'invalid_type',
});

/**
 * Exactly a whole number of cents: the number is the one a decimal with at most 2 decimals stands for.
 * JavaScript writes a number as the shortest decimal that reads back to it, so 0.29 (the number JSON
 * "0.29" gives) passes, while 1e-9, 0.001, 0.005, 1.005 and 0.1 + 0.2 (0.30000000000000004) do not:
 * no tolerance, so no amount that rounds to a different (or zero) number of cents is ever taken.
 */
export const isWholeCents = (v: number): boolean =>
  Number.isFinite(v) && /^-?\d+(\.\d{1,2})?$/.test(String(v));

/**
 * A check that runs only on a value no earlier check refused, so a value out of bounds gets one issue, not
 * also one for its decimals (the bounds are zod checks, so the OpenAPI document says them; a refine's rule is
 * not said there, so a refine's field also says it in its description).
 */
export const ifNoIssueYet = {
  when: (payload: { issues: readonly unknown[] }) => payload.issues.length === 0,
};

/** Said in the document: JSON Schema's multipleOf 0.01 is refused by common validators for 0.07 or 2.03. */
export const TWO_DECIMALS = 'At most 2 decimals.';

/** Decimal amount -> integer minor units (cents); exact for the whole-cent amounts `money` accepts. */
export const toMinor = (v: number): number => Math.round(v * 100);
/** Integer minor units -> the wire's exact 2-decimal amount. */
export const toMoney = (minor: number): number => minor / 100;

/**
 * A positive whole number of cents, at most MONEY_MAX: every call that moves money takes its amount
 * through this. `amount_required` when missing, `amount_invalid` when not a positive finite number that
 * is exactly a whole number of cents (isWholeCents) or above MONEY_MAX.
 */
export const money = z
  .number({
    // A number that is not finite (1e400 in JSON reads as Infinity) is a wrong amount, not a wrong type.
    error: (issue: { input: unknown }) =>
      issue.input === undefined || issue.input === null
        ? 'amount_required'
        : typeof issue.input === 'number'
          ? 'amount_invalid'
          : 'invalid_type',
  })
  .check(
    z.gt(0, 'amount_invalid'),
    z.lte(MONEY_MAX, 'amount_invalid'),
    z.refine(isWholeCents, { error: 'amount_invalid', ...ifNoIssueYet }),
    z.describe(`An amount (decimal units), more than 0. ${TWO_DECIMALS}`),
  );

/** An amount in an answer: exact 2 decimals, may be zero (balances) or negative (record outflows). */
export const moneyValue = z.number();

const id = z.int(required('required')).check(z.positive('invalid_type'));

// ---- account

export const channelBalanceSchema = z.object({ name: z.string(), balance: moneyValue });

/**
 * Spec section 3. totalCoin = main balance (withdrawable + locked); canWithdrawCoin = withdrawable;
 * lockedCoin = totalCoin - canWithdrawCoin (bonus and funds held by withdrawals under way);
 * channelData = one balance per game channel (in-game = their sum, inGameCoin); safeCoin = the safe,
 * which is not part of totalCoin.
 */
export const secondaryInfoSchema = z.object({
  totalCoin: moneyValue,
  canWithdrawCoin: moneyValue,
  lockedCoin: moneyValue,
  inGameCoin: moneyValue,
  safeCoin: moneyValue,
  phone: z.string(),
  channelData: z.array(channelBalanceSchema),
});
export type SecondaryInfo = z.infer<typeof secondaryInfoSchema>;

/** historySteam: the accumulated successful deposits (decimal units); a level is reached at its needSteam. */
export const levelMetaSchema = z.object({
  level: z.int().check(z.gte(0)),
  needSteam: moneyValue,
  headerPicture: z.string(),
  vipPicture: z.string(),
});
export const levelDataSchema = z.object({
  vipState: z.object({ level: z.int().check(z.gte(0)), historySteam: moneyValue }),
  meta: z.array(levelMetaSchema),
  /** historySteam / the next level's needSteam, as a percentage capped at 100 (100 at the top level). */
  progress: z.number().check(z.gte(0), z.lte(100)),
});
export type LevelData = z.infer<typeof levelDataSchema>;

// ---- deposits

export const depositCreateRequestSchema = z.object({
  amount: money.check(z.gte(DEPOSIT_MIN, 'amount_invalid'), z.lte(DEPOSIT_MAX, 'amount_invalid')),
  /**
   * The bonus offer the player opted in to, at the version whose terms they read (/bonus/offers with this
   * deposit): granted when the deposit completes, if it still applies then. 409 `offer_unavailable` when it
   * does not apply to this deposit now, `offer_changed` when its terms changed since.
   */
  bonusOffer: z.optional(z.object({ id, version: id })),
});
export type DepositCreateRequest = z.infer<typeof depositCreateRequestSchema>;

export const depositOrderSchema = z.object({
  orderNo: z.string(),
  amount: moneyValue,
  state: z.enum(['Prepare', 'Success', 'Fail']),
  /** Same-origin path of the provider's pay page; open it to pay. */
  payUrl: z.string(),
  provider: z.string(),
  createdAt: z.number(),
  expiresAt: z.number(),
  completedAt: z.nullable(z.number()),
  failReason: z.nullable(z.string()),
});
export type DepositOrder = z.infer<typeof depositOrderSchema>;
export const depositPageSchema = pageSchema(depositOrderSchema);

export const orderNoRequestSchema = z.object({
  orderNo: z.string(required('required')).check(z.minLength(1, 'required'), z.maxLength(64, 'too_long')),
});

/** The pay page's address (DepositOrder.payUrl): the token makes it the owner's alone. */
export const sandboxPayQuerySchema = z.extend(orderNoRequestSchema, {
  token: z._default(z.string().check(z.maxLength(128, 'too_long')), ''),
});

/** What the pay page's buttons post (a plain form): the order, its pay token and the button pressed. */
export const sandboxPayFormSchema = z.extend(sandboxPayQuerySchema, {
  action: z.enum(['pay', 'cancel'], { error: 'invalid_type' }),
});

/**
 * The sandbox provider's callback. sign = hex HMAC-SHA256 of
 * `${orderNo}|${amount.toFixed(2)}|${status}|${providerRef}|${timestamp}` with the provider secret.
 */
export const sandboxCallbackSchema = z.object({
  orderNo: z.string(required('required')).check(z.minLength(1, 'required'), z.maxLength(64, 'too_long')),
  // Signed as amount.toFixed(2): anything but whole cents would be signed as another amount.
  amount: z
    .number(required('required'))
    .check(z.refine(isWholeCents, 'amount_invalid'), z.describe(`The amount paid. ${TWO_DECIMALS}`)),
  status: z.enum(['paid', 'failed'], { error: 'invalid_type' }),
  providerRef: z.string(required('required')).check(z.minLength(1, 'required'), z.maxLength(64, 'too_long')),
  timestamp: z.int(required('required')),
  sign: z.string(required('required')).check(z.regex(/^[0-9a-f]{64}$/, 'signature_invalid')),
});
export type SandboxCallback = z.infer<typeof sandboxCallbackSchema>;
export const sandboxCallbackResponseSchema = z.object({ orderNo: z.string(), state: txStateSchema });

// ---- withdrawal methods

/** E-wallets offered on /AddZhiFuBao. */
export const WALLET_TYPES = ['GCash', 'Maya', 'Paytm', 'PhonePe', 'Google Pay'] as const;

const holderName = z
  .string(required('holder_name_required'))
  .check(z.trim(), z.minLength(1, 'holder_name_required'), z.maxLength(60, 'too_long'));

const bankCardFields = z.object({
  id: z.optional(id),
  kind: z.literal('bank'),
  holderName,
  /** A bank code of banks.ts. */
  bank: z.enum(BANK_CODES, {
    error: (i: { input: unknown }) =>
      i.input === undefined || i.input === null || typeof i.input === 'string'
        ? 'bank_required'
        : 'invalid_type',
  }),
  /** The account number; its length is the bank's (banks.ts). */
  cardNumber: z
    .string(required('card_number_required'))
    .check(z.trim(), z.minLength(1, 'card_number_required'), z.regex(/^\d{1,24}$/, 'card_number_format')),
  /** Required only by a country that routes by IFSC (India); ignored elsewhere. */
  ifsc: z.optional(z.string({ error: 'invalid_type' }).check(z.trim(), z.toUpperCase())),
  phone: z.string(required('bank_phone_format')).check(z.trim(), z.regex(/^\d{10}$/, 'bank_phone_format')),
});

/**
 * A bank account with its bank's rules (banks.ts). `country`, the user's, is given by the app, which
 * offers only that country's banks; the server's route checks the bank's own rules, then the service the
 * user's country (which needs the account).
 */
export const bankCardInputSchemaFor = (country?: BankCountry) =>
  bankCardFields.check(
    z.superRefine(
      (account, ctx) => {
        for (const issue of bankAccountIssues(account, country))
          ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.code });
      },
      // Also when another field is missing, so that a form shows every problem at once.
      { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
    ),
  );

export const bankCardInputSchema = bankCardInputSchemaFor();

export const eWalletInputSchema = z.object({
  id: z.optional(id),
  kind: z.literal('ewallet'),
  walletType: z.enum(WALLET_TYPES, { error: 'bank_required' }),
  account: z
    .string(required('account_required'))
    .check(z.trim(), z.minLength(1, 'account_required'), z.maxLength(60, 'too_long')),
  holderName,
});

export const withdrawMethodSaveRequestSchema = z.discriminatedUnion('kind', [
  bankCardInputSchema,
  eWalletInputSchema,
]);
export type WithdrawMethodSaveRequest = z.input<typeof withdrawMethodSaveRequestSchema>;

/** A saved method; numbers are answered masked except the last 4 digits. */
export const withdrawMethodSchema = z.discriminatedUnion('kind', [
  z.object({
    id: z.int(),
    kind: z.literal('bank'),
    holderName: z.string(),
    /** The bank's code (banks.ts; bankName() shows it). */
    bank: z.string(),
    cardNumberMasked: z.string(),
    /** Empty for a bank without IFSC. */
    ifsc: z.string(),
    phone: z.string(),
    createdAt: z.number(),
  }),
  z.object({
    id: z.int(),
    kind: z.literal('ewallet'),
    walletType: z.string(),
    accountMasked: z.string(),
    holderName: z.string(),
    createdAt: z.number(),
  }),
]);
export type WithdrawMethod = z.infer<typeof withdrawMethodSchema>;
export const withdrawMethodListSchema = z.array(withdrawMethodSchema);

export const idRequestSchema = z.object({ id });

// ---- safe password

export const safePasswordSchema = z
  .string(required('safe_password_format'))
  .check(z.regex(/^\d{6}$/, 'safe_password_format'));

export const safeInfoSchema = z.object({
  hasPassword: z.boolean(),
  balance: moneyValue,
  /** Epoch ms until which wrong tries lock the password, or null. */
  lockedUntil: z.nullable(z.number()),
  triesLeft: z.int().check(z.gte(0)),
});
export type SafeInfo = z.infer<typeof safeInfoSchema>;

export const safeSetPasswordRequestSchema = z.object({ password: safePasswordSchema });
export const safeChangePasswordRequestSchema = z.object({
  oldPassword: safePasswordSchema,
  password: safePasswordSchema,
});
export const safeDepositRequestSchema = z.object({ amount: money });
export const safeWithdrawRequestSchema = z.object({ amount: money, safePassword: safePasswordSchema });
export const safeMoveResultSchema = z.object({
  recordId: z.int(),
  amount: moneyValue,
  safeBalance: moneyValue,
  canWithdrawCoin: moneyValue,
});
export type SafeMoveResult = z.infer<typeof safeMoveResultSchema>;

// ---- withdrawals

/** Arrival estimate shown on /WithdrawStep (spec section 9). */
export const ARRIVAL_ESTIMATE = {
  ewallet: { minMinutes: 1, maxMinutes: 12 * 60 },
  bank: { minMinutes: 0, maxMinutes: 24 * 60 },
} as const;

/** A player's consent to lose one bonus requirement's money, for the amount /bonus/forfeits showed. */
export const forfeitConsentSchema = z.object({ requirementId: id, amount: moneyValue });
export type ForfeitConsent = z.infer<typeof forfeitConsentSchema>;

export const withdrawCreateRequestSchema = z.object({
  amount: money,
  methodId: z.int(required('method_required')).check(z.positive('invalid_type')),
  safePassword: safePasswordSchema,
  /**
   * Needed when a bonus requirement that forfeits on withdrawal is open (409 `bonus_forfeit_required`
   * without it; 409 `bonus_forfeit_changed` when one now holds more than consented to or another opened).
   */
  forfeits: z.optional(z.array(forfeitConsentSchema).check(z.maxLength(50, 'too_long'))),
});
export type WithdrawCreateRequest = z.infer<typeof withdrawCreateRequestSchema>;

export const withdrawStepSchema = z.object({ state: txStateSchema, at: z.number() });

export const withdrawalSchema = z.object({
  id: z.int(),
  orderNo: z.string(),
  amount: moneyValue,
  state: txStateSchema,
  methodKind: z.enum(['bank', 'ewallet']),
  /** "BDO Unibank ****1234" or "GCash ****5678", as it was when the withdrawal was made. */
  methodLabel: z.string(),
  /** Why it failed (rejected or payout failed), else null. */
  reason: z.nullable(z.string()),
  /** The states passed so far with their times, Prepare first. */
  steps: z.array(withdrawStepSchema),
  arrival: z.object({ minMinutes: z.int(), maxMinutes: z.int() }),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type Withdrawal = z.infer<typeof withdrawalSchema>;
export const withdrawalPageSchema = pageSchema(withdrawalSchema);

// ---- transfers

export const transferRequestSchema = z.object({
  receiverUid: z.int(required('receiver_required')).check(z.positive('receiver_not_found')),
  amount: money,
  safePassword: safePasswordSchema,
});
export type TransferRequest = z.infer<typeof transferRequestSchema>;
export const transferResultSchema = z.object({
  recordId: z.int(),
  receiverUid: z.int(),
  amount: moneyValue,
  canWithdrawCoin: moneyValue,
  createdAt: z.number(),
});
export type TransferResult = z.infer<typeof transferResultSchema>;

// ---- records

export const recordsRequestSchema = z.extend(pageRequestSchema, {
  /** Omitted: every type. */
  type: z.optional(recordTypeSchema),
  /** Inclusive epoch-ms bounds on the record's creation time. */
  from: z.optional(z.int({ error: 'invalid_type' }).check(z.gte(0, 'invalid_type'))),
  to: z.optional(z.int({ error: 'invalid_type' }).check(z.gte(0, 'invalid_type'))),
});
export type RecordsRequest = z.input<typeof recordsRequestSchema>;

/**
 * What a game row of the records is: a move into a transfer channel, a move out of it, a move into it given
 * back because the provider refused it, or one seamless round (every bet, win and rollback of it, as its net).
 */
export const GAME_MOVES = ['channelIn', 'channelOut', 'channelReturned', 'round'] as const;
export const gameMoveSchema = z.enum(GAME_MOVES);
export type GameMove = z.infer<typeof gameMoveSchema>;

/**
 * One movement as the user sees it. amount is signed from the user's side of the main balance
 * (deposit +, withdraw -, transferOut -, transferIn +, safeIn -, safeOut +, game: the net for the main balance).
 */
export const walletRecordSchema = z.object({
  id: z.int(),
  type: recordTypeSchema,
  amount: moneyValue,
  state: txStateSchema,
  /** Deposit order number or withdrawal order number, when there is one. */
  orderNo: z.nullable(z.string()),
  /** The other user of a transfer. */
  counterpartyUid: z.nullable(z.int()),
  remark: z.nullable(z.string()),
  /** Of a `game` row read from the ledger (decision 0047): what moved, and the game channel's name. */
  game: z.nullable(z.object({ move: gameMoveSchema, channel: z.string() })),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type WalletRecord = z.infer<typeof walletRecordSchema>;
export const walletRecordPageSchema = pageSchema(walletRecordSchema);

// ---- calls (login required unless noted; /user/info is in user.ts)

export const secondaryInfoCall = {
  method: 'POST',
  path: '/user/secondaryInfo',
  summary: 'Read the balances',
  answer: secondaryInfoSchema,
  access: 'user',
} satisfies Call;

export const levelDataCall = {
  method: 'POST',
  path: '/user/levelData',
  summary: 'Read the VIP level and progress',
  answer: levelDataSchema,
  access: 'user',
} satisfies Call;

/** An order in Prepare with its payUrl; no money moves until the provider's signed callback says paid. */
export const depositCreateCall = {
  method: 'POST',
  path: '/wallet/deposit/create',
  summary: 'Create a deposit order',
  input: depositCreateRequestSchema,
  answer: depositOrderSchema,
  access: 'user',
  movesMoney: true,
} satisfies Call;

export const depositListCall = {
  method: 'POST',
  path: '/wallet/deposit/list',
  summary: "List the caller's deposit orders",
  input: pageRequestSchema,
  answer: depositPageSchema,
  access: 'user',
} satisfies Call;

export const depositDetailCall = {
  method: 'POST',
  path: '/wallet/deposit/detail',
  summary: 'Read one deposit order',
  input: orderNoRequestSchema,
  answer: depositOrderSchema,
  access: 'user',
} satisfies Call;

/** The sandbox provider's pay page (demo mode only): Pay / Cancel, for whoever holds the payUrl's token. */
export const sandboxPayPageCall = {
  method: 'GET',
  path: '/wallet/sandbox/pay',
  summary: 'Show the sandbox pay page (demo mode)',
  input: sandboxPayQuerySchema,
  answer: z.string(),
  access: 'public',
  raw: true,
} satisfies Call;

/**
 * The pay page's form, posted from this origin only: the sandbox sends itself the signed callback
 * below and answers an HTML result page.
 */
export const sandboxPayFormCall = {
  method: 'POST',
  path: '/wallet/sandbox/pay',
  summary: 'Pay or cancel on the sandbox pay page (demo mode)',
  input: sandboxPayFormSchema,
  answer: z.string(),
  access: 'public',
  raw: true,
} satisfies Call;

/**
 * The provider's callback (no login; HMAC-SHA256 signed by the provider). Prepare -> Success exactly
 * once on a signed "paid" callback; duplicates change nothing; a bad signature is refused (400
 * `signature_invalid`) and logged; an unpaid order turns Fail after DEPOSIT_EXPIRY_MINUTES.
 */
export const sandboxCallbackCall = {
  method: 'POST',
  path: '/wallet/sandbox/callback',
  summary: "Receive the payment provider's signed callback",
  input: sandboxCallbackSchema,
  answer: sandboxCallbackResponseSchema,
  access: 'public',
} satisfies Call;

export const cardsListCall = {
  method: 'POST',
  path: '/wallet/cards/list',
  summary: "List the caller's withdrawal methods",
  answer: withdrawMethodListSchema,
  access: 'user',
} satisfies Call;

/**
 * Adds a method, or edits the one with `id`. A bank account must be at a bank of the user's country
 * (banks.ts: the account's area code, else the site's country) and follow that bank's rules.
 */
export const cardsSaveCall = {
  method: 'POST',
  path: '/wallet/cards/save',
  summary: 'Add or replace a withdrawal method',
  input: withdrawMethodSaveRequestSchema,
  answer: withdrawMethodSchema,
  access: 'user',
} satisfies Call;

export const cardsDeleteCall = {
  method: 'POST',
  path: '/wallet/cards/delete',
  summary: 'Delete a withdrawal method',
  input: idRequestSchema,
  answer: emptyResponseSchema,
  access: 'user',
} satisfies Call;

/**
 * Prepare -> WaitReview (funds held: withdrawable -> locked) -> WaitExec (approved) -> Exec (payout
 * sent) -> Success (posted) | Fail (funds returned, with a reason). Reject: WaitReview -> Fail.
 */
export const withdrawCreateCall = {
  method: 'POST',
  path: '/wallet/withdraw/create',
  summary: 'Request a withdrawal',
  input: withdrawCreateRequestSchema,
  answer: withdrawalSchema,
  access: 'user',
  movesMoney: true,
} satisfies Call;

export const withdrawListCall = {
  method: 'POST',
  path: '/wallet/withdraw/list',
  summary: "List the caller's withdrawals",
  input: pageRequestSchema,
  answer: withdrawalPageSchema,
  access: 'user',
} satisfies Call;

export const withdrawDetailCall = {
  method: 'POST',
  path: '/wallet/withdraw/detail',
  summary: 'Read one withdrawal',
  input: idRequestSchema,
  answer: withdrawalSchema,
  access: 'user',
} satisfies Call;

export const safeInfoCall = {
  method: 'POST',
  path: '/wallet/safe/info',
  summary: 'Read the safe',
  answer: safeInfoSchema,
  access: 'user',
} satisfies Call;

/** Only when none is set. */
export const safeSetPasswordCall = {
  method: 'POST',
  path: '/wallet/safe/setPassword',
  summary: 'Set the safe password',
  input: safeSetPasswordRequestSchema,
  answer: safeInfoSchema,
  access: 'user',
} satisfies Call;

export const safeChangePasswordCall = {
  method: 'POST',
  path: '/wallet/safe/changePassword',
  summary: 'Change the safe password',
  input: safeChangePasswordRequestSchema,
  answer: safeInfoSchema,
  access: 'user',
} satisfies Call;

/** Main balance -> safe. */
export const safeDepositCall = {
  method: 'POST',
  path: '/wallet/safe/deposit',
  summary: 'Move money into the safe',
  input: safeDepositRequestSchema,
  answer: safeMoveResultSchema,
  access: 'user',
  movesMoney: true,
} satisfies Call;

/** Safe -> main balance. */
export const safeWithdrawCall = {
  method: 'POST',
  path: '/wallet/safe/withdraw',
  summary: 'Move money out of the safe',
  input: safeWithdrawRequestSchema,
  answer: safeMoveResultSchema,
  access: 'user',
  movesMoney: true,
} satisfies Call;

export const transferCall = {
  method: 'POST',
  path: '/wallet/transfer',
  summary: 'Transfer money to another user',
  input: transferRequestSchema,
  answer: transferResultSchema,
  access: 'user',
  movesMoney: true,
} satisfies Call;

export const recordsCall = {
  method: 'POST',
  path: '/wallet/records',
  summary: "List the caller's balance records",
  input: recordsRequestSchema,
  answer: walletRecordPageSchema,
  access: 'user',
} satisfies Call;
