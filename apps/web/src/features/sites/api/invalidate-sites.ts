import type { QueryClient } from '@tanstack/react-query';
import { siteKeys } from './keys';

/** Every change to a site makes the register, its details and the city list stale. */
export function invalidateSites(queryClient: QueryClient, removedId?: number) {
  if (removedId !== undefined) queryClient.removeQueries({ queryKey: siteKeys.details(removedId) });
  return queryClient.invalidateQueries({ queryKey: siteKeys.all });
}
