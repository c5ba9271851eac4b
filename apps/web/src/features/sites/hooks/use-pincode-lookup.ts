import { PINCODE_PATTERN, type PostalLookupResponse } from '@inspecta/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { isApiError } from '@/lib/api-client';
import { lookupPincodeQueryOptions } from '../api/lookup-pincode';

export type PincodeLookupState =
  | { status: 'idle' }
  | { status: 'loading'; code: string }
  | { status: 'found'; code: string; answer: PostalLookupResponse; filled: boolean }
  | { status: 'failed'; code: string; message: string };

const FALLBACK_MESSAGE = 'The postal lookup is unavailable; enter the city, district and state by hand';

/**
 * Looks a PIN code up through the server. `onFound` runs for the latest code only, so a slow answer
 * for a code the user has since changed never overwrites the form.
 */
export function usePincodeLookup(onFound: (answer: PostalLookupResponse) => void) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<PincodeLookupState>({ status: 'idle' });
  const latest = useRef<string | null>(null);

  const lookup = useCallback(
    async (code: string, options: { fill: boolean } = { fill: true }) => {
      if (!PINCODE_PATTERN.test(code)) {
        latest.current = null;
        setState({ status: 'idle' });
        return;
      }
      latest.current = code;
      setState({ status: 'loading', code });
      try {
        const answer = await queryClient.fetchQuery(lookupPincodeQueryOptions(code));
        if (latest.current !== code) return;
        if (options.fill) onFound(answer);
        setState({ status: 'found', code, answer, filled: options.fill });
      } catch (error) {
        if (latest.current !== code) return;
        setState({
          status: 'failed',
          code,
          message: isApiError(error) && error.status !== 0 ? error.message : FALLBACK_MESSAGE,
        });
      }
    },
    [queryClient, onFound],
  );

  const reset = useCallback(() => {
    latest.current = null;
    setState({ status: 'idle' });
  }, []);

  return { state, lookup, reset };
}
