import { randomBytes } from 'node:crypto';
import type { BotChallenge } from '@inspecta/contract';
import { createChallenge, extractParams, verifySolution } from 'altcha-lib/v1';
import type { Payload } from 'altcha-lib/v1/types';
import type { Clock } from '../../core/clock.js';
import { AppError } from '../../core/errors.js';
import type { Database } from '../../db/database.js';
import { BotCheckRepository } from './bot-check.repository.js';

const SETTINGS_KEY = 'altcha_hmac_key';
/** A challenge must be solved and used within five minutes. */
export const BOT_CHALLENGE_TTL_MS = 5 * 60_000;
/** About 25 ms of hashing on a phone on average; plenty to make bulk requests costly. */
const MAX_NUMBER = 50_000;

const BOT_CHECK_FAILED = 'The automatic bot check failed. Reload the page and try again.';

/**
 * The invisible bot check (ALTCHA proof of work, protocol v1: SHA-256 over salt + number). The HMAC
 * key comes from ALTCHA_HMAC_KEY or is generated on first use and kept in `app_settings`. Each
 * solved challenge is accepted once: its signature is stored until the challenge expires.
 */
export class BotCheck {
  private key: Promise<string> | undefined;
  private readonly repo: BotCheckRepository;

  constructor(
    db: Database,
    private readonly clock: Clock,
    private readonly configuredKey: string | undefined,
  ) {
    this.repo = new BotCheckRepository(db);
  }

  private hmacKey(): Promise<string> {
    this.key ??= this.loadKey().catch((error) => {
      this.key = undefined;
      throw error;
    });
    return this.key;
  }

  private async loadKey(): Promise<string> {
    if (this.configuredKey) return this.configuredKey;
    const generated = randomBytes(32).toString('hex');
    return String(await this.repo.keepSettingOnce(SETTINGS_KEY, generated));
  }

  async challenge(): Promise<BotChallenge> {
    const expires = new Date(this.clock.now().getTime() + BOT_CHALLENGE_TTL_MS);
    const challenge = await createChallenge({
      algorithm: 'SHA-256',
      hmacKey: await this.hmacKey(),
      maxNumber: MAX_NUMBER,
      expires,
    });
    return {
      algorithm: 'SHA-256',
      challenge: challenge.challenge,
      maxnumber: challenge.maxnumber ?? MAX_NUMBER,
      salt: challenge.salt,
      signature: challenge.signature,
    };
  }

  /**
   * Accepts a solved challenge once (400 otherwise: missing, forged, wrong, expired or replayed).
   * Answers the challenge's signature, which binds what the solution was used for.
   */
  async verify(encoded: string): Promise<string> {
    const payload = decodePayload(encoded);
    if (!payload) throw botCheckFailed();
    const now = this.clock.now();
    const expires = Number(extractParams(payload).expires);
    if (!Number.isFinite(expires) || expires * 1000 <= now.getTime()) throw botCheckFailed();
    if (!(await verifySolution(payload, await this.hmacKey(), false))) throw botCheckFailed();
    await this.repo.forgetExpiredSolutions(now);
    if (!(await this.repo.rememberSolution(payload.signature, new Date(expires * 1000))))
      throw botCheckFailed();
    return payload.signature;
  }

  /** How many solutions are remembered (for tests and diagnostics). */
  async remembered(): Promise<number> {
    return this.repo.countSolutions();
  }
}

function botCheckFailed(): AppError {
  return AppError.validation([{ field: 'altcha', message: BOT_CHECK_FAILED }], BOT_CHECK_FAILED);
}

/** The widget's payload: base64 of the JSON `{ algorithm, challenge, number, salt, signature }`. */
function decodePayload(encoded: string): Payload | null {
  try {
    const value = JSON.parse(Buffer.from(encoded, 'base64').toString('utf8')) as Partial<Payload>;
    if (
      value.algorithm !== 'SHA-256' ||
      typeof value.challenge !== 'string' ||
      typeof value.number !== 'number' ||
      typeof value.salt !== 'string' ||
      typeof value.signature !== 'string'
    ) {
      return null;
    }
    return value as Payload;
  } catch {
    return null;
  }
}
