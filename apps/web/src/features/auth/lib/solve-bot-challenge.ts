import type { BotChallenge } from '@inspecta/contract';

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * Solves an ALTCHA (v1) challenge in the page: finds the number n ≤ maxnumber with
 * SHA-256(salt + n) = challenge, and answers the payload the server verifies (base64 JSON), or null
 * when no number fits. Done here with WebCrypto rather than with the `altcha` widget, whose default
 * build starts its solver from a blob: worker that our Content-Security-Policy (worker-src 'self')
 * refuses; see docs/account-recovery.md.
 */
export async function solveBotChallenge(
  challenge: BotChallenge,
  signal?: AbortSignal,
): Promise<string | null> {
  for (let n = 0; n <= challenge.maxnumber; n++) {
    if (signal?.aborted) return null;
    if ((await sha256Hex(`${challenge.salt}${n}`)) === challenge.challenge) {
      return btoa(
        JSON.stringify({
          algorithm: challenge.algorithm,
          challenge: challenge.challenge,
          number: n,
          salt: challenge.salt,
          signature: challenge.signature,
        }),
      );
    }
  }
  return null;
}
