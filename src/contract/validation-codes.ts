/**
 * Stable message codes: the server puts them in `data.issues[].code` (a field's problem) or `data.code`
 * (a failure of the whole call), zod schemas use them as messages, and the app translates each through
 * lingui (spec section 5). English texts here are the server's own wording for callers that do not translate.
 */
export const validationMessages = {
  required: 'This field is required',
  invalid_type: 'This field has the wrong type',
  too_long: 'This field is too long',
  phone_required: 'Phone number is required',
  phone_format: 'Phone number format is incorrect',
  phone_wrong: 'Wrong number',
  area_code_unsupported: 'This country or region is not supported',
  password_required: 'Password is required',
  password_length: 'Password must be 6 to 12 digits',
  password_common: 'This password is too common, choose another',
  code_required: 'Verification code is required',
  code_format: 'Verification code must be 6 digits',
  code_wrong: 'Verification code is wrong',
  code_expired: 'Verification code has expired, request a new one',
  code_too_many_tries: 'Too many wrong codes, request a new one',
  invite_code_format: 'Invite code format is incorrect',
  purpose_invalid: 'Unknown verification purpose',
  token_required: 'Token is required',
  appcard_account_format: 'Account id may contain only letters, digits, dot, dash and underscore',
  not_applied: 'Apply for this item first',
  pin_not_allowed: 'Only senior agents can pin items',
  media_not_found: 'No such media',
  already_applied: 'You have already applied for this item',
  item_not_found: 'No such item',
  credentials_wrong: 'Wrong phone number or password',
  account_exists: 'An account with this phone already exists, log in or reset your password',
  rate_limited: 'Too many attempts, try again later',
  sms_unavailable: 'SMS could not be sent, try again',
} as const;

export type ValidationCode = keyof typeof validationMessages;

export const isValidationCode = (code: string): code is ValidationCode => code in validationMessages;
