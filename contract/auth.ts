import { z } from 'zod/mini';
import type { Call } from './call';
import { userInfoSchema } from './user';

/**
 * Area codes we accept, with the country libphonenumber-js validates against and the trunk prefix
 * people dial before a national number at home ("0917 ..." in the Philippines, "1 415 ..." in the US;
 * Spain has none).
 */
export const AREA_CODES = [
  { areaCode: '63', country: 'PH', trunkPrefix: '0' },
  { areaCode: '91', country: 'IN', trunkPrefix: '0' },
  { areaCode: '1', country: 'US', trunkPrefix: '1' },
  { areaCode: '34', country: 'ES', trunkPrefix: '' },
  { areaCode: '82', country: 'KR', trunkPrefix: '0' },
  { areaCode: '86', country: 'CN', trunkPrefix: '0' },
] as const;
export type AreaCode = (typeof AREA_CODES)[number]['areaCode'];

const areaCodeEntry = (areaCode: string) => AREA_CODES.find((a) => a.areaCode === areaCode);

/** Spaces (also no-break), dashes, dots, slashes and brackets that people type or paste inside a number. */
export const stripPhoneSeparators = (raw: string): string =>
  raw.replace(/[\s\u00a0\-\u2010-\u2015./()]/g, '');

/**
 * The supported area code an international number ("+82 10 ...") starts with. Country codes are a
 * prefix code (no code begins another), so the first match is the only one.
 */
export function areaCodeOf(typed: string): AreaCode | undefined {
  const number = stripPhoneSeparators(typed);
  if (!number.startsWith('+')) return undefined;
  return AREA_CODES.find((a) => number.startsWith(`+${a.areaCode}`))?.areaCode;
}

/**
 * The national number as accounts store it ("9171234567" for +63): without separators, without a
 * leading "+<this area code>" and without the trunk prefix. A "+" of another country stays, to be
 * refused: the number contradicts the chosen area code.
 */
export function toNationalNumber(areaCode: string, typed: string): string {
  const entry = areaCodeEntry(areaCode);
  let number = stripPhoneSeparators(typed);
  if (!entry) return number;
  if (number.startsWith(`+${entry.areaCode}`)) number = number.slice(entry.areaCode.length + 1);
  if (entry.trunkPrefix && number.startsWith(entry.trunkPrefix)) {
    number = number.slice(entry.trunkPrefix.length);
  }
  // Nothing left ("+63", "0"): keep what was typed, so the shape check can say it is incomplete.
  return /^\d+$/.test(number) ? number : stripPhoneSeparators(typed);
}

/** Missing -> the field's own "required" code; present but not a string -> invalid_type. */
const requiredString = (code: string) =>
  z.string({ error: (issue) => (issue.input === undefined || issue.input === null ? code : 'invalid_type') });

export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 12;
export const SMS_CODE_LENGTH = 6;
export const SMS_RESEND_SECONDS = 60;

const areaCode = requiredString('phone_required').check(
  z.refine((v) => AREA_CODES.some((a) => a.areaCode === v), 'area_code_unsupported'),
);

/**
 * The number as typed, separators dropped; the request's own check below makes it the national number
 * and checks its shape. Whether that is a real number of the country is checked by the server (phone_wrong).
 */
const phone = requiredString('phone_required').check(
  z.overwrite(stripPhoneSeparators),
  z.minLength(1, 'phone_required'),
);

type PhoneFields = { areaCode: string; phone: string };

/**
 * The request-level half of the phone rule, where the area code is known: "+63 917 123 4567",
 * "0917-123-4567" and "917 123 4567" all become "9171234567" for +63, in the app and on the server
 * alike, so one person has one account. Another country's "+" code is a wrong number.
 */
const nationalPhone = [
  z.overwrite<PhoneFields>((value) => ({ ...value, phone: toNationalNumber(value.areaCode, value.phone) })),
  z.superRefine((value: PhoneFields, ctx) => {
    const issue = (message: string) =>
      ctx.addIssue({ code: 'custom', message, path: ['phone'], input: value.phone });
    // Empty: the field's own check said "required".
    if (value.phone === '') return;
    if (!/^\+?\d+$/.test(value.phone)) issue('phone_format');
    else if (value.phone.startsWith('+')) {
      issue(areaCodeOf(value.phone) === value.areaCode ? 'phone_format' : 'phone_wrong');
    } else if (!/^\d{4,15}$/.test(value.phone)) issue('phone_format');
  }),
] as const;

/** 6 to 12 characters; a longer one is refused, never truncated. */
export const passwordSchema = requiredString('password_required').check(
  z.minLength(1, 'password_required'),
  z.minLength(PASSWORD_MIN, 'password_length'),
  z.maxLength(PASSWORD_MAX, 'password_length'),
);

export const smsCodeSchema = requiredString('code_required').check(
  z.trim(),
  z.minLength(1, 'code_required'),
  z.regex(/^\d{6}$/, 'code_format'),
);

export const smsPurposeSchema = z.enum(['register', 'reset'], { error: 'purpose_invalid' });
export type SmsPurpose = z.infer<typeof smsPurposeSchema>;
/** What a code may be for: the public purposes, and a signed-in user's password change (profile.ts). */
export type SmsCodePurpose = SmsPurpose | 'password';

export const sendSmsRequestSchema = z
  .object({ areaCode, phone, purpose: smsPurposeSchema })
  .check(...nationalPhone);
export type SendSmsRequest = z.infer<typeof sendSmsRequestSchema>;
/** The same answer whether or not the phone has an account. */
export const sendSmsResponseSchema = z.object({ cooldownSeconds: z.int().check(z.nonnegative()) });

export const registerRequestSchema = z
  .object({
    areaCode,
    phone,
    password: passwordSchema,
    code: smsCodeSchema,
    inviteCode: z.optional(
      z
        .string()
        .check(
          z.trim(),
          z.maxLength(16, 'invite_code_format'),
          z.regex(/^[A-Za-z0-9]*$/, 'invite_code_format'),
        ),
    ),
    /** A registration link's code (/register?link=...): binds to the agent who made it, with its preset. */
    link: z.optional(
      z
        .string()
        .check(z.trim(), z.maxLength(32, 'link_not_found'), z.regex(/^[A-Za-z0-9_-]*$/, 'link_not_found')),
    ),
  })
  .check(...nationalPhone);
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

export const loginRequestSchema = z
  .object({
    areaCode,
    phone,
    // Login accepts any length up to a bound so old or mistyped passwords get "wrong credentials".
    password: requiredString('password_required').check(
      z.minLength(1, 'password_required'),
      z.maxLength(128, 'too_long'),
    ),
  })
  .check(...nationalPhone);
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const sessionResponseSchema = z.object({
  token: z.string(),
  tokenHead: z.string(),
  user: userInfoSchema,
});
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

export const tokenLoginRequestSchema = z.object({
  token: requiredString('token_required').check(
    z.minLength(1, 'token_required'),
    z.maxLength(256, 'too_long'),
  ),
});
export const tokenLoginResponseSchema = z.object({ user: userInfoSchema });

export const forgotPasswordRequestSchema = z
  .object({
    areaCode,
    phone,
    code: smsCodeSchema,
    password: passwordSchema,
  })
  .check(...nationalPhone);
export type ForgotPasswordRequest = z.infer<typeof forgotPasswordRequestSchema>;

export const emptyResponseSchema = z.null();

/** username = area code, '+', phone (spec section 3). */
export const toUsername = (a: string, p: string): string => `${a}+${p}`;

// ---- calls (spec section 7, /cplogin)

export const sendSmsCall = {
  method: 'POST',
  path: '/cplogin/sendsms',
  summary: 'Send a verification code by SMS',
  input: sendSmsRequestSchema,
  answer: sendSmsResponseSchema,
  access: 'public',
} satisfies Call;

export const registerCall = {
  method: 'POST',
  path: '/cplogin/reg',
  summary: 'Register with phone, code and password',
  input: registerRequestSchema,
  answer: sessionResponseSchema,
  access: 'public',
} satisfies Call;

export const loginCall = {
  method: 'POST',
  path: '/cplogin/login',
  summary: 'Sign in with phone and password',
  input: loginRequestSchema,
  answer: sessionResponseSchema,
  access: 'public',
} satisfies Call;

/** The user of a stored token; public because the token travels in the body, as the spec has it. */
export const tokenLoginCall = {
  method: 'POST',
  path: '/cplogin/tokenLogin',
  summary: 'Sign in again with a stored token',
  input: tokenLoginRequestSchema,
  answer: tokenLoginResponseSchema,
  access: 'public',
} satisfies Call;

export const logoutCall = {
  method: 'POST',
  path: '/cplogin/logout',
  summary: 'Sign out, revoking the token',
  answer: emptyResponseSchema,
  access: 'user',
} satisfies Call;

export const forgotPasswordCall = {
  method: 'POST',
  path: '/cplogin/forgotpwd',
  summary: 'Reset a forgotten password with an SMS code',
  input: forgotPasswordRequestSchema,
  answer: emptyResponseSchema,
  access: 'public',
} satisfies Call;
