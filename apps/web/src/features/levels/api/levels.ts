import { userLevelSchema } from '@ampere/contract';
import type { UserLevel } from '@ampere/contract';
import type { Api } from '@ampere/client';
import { useQuery } from '@tanstack/react-query';

/** The cache key carries the username: another account on this device never sees this one's. */
export const levelQueryKey = (username: string) => ['user/level', username] as const;

/** GET user/level: the level, progress per currency, what the next level needs. */
export async function fetchLevel(api: Api): Promise<UserLevel> {
  return userLevelSchema.parse(await api.get('user/level'));
}

export function useLevel(api: Api, username: string) {
  return useQuery({
    queryKey: levelQueryKey(username),
    queryFn: () => fetchLevel(api),
    enabled: username !== '',
  });
}
