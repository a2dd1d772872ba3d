import { useMutation } from '@tanstack/react-query';
import {
  type ForgotPasswordRequest,
  forgotPasswordCall,
  type LoginRequest,
  loginCall,
  logoutCall,
  type RegisterRequest,
  registerCall,
  type SendSmsRequest,
  sendSmsCall,
  toUsername,
} from '#contract/auth';
import { type ChangePasswordRequest, changePasswordCall, passwordCodeCall } from '#contract/profile';
import { api } from '#lib/api-client';
import { forgetPushAtLogout } from '#lib/push';
import { logout, setUser } from '#lib/session';

/** Forms show field issues themselves, so these calls are silent; forms toast anything else. */
export function useLoginMutation() {
  return useMutation({
    mutationFn: (body: LoginRequest) => api.call(loginCall, body, { silent: true, loading: true }),
    onSuccess: (session, body) => setUser(session, toUsername(body.areaCode, body.phone)),
  });
}

export function useRegisterMutation() {
  return useMutation({
    mutationFn: (body: RegisterRequest) => api.call(registerCall, body, { silent: true, loading: true }),
    onSuccess: (session, body) => setUser(session, toUsername(body.areaCode, body.phone)),
  });
}

export function useSendSmsMutation() {
  return useMutation({
    mutationFn: (body: SendSmsRequest) => api.call(sendSmsCall, body, { silent: true }),
  });
}

export function useResetPasswordMutation() {
  return useMutation({
    mutationFn: (body: ForgotPasswordRequest) =>
      api.call(forgotPasswordCall, body, { silent: true, loading: true }),
  });
}

/** Ends the session on the server (best effort) and always locally. */
export function useLogoutMutation() {
  return useMutation({
    mutationFn: async () => {
      await forgetPushAtLogout();
      try {
        await api.call(logoutCall, {}, { silent: true });
      } catch {
        // Already expired or offline: the local logout below is what matters.
      }
    },
    onSettled: () => logout(),
  });
}

/** A code to the signed-in user's own phone, for a change of the login password. */
export function useSendPasswordCodeMutation() {
  return useMutation({
    mutationFn: () => api.call(passwordCodeCall, {}, { silent: true }),
  });
}

/** The login password changed; the server ends every other session and keeps this one. */
export function useChangePasswordMutation() {
  return useMutation({
    mutationFn: (body: ChangePasswordRequest) =>
      api.call(changePasswordCall, body, { silent: true, loading: true }),
  });
}
