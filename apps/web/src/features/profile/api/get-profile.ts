import { ProfileSchema, type Profile } from '@vereinsheim/contracts/profile';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../shared/api/client.ts';
import { profileKeys } from './keys.ts';

/** GET /api/me: the person with clubs and every personal-data list. */
export function fetchProfile(signal?: AbortSignal): Promise<Profile> {
  return apiGet('me', ProfileSchema, undefined, signal);
}

export const profileQueryOptions = () =>
  queryOptions({
    queryKey: profileKeys.me(),
    queryFn: ({ signal }) => fetchProfile(signal),
    staleTime: 30_000,
  });

export function useProfile() {
  return useQuery(profileQueryOptions());
}
