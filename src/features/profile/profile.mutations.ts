import { useMutation } from '@tanstack/react-query';
import { type SetDateOfBirthRequest, setAvatarCall, setDateOfBirthCall } from '#contract/profile';
import type { AvatarId } from '#contract/user';
import { api } from '#lib/api-client';
import { queryClient } from '#lib/query-client';
import { type MeData, USER_QUERY_KEY } from '#lib/session';

/** The avatar chosen; the answer is the user as it now is, put straight into the cache (/my shows it). */
export function useSetAvatarMutation() {
  return useMutation({
    mutationFn: (avatar: AvatarId) => api.call(setAvatarCall, { avatar }, { loading: true }),
    onSuccess: (user) => queryClient.setQueryData<MeData>(USER_QUERY_KEY, { user }),
  });
}

/** The date of birth told (once): its problems show under the field (silent), the answer goes into the cache. */
export function useSetDateOfBirthMutation() {
  return useMutation({
    mutationFn: (input: SetDateOfBirthRequest) =>
      api.call(setDateOfBirthCall, input, { silent: true, loading: true }),
    onSuccess: (user) => queryClient.setQueryData<MeData>(USER_QUERY_KEY, { user }),
  });
}
