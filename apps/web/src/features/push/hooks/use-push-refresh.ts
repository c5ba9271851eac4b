import { useEffect } from 'react';
import { refreshBrowserPushIfDue } from '../lib/push-registration';

/**
 * Mounted once by the signed-in dashboard: re-sends this device's push registration when it is
 * 7 days old (SPEC.md 9). Quiet by design: a failure only means another try on the next start.
 */
export function usePushRefresh(enabled = true): void {
  useEffect(() => {
    if (!enabled) return;
    refreshBrowserPushIfDue().catch((error: unknown) => {
      console.warn('Push registration refresh failed; it will be tried again on the next start', error);
    });
  }, [enabled]);
}
