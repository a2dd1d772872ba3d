import { useQuery } from '@tanstack/react-query';
import type { SessionResponse } from '#contract/auth';
import type { UserInfo } from '#contract/user';
import { persistedQuery, queryClient } from './query-client';
import { createStore, useStore } from './store';

/** localStorage keys of the session (spec section 4). The locale is a setting, not session data. */
export const SESSION_KEYS = { token: 'token', tokenHead: 'tokenHead', userPhone: 'userPhone' } as const;

/** The query key of the logged-in user; features/auth builds `userQueries.me()` on it. */
export const USER_QUERY_KEY = ['auth', 'me'] as const;
export type MeData = { user: UserInfo };

/**
 * Who is signed in, as a route's guard or loader asks it: the router context's `viewer` (built in
 * src/router.tsx). Components read the same user through `useSessionUser`.
 */
export interface Viewer {
  /** A token is stored: the guards' question, answered without the network. */
  isLoggedIn(): boolean;
  /** The signed-in user: the cached one, else the server's answer. Rejects when there is nobody to ask about. */
  me(): Promise<MeData>;
  /** The uid per-user queries are keyed on; 0 for nobody (logged out, or the server could not say who). */
  uid(): Promise<number>;
}

// The user is launch data however it enters the cache (a login's answer, the token check): every
// observer and every write of this key carries the same persistence options.
queryClient.setQueryDefaults(USER_QUERY_KEY, persistedQuery);

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** The token, mirrored in a store so components and the router react to login and logout. */
const tokenStore = createStore<string | null>(read(SESSION_KEYS.token));

export const getToken = (): string | null => tokenStore.get();
export const getTokenHead = (): string => read(SESSION_KEYS.tokenHead) ?? 'Bearer ';
export const isLogin = (): boolean => Boolean(tokenStore.get());
export const getUserPhone = (): string | null => read(SESSION_KEYS.userPhone);
export const subscribeSession = tokenStore.subscribe;
export const useIsLogin = (): boolean => Boolean(useStore(tokenStore));

export function getUser(): UserInfo | undefined {
  return queryClient.getQueryData<MeData>(USER_QUERY_KEY)?.user;
}

/** Spec section 6: job 0 or none is a player. */
export const getJob = (): number => getUser()?.job ?? 0;

/** Stores token, tokenHead and user after login or registration. */
export function setUser(session: SessionResponse, phone?: string): void {
  localStorage.setItem(SESSION_KEYS.token, session.token);
  localStorage.setItem(SESSION_KEYS.tokenHead, session.tokenHead);
  if (phone) localStorage.setItem(SESSION_KEYS.userPhone, phone);
  queryClient.setQueryData<MeData>(USER_QUERY_KEY, { user: session.user });
  tokenStore.set(session.token);
}

/** Clears token, tokenHead, userPhone and every cached piece of user data. */
export function logout(): void {
  for (const key of Object.values(SESSION_KEYS)) {
    try {
      localStorage.removeItem(key);
    } catch {
      // Nothing stored, nothing to clear.
    }
  }
  queryClient.cancelQueries();
  queryClient.clear();
  tokenStore.set(null);
}

/**
 * The logged-in user as the cache knows it (the main layout loads it), reactive; undefined when logged
 * out. Features key per-user lists on its uid without importing the auth feature.
 */
export function useSessionUser(): UserInfo | undefined {
  const loggedIn = useIsLogin();
  const { data } = useQuery<MeData>({ queryKey: USER_QUERY_KEY, enabled: false, ...persistedQuery });
  return loggedIn ? data?.user : undefined;
}
