import type WebPush from 'web-push';

/** web-push, loaded on the first push or key generation rather than at start. */
async function loadWebPush(): Promise<typeof WebPush> {
  return (await import('web-push')).default;
}

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** How one push request ended, as the queue worker needs to know it. */
export type PushOutcome =
  | { kind: 'delivered'; status: number }
  /** 404/410: the browser dropped the subscription; it will never work again. */
  | { kind: 'gone'; status: number }
  /** 5xx, 429, time-out, network: worth another try later. */
  | { kind: 'retry'; reason: string; retryAfterMs: number | null }
  /** Any other 4xx (bad request, payload too large, VAPID refused): another try would fail the same way. */
  | { kind: 'rejected'; reason: string };

export interface PushSenderOptions {
  vapidSubject: string;
  /** The whole request (connect, send, answer) must finish within this. */
  timeoutMs: number;
  /** How long the push service keeps an undelivered message (seconds). */
  ttlSeconds: number;
}

export interface PushSender {
  send(target: PushTarget, payload: string, keys: VapidKeys): Promise<PushOutcome>;
}

function retryAfterMs(header: string | null): number | null {
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, at - Date.now());
}

/**
 * Sends one Web Push message: web-push builds the request (payload encrypted with aes128gcm for the
 * subscription's keys, VAPID `Authorization: vapid t=..., k=...`, TTL, Urgency), and fetch sends it
 * with a deadline on the whole exchange. web-push's own sender only has a socket-idle timeout and
 * speaks https only; fetch gives a real deadline and lets tests use a local http fake.
 */
export class WebPushSender implements PushSender {
  constructor(private readonly options: PushSenderOptions) {}

  async send(target: PushTarget, payload: string, keys: VapidKeys): Promise<PushOutcome> {
    const webpush = await loadWebPush();
    const request = webpush.generateRequestDetails(
      { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
      payload,
      {
        vapidDetails: { subject: this.options.vapidSubject, ...keys },
        TTL: this.options.ttlSeconds,
        urgency: 'normal',
      },
    );
    let response: Response;
    try {
      response = await fetch(request.endpoint, {
        method: request.method,
        headers: request.headers as Record<string, string>,
        body: request.body ? new Uint8Array(request.body) : null,
        signal: AbortSignal.timeout(this.options.timeoutMs),
        redirect: 'manual',
      });
      // The answer's body is not needed; reading it frees the connection.
      await response.arrayBuffer().catch(() => undefined);
    } catch (error) {
      const timedOut = error instanceof Error && error.name === 'TimeoutError';
      return {
        kind: 'retry',
        reason: timedOut
          ? `no answer within ${this.options.timeoutMs} ms`
          : `network error: ${error instanceof Error ? (error.cause as Error | undefined)?.message || error.message : String(error)}`,
        retryAfterMs: null,
      };
    }
    const status = response.status;
    if (status >= 200 && status < 300) return { kind: 'delivered', status };
    if (status === 404 || status === 410) return { kind: 'gone', status };
    if (status === 429 || status >= 500) {
      return {
        kind: 'retry',
        reason: `push service answered ${status}`,
        retryAfterMs: retryAfterMs(response.headers.get('retry-after')),
      };
    }
    return { kind: 'rejected', reason: `push service answered ${status}` };
  }
}

export async function generateVapidKeys(): Promise<VapidKeys> {
  return (await loadWebPush()).generateVAPIDKeys();
}

/** `mailto:` the address in MAIL_FROM (`Inspecta <no-reply@example.com>` -> `mailto:no-reply@example.com`). */
export function defaultVapidSubject(mailFrom: string, publicUrl: string): string {
  const address = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim();
  if (/^[^\s@]+@[^\s@]+$/.test(address)) return `mailto:${address}`;
  return publicUrl.startsWith('https://') ? publicUrl : 'mailto:no-reply@inspecta.invalid';
}
