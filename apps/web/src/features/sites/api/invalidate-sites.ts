import type { QueryClient } from '@tanstack/react-query';

/** Every change to a site makes the register, its details and the city list stale. */
export function invalidateSites(queryClient: QueryClient, removedId?: number) {
  if (removedId !== undefined) queryClient.removeQueries({ queryKey: ['sites', 'details', removedId] });
  return queryClient.invalidateQueries({ queryKey: ['sites'] });
}
