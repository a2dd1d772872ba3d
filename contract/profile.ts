/**
 * The profile's wire contract (issue 15, decision 0023): the avatar, and a signed-in user's change of the
 * login password with an SMS code sent to their own phone. The change revokes every other session of the
 * user and keeps the one that made it.
 */
import { z } from 'zod/mini';
import { passwordSchema, sendSmsResponseSchema, smsCodeSchema } from './auth';
import type { Call } from './call';
import { daySchema } from './day';
import { avatarSchema, userInfoSchema } from './user';

export const setAvatarRequestSchema = z.object({ avatar: avatarSchema });
export type SetAvatarRequest = z.infer<typeof setAvatarRequestSchema>;

export const changePasswordRequestSchema = z.object({ code: smsCodeSchema, password: passwordSchema });
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

/** A calendar date; the server also checks it is a real one, at least 18 years ago (`date_of_birth_*`). */
export const setDateOfBirthRequestSchema = z.object({ dateOfBirth: daySchema });
export type SetDateOfBirthRequest = z.infer<typeof setDateOfBirthRequestSchema>;

/**
 * The player tells their date of birth, once (decision 0053: the VIP birthday bonus is paid on it, so the
 * player cannot move it; customer service corrects a mistake). Answers the user as it now is.
 */
export const setDateOfBirthCall = {
  method: 'POST',
  path: '/user/birthday',
  summary: 'Tell your date of birth (once)',
  input: setDateOfBirthRequestSchema,
  answer: userInfoSchema,
  access: 'user',
} satisfies Call;

/** Answers the user as it now is, so the app puts it in the cache without asking again. */
export const setAvatarCall = {
  method: 'POST',
  path: '/user/avatar',
  summary: 'Choose an avatar',
  input: setAvatarRequestSchema,
  answer: userInfoSchema,
  access: 'user',
} satisfies Call;

/** A code to the signed-in user's own phone (the same limits as /cplogin/sendsms). */
export const passwordCodeCall = {
  method: 'POST',
  path: '/user/password/sendsms',
  summary: "Send a password-change code to the caller's phone",
  answer: sendSmsResponseSchema,
  access: 'user',
} satisfies Call;

export const changePasswordCall = {
  method: 'POST',
  path: '/user/password/change',
  summary: 'Change the password with an SMS code',
  input: changePasswordRequestSchema,
  answer: z.null(),
  access: 'user',
} satisfies Call;
