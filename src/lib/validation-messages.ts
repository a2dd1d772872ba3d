import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { z } from 'zod/mini';
import type { ValidationCode } from '#contract/validation-codes';

/** Every validation code of the contract, translated (spec section 5). One place for all forms. */
export const VALIDATION_MESSAGES: Record<ValidationCode, MessageDescriptor> = {
  required: msg`This field is required`,
  invalid_type: msg`This field has the wrong type`,
  control_characters: msg`This field contains characters that are not allowed`,
  markup_characters: msg`A name cannot contain < or >`,
  too_long: msg`This field is too long`,
  phone_required: msg`Phone number is required`,
  phone_format: msg`Phone number format is incorrect`,
  phone_wrong: msg`Wrong number`,
  area_code_unsupported: msg`This country or region is not supported`,
  password_required: msg`Password is required`,
  password_length: msg`Password must be 6 to 12 characters`,
  password_common: msg`This password is too common, choose another`,
  code_required: msg`Verification code is required`,
  code_format: msg`Verification code must be 6 digits`,
  code_wrong: msg`Verification code is wrong`,
  code_expired: msg`Verification code has expired, request a new one`,
  code_too_many_tries: msg`Too many wrong codes, request a new one`,
  invite_code_format: msg`Invite code format is incorrect`,
  purpose_invalid: msg`Unknown verification purpose`,
  token_required: msg`Token is required`,
  appcard_account_format: msg`Account id may contain only letters, digits, dot, dash and underscore`,
  not_applied: msg`Apply for this item first`,
  pin_not_allowed: msg`Only senior agents can pin items`,
  media_not_found: msg`No such media`,
  already_applied: msg`You have already applied for this item`,
  item_not_found: msg`No such item`,
  credentials_wrong: msg`Wrong phone number or password`,
  account_exists: msg`An account with this phone already exists, log in or reset your password`,
  rate_limited: msg`Too many attempts, try again later`,
  sms_unavailable: msg`SMS could not be sent, try again`,
  amount_required: msg`Please enter the amount`,
  amount_invalid: msg`Please enter a correct amount`,
  amount_below_min: msg`The amount is below the minimum`,
  amount_above_max: msg`The amount is above the maximum`,
  insufficient_funds: msg`Insufficient balance`,
  holder_name_required: msg`Cardholder name is required`,
  bank_required: msg`Please select a wallet or bank`,
  card_number_required: msg`Account number is required`,
  card_number_format: msg`Account number format is incorrect`,
  ifsc_required: msg`IFSC code is required`,
  ifsc_format: msg`IFSC code format is incorrect`,
  bank_phone_format: msg`Phone number must be 10 digits`,
  account_required: msg`Account is required`,
  method_required: msg`Please select a withdrawal method`,
  methods_limit: msg`You have too many withdrawal methods, delete one first`,
  safe_password_format: msg`Safe password must be 6 digits`,
  safe_password_wrong: msg`Safe password is wrong`,
  safe_password_not_set: msg`Set a safe password first`,
  safe_password_already_set: msg`The safe password is already set`,
  safe_locked: msg`Too many wrong safe passwords, try again in 15 minutes`,
  avatar_unknown: msg`Choose one of the offered avatars`,
  date_of_birth_invalid: msg`Enter your real date of birth`,
  date_of_birth_underage: msg`You must be 18 or older to play`,
  date_of_birth_set: msg`Your date of birth is already set: customer service can correct it`,
  receiver_required: msg`Receiver UID is required`,
  receiver_not_found: msg`No user with this UID`,
  receiver_self: msg`You cannot transfer to yourself`,
  transfer_below_min: msg`The amount is below the minimum transfer`,
  idempotency_key_required: msg`This request needs an Idempotency-Key header`,
  idempotency_key_reused: msg`This Idempotency-Key was already used for a different request`,
  idempotency_in_progress: msg`The same request is still being processed, try again shortly`,
  state_changed: msg`This order has already been processed`,
  operator_only: msg`Only operators can do this`,
  permission_denied: msg`You do not have permission to do this`,
  second_factor_required: msg`Enter the code from your authenticator app first`,
  totp_wrong: msg`The code is wrong or was already used, wait for the next one`,
  totp_enrolled: msg`Your authenticator app is already set up`,
  command_not_found: msg`No such request`,
  command_decided: msg`This request has already been decided`,
  maker_cannot_approve: msg`Another operator has to decide on a request you made`,
  funds_not_held: msg`The funds of this withdrawal are no longer held`,
  file_required: msg`Choose a file`,
  file_too_large: msg`The file is larger than 5 MB`,
  file_type_unsupported: msg`The file is not a PNG, JPEG or WebP picture`,
  picture_unreadable: msg`This picture could not be read`,
  picture_too_small: msg`The picture is too small`,
  upload_invalid: msg`Send one file as multipart/form-data`,
  banner_not_found: msg`No such banner`,
  user_query_invalid: msg`Enter a UID or the digits of a phone number`,
  banner_default_text_missing: msg`The default language needs a name`,
  payments_unavailable: msg`Payments are unavailable right now, try again later`,
  signature_invalid: msg`Invalid signature`,
  push_endpoint_invalid: msg`The push endpoint is not a valid URL`,
  push_endpoint_not_https: msg`The push endpoint must be an https URL`,
  push_endpoint_not_allowed: msg`This push service is not supported`,
  push_p256dh_invalid: msg`The p256dh key must be a base64url-encoded 65-byte P-256 public key`,
  push_auth_invalid: msg`The auth secret must be 16 bytes, base64url-encoded`,
  push_unavailable: msg`Push notifications are unavailable right now`,
  locale_unsupported: msg`This language is not supported`,
  notice_body_required: msg`Write the notice in at least one language`,
  notice_default_text_missing: msg`The default language needs a text`,
  notice_window_invalid: msg`The end must be after the start`,
  notice_target_invalid: msg`Choose everyone or at least one job or language`,
  notice_withdrawn: msg`This notice has been withdrawn`,
  site_not_found: msg`No such site`,
  channel_not_found: msg`No such game channel`,
  channel_pending: msg`A transfer on this channel is still being confirmed, try again shortly`,
  channel_refused: msg`The game provider refused this transfer`,
  channel_unavailable: msg`The game provider is unavailable right now, try again later`,
  game_required: msg`Choose a game`,
  game_not_found: msg`No such game`,
  round_not_found: msg`No such round`,
  ratio_required: msg`Enter a ratio`,
  ratio_invalid: msg`Enter a ratio from 0 to 100 with at most 2 decimals`,
  ratio_above_parent: msg`The ratio cannot be above your own`,
  ratio_below_member: msg`The ratio cannot be below that of a member under this account`,
  member_required: msg`Choose a member`,
  member_not_found: msg`No such member in your team`,
  not_direct_member: msg`Only your direct members can be changed here`,
  not_an_agent: msg`Only agents can do this`,
  already_agent: msg`You are already an agent`,
  invite_code_required: msg`Enter an invite code`,
  invite_code_not_found: msg`No user has this invite code`,
  already_bound: msg`You have already bound the code`,
  bind_self: msg`You cannot bind your own invite code`,
  bind_descendant: msg`You cannot bind the code of a member of your own team`,
  bind_ratio_conflict: msg`Your members have ratios above this agent, so this code cannot be bound`,
  link_not_found: msg`This link is not valid any more`,
  day_invalid: msg`Enter a date as YYYY-MM-DD`,
  range_invalid: msg`Choose a range of at most 92 days, the start before the end`,
  earnings_negative: msg`Your commission balance is negative: later commission pays it down first`,
  withdraw_below_min: msg`The amount is below the minimum agent withdrawal`,
  round_not_settled: msg`Only a settled round can be voided`,
  round_not_voidable: msg`Rounds of a transfer provider are voided by the provider, in its own wallet`,
  round_funds_spent: msg`The player no longer has the money this round paid, so it cannot be voided`,
  hold_not_found: msg`No such held commission`,
  period_invalid: msg`Choose a period: 24 hours, 7 days or 30 days`,
  duration_invalid: msg`Choose one of the offered durations`,
  block_kind_invalid: msg`Choose a time-out or a self-exclusion`,
  confirm_required: msg`Confirm to go on`,
  interval_invalid: msg`Choose one of the offered intervals`,
  deposit_limit_exceeded: msg`This deposit would go over your deposit limit`,
  protection_time_out: msg`You are taking a time-out: this is paused until it ends`,
  protection_self_excluded: msg`You have excluded yourself: this is not possible until the exclusion ends`,
  user_not_found: msg`No user with this UID`,
  spin_unavailable: msg`There is no spin for this day`,
  follow_up_not_found: msg`No such prize follow-up`,
  offer_percent_required: msg`This kind of offer needs a percent`,
  offer_percent_invalid: msg`Enter a whole percent from 1 to 1000`,
  offer_amount_required: msg`This kind of offer needs an amount`,
  offer_nth_deposit_required: msg`A reload needs the number of the deposit it pays on`,
  offer_multiplier_invalid: msg`Enter a turnover multiplier from 0 to 100`,
  offer_validity_invalid: msg`Enter a validity of at least 1 day`,
  offer_contribution_invalid: msg`Enter a contribution from 0 to 100%`,
  offer_contribution_duplicate: msg`List each game channel once`,
  offer_text_required: msg`Write the title and terms in at least one language`,
  offer_kind_fixed: msg`An offer's kind cannot change: create a new offer`,
  offer_budget_below_granted: msg`The budget cannot be below what the offer has granted`,
  offer_not_found: msg`No such offer`,
  offer_state_invalid: msg`The offer's state does not allow this`,
  offer_ended: msg`This offer has ended`,
  offer_site_mismatch: msg`This offer is not open to this player's site`,
  requirement_not_found: msg`No such bonus requirement`,
  claim_not_found: msg`No such bonus claim`,
  claim_not_held: msg`This claim is not waiting for a decision`,
  site_colour_invalid: msg`Enter a colour as # and six hexadecimal digits`,
  site_limits_invalid: msg`The maximum withdrawal must not be below the minimum`,
  site_domain_invalid: msg`Enter a host name such as play.example.com`,
  site_domain_taken: msg`A site with this domain already exists`,
  time_zone_invalid: msg`Choose a time zone from the list`,
  page_default_text_missing: msg`Every page needs its English text: other languages fall back to it`,
  site_time_zone_fixed: msg`The time zone cannot change once players of this site have bet`,
  deposit_query_invalid: msg`Enter an order number or a UID`,
  provider_not_found: msg`No such game provider`,
  provider_code_invalid: msg`Use lower-case letters, digits and dashes, starting with a letter or digit`,
  provider_code_taken: msg`A provider with this code already exists`,
  provider_url_invalid: msg`Enter an address starting with https:// or http://`,
  provider_key_invalid: msg`Paste the RSA public key in PEM form, from -----BEGIN PUBLIC KEY-----`,
  provider_games_unavailable: msg`The provider's game list could not be read: check its address and keys`,
  provider_token_invalid: msg`Enter the token as given: at least 8 letters, digits or signs, without spaces`,
  provider_casino_key_invalid: msg`Enter the casino key as given: letters, digits, dashes and underscores`,
  catalogue_url_invalid: msg`Enter an address starting with https:// or http://, or a path of this site starting with /`,
  catalogue_category_invalid: msg`Choose one of the categories`,
  catalogue_rate_invalid: msg`Enter a rate from 0 to 100%`,
  catalogue_default_text_missing: msg`The default language needs a name`,
  catalogue_quota_below_claimed: msg`The quota cannot be below the places already claimed`,
  catalogue_not_awaiting_review: msg`This mini-game is not awaiting review: change its link by editing it`,
  offer_unavailable: msg`This bonus offer is not available to you now`,
  offer_changed: msg`The terms of this offer changed: read them again`,
  offer_budget_exhausted: msg`This offer has reached its budget`,
  bonus_claimed: msg`You have already claimed this bonus`,
  bonus_forfeit_required: msg`This withdrawal would forfeit an open bonus: confirm to continue`,
  bonus_forfeit_changed: msg`What this withdrawal would forfeit has changed: confirm again`,
  requirement_not_open: msg`This bonus is no longer open`,
  bonus_max_bet: msg`This bet is above the maximum bet while a bonus is open`,
  same_phone: msg`A welcome offer was already claimed with this phone number`,
  same_device: msg`A welcome offer was already claimed on this device`,
  same_address: msg`A welcome offer was already claimed from the same address`,
  budget_exhausted: msg`The budget of this offer is spent`,
};

/** The translated text of a code; an unknown code (a newer server) falls back to its own message. */
export function validationMessage(i18n: I18n, code: string, fallback?: string): string {
  // Asked of this map, not of the contract's: the server's English wording need not travel to the app.
  if (Object.hasOwn(VALIDATION_MESSAGES, code)) return i18n._(VALIDATION_MESSAGES[code as ValidationCode]);
  return fallback ?? i18n._(VALIDATION_MESSAGES.invalid_type);
}

export type FieldErrors = Partial<Record<string, string>>;

/** Field name -> first code, from a zod error of a contract schema (the codes are its messages). */
export function issueCodes(error: z.core.$ZodError): Partial<Record<string, string>> {
  const out: Partial<Record<string, string>> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '');
    if (!(field in out)) out[field] = issue.message;
  }
  return out;
}

/** Field name -> translated message, for the issues of a failed contract parse or of a 400 answer. */
export function translateIssues(
  i18n: I18n,
  issues: ReadonlyArray<{ path: string; code: string; message?: string }>,
): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of issues) {
    const field = issue.path.split('.')[0] ?? '';
    if (!(field in out)) out[field] = validationMessage(i18n, issue.code, issue.message);
  }
  return out;
}

/**
 * A generic problem ("This field is required") said with the field's label ("Title (English) is required"),
 * for forms with many fields, where the generic text beside each of several empty fields names none of them.
 * Other codes already say what is wrong: their own message.
 */
export function labelledMessage(i18n: I18n, code: string, label: string, serverMessage?: string): string {
  if (code === 'required') return i18n._(msg`${label} is required`);
  if (code === 'too_long') return i18n._(msg`${label} is too long`);
  return validationMessage(i18n, code, serverMessage);
}
