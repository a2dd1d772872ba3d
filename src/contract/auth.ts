import { z } from 'zod/mini';
import { userInfoSchema } from './user';

/** Area codes we accept, with the country libphonenumber-js validates against. */
export const AREA_CODES = [
  { areaCode: '63', country: 'PH' },
  { areaCode: '91', country: 'IN' },
  { areaCode: '1', country: 'US' },
  { areaCode: '34', country: 'ES' },
  { areaCode: '82', country: 'KR' },
  { areaCode: '86', country: 'CN' },
] as const;
export type AreaCode = (typeof AREA_CODES)[number]['areaCode'];

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

/** Digits only; whether it is a real number of that country is checked by the server (phone_wrong). */
const phone = requiredString('phone_required').check(
  z.trim(),
  z.minLength(1, 'phone_required'),
  z.maxLength(20, 'phone_format'),
  z.regex(/^\d{4,15}$/, 'phone_format'),
);

/** 6 to 12 characters; a longer one is refused, never truncated. */
export const passwordSchema = requiredString('password_required').check(
  z.minLength(1, 'password_required'),
  z.minLength(PASSWORD_MIN, 'password_length'),
  z.maxLength(PASSWORD_MAX, 'password_length'),
);

const smsCode = requiredString('code_required').check(
  z.trim(),
  z.minLength(1, 'code_required'),
  z.regex(/^\d{6}$/, 'code_format'),
);

export const smsPurposeSchema = z.enum(['register', 'reset'], { error: 'purpose_invalid' });
export type SmsPurpose = z.infer<typeof smsPurposeSchema>;

export const sendSmsRequestSchema = z.object({ areaCode, phone, purpose: smsPurposeSchema });
export type SendSmsRequest = z.infer<typeof sendSmsRequestSchema>;
/** The same answer whether or not the phone has an account. */
export const sendSmsResponseSchema = z.object({ cooldownSeconds: z.int().check(z.nonnegative()) });

export const registerRequestSchema = z.object({
  areaCode,
  phone,
  password: passwordSchema,
  code: smsCode,
  inviteCode: z.optional(
    z
      .string()
      .check(
        z.trim(),
        z.maxLength(16, 'invite_code_format'),
        z.regex(/^[A-Za-z0-9]*$/, 'invite_code_format'),
      ),
  ),
});
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

export const loginRequestSchema = z.object({
  areaCode,
  phone,
  // Login accepts any length up to a bound so old or mistyped passwords get "wrong credentials".
  password: requiredString('password_required').check(
    z.minLength(1, 'password_required'),
    z.maxLength(128, 'too_long'),
  ),
});
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

export const forgotPasswordRequestSchema = z.object({
  areaCode,
  phone,
  code: smsCode,
  password: passwordSchema,
});
export type ForgotPasswordRequest = z.infer<typeof forgotPasswordRequestSchema>;

export const emptyResponseSchema = z.null();

/** username = area code, '+', phone (spec section 3). */
export const toUsername = (a: string, p: string): string => `${a}+${p}`;
