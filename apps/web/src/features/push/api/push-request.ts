import { PUSH_REQUEST_TIMEOUT_MS } from '@inspecta/contract';

/** The registration call did not answer within SPEC.md 9's 10 s. */
export class PushRequestTimeoutError extends Error {
  constructor() {
    super(`The server did not answer within ${PUSH_REQUEST_TIMEOUT_MS / 1000} seconds. Try again.`);
    this.name = 'PushRequestTimeoutError';
  }
}

/**
 * Runs one registration request with its own AbortController that fires after 10 s (SPEC.md 9:
 * "installation requests time out after 10 s"); a time-out becomes a PushRequestTimeoutError.
 */
export async function withPushTimeout<T>(
  run: (signal: AbortSignal) => Promise<T>,
  timeoutMs = PUSH_REQUEST_TIMEOUT_MS,
): Promise<T> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    return await run(controller.signal);
  } catch (error) {
    if (controller.signal.aborted) throw new PushRequestTimeoutError();
    throw error;
  } finally {
    clearTimeout(timer);
  }
}
