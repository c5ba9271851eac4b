import { useCallback, useEffect, useState } from 'react';
import {
  type BrowserPushState,
  browserPushState,
  disableBrowserPush,
  enableBrowserPush,
} from '../lib/push-registration';

export interface BrowserPushControl {
  /** Null until the first check answers. */
  state: BrowserPushState | null;
  busy: boolean;
  error: string | null;
  enable(deviceLabel: string): Promise<void>;
  disable(): Promise<void>;
}

/** The Settings control's state: nothing is asked of the browser until the user clicks. */
export function useBrowserPush(): BrowserPushControl {
  const [state, setState] = useState<BrowserPushState | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    browserPushState()
      .then((current) => live && setState(current))
      .catch(() => live && setState('disabled'));
    return () => {
      live = false;
    };
  }, []);

  const run = useCallback(async (action: () => Promise<BrowserPushState>) => {
    setBusy(true);
    setError(null);
    try {
      setState(await action());
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'Something went wrong. Try again.');
      setState(await browserPushState().catch(() => 'disabled' as const));
    } finally {
      setBusy(false);
    }
  }, []);

  return {
    state,
    busy,
    error,
    enable: (deviceLabel) => run(() => enableBrowserPush(deviceLabel)),
    disable: () =>
      run(async () => {
        await disableBrowserPush();
        return browserPushState();
      }),
  };
}
