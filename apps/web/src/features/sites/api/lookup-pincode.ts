import type { PostalLookupResponse } from '@inspecta/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { siteKeys } from './keys';

/** GET /api/postal/pincode/:code: city, district, state and localities of a PIN code. */
export function lookupPincode(code: string, signal?: AbortSignal): Promise<PostalLookupResponse> {
  return api.get<PostalLookupResponse>(`/postal/pincode/${encodeURIComponent(code)}`, { signal });
}

export function lookupPincodeQueryOptions(code: string) {
  return queryOptions({
    queryKey: siteKeys.pincode(code),
    queryFn: ({ signal }) => lookupPincode(code, signal),
    staleTime: 24 * 3_600_000,
    // The server already gave up after its timeout; the form falls back to manual entry at once.
    retry: false,
  });
}
