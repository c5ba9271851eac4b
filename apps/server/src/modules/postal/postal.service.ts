import { POSTAL_FALLBACK_HINT, type PostalLookupResponse, type PostOffice } from '@inspecta/contract';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Clock } from '../../core/clock.js';
import { AppError } from '../../core/errors.js';
import { TtlCache } from './ttl-cache.js';

export interface PostalSettings {
  /** The pincode service; the code is appended as a path segment (India Post: …/pincode/400069). */
  url: string;
  timeoutMs: number;
}

/** A PIN code's post offices change rarely: keep an answer for a day, a "no such code" for an hour. */
const FOUND_TTL_MS = 24 * 3_600_000;
const NOT_FOUND_TTL_MS = 3_600_000;
const CACHE_ENTRIES = 2_000;

/** What the India Post API answers: a list with one `{ Status, Message, PostOffice }`. */
const upstreamOfficeSchema = z.looseObject({
  Name: z.string(),
  BranchType: z.string().nullish(),
  DeliveryStatus: z.string().nullish(),
  Block: z.string().nullish(),
  District: z.string().nullish(),
  Division: z.string().nullish(),
  Region: z.string().nullish(),
  State: z.string().nullish(),
  Country: z.string().nullish(),
});
const upstreamAnswerSchema = z
  .array(
    z.looseObject({
      Status: z.string(),
      Message: z.string().nullish(),
      PostOffice: z.array(upstreamOfficeSchema).nullish(),
    }),
  )
  .min(1);

type Lookup = { found: true; answer: PostalLookupResponse } | { found: false };

function meaningful(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  if (!trimmed || trimmed.toUpperCase() === 'NA') return null;
  return trimmed;
}

function unavailable(message = `The postal lookup is unavailable; ${POSTAL_FALLBACK_HINT}`): AppError {
  return new AppError('SERVICE_UNAVAILABLE', message);
}

/** Postal lookups through the configured pincode service, cached, with a hard timeout. */
export class PostalService {
  private readonly cache = new TtlCache<Lookup>(CACHE_ENTRIES);
  /** Lookups under way, so a burst of the same code asks the service once. */
  private readonly inFlight = new Map<string, Promise<Lookup>>();

  constructor(
    private readonly settings: PostalSettings,
    private readonly clock: Clock,
    private readonly log?: FastifyBaseLogger,
    private readonly fetchImpl: typeof fetch = globalThis.fetch,
  ) {}

  async lookup(code: string): Promise<PostalLookupResponse> {
    const now = this.clock.now().getTime();
    let result = this.cache.get(code, now);
    if (!result) {
      let pending = this.inFlight.get(code);
      if (!pending) {
        pending = this.askUpstream(code).finally(() => this.inFlight.delete(code));
        this.inFlight.set(code, pending);
      }
      result = await pending;
      this.cache.set(
        code,
        result,
        result.found ? FOUND_TTL_MS : NOT_FOUND_TTL_MS,
        this.clock.now().getTime(),
      );
    }
    if (!result.found) {
      throw new AppError(
        'NOT_FOUND',
        `No post office was found for PIN code ${code}; check the code, or ${POSTAL_FALLBACK_HINT}`,
      );
    }
    return result.answer;
  }

  private async askUpstream(code: string): Promise<Lookup> {
    const url = `${this.settings.url.replace(/\/+$/, '')}/${encodeURIComponent(code)}`;
    let body: unknown;
    try {
      const response = await this.fetchImpl(url, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(this.settings.timeoutMs),
      });
      if (!response.ok) {
        this.log?.warn({ status: response.status }, 'postal lookup: the service answered an error');
        throw unavailable();
      }
      body = await response.json();
    } catch (error) {
      if (error instanceof AppError) throw error;
      const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
      this.log?.warn({ reason: timedOut ? 'timeout' : String(error) }, 'postal lookup failed');
      throw unavailable(
        timedOut
          ? `The postal lookup did not answer in time; ${POSTAL_FALLBACK_HINT}`
          : `The postal lookup is unavailable; ${POSTAL_FALLBACK_HINT}`,
      );
    }

    const parsed = upstreamAnswerSchema.safeParse(body);
    if (!parsed.success) {
      this.log?.warn('postal lookup: the service answered something unexpected');
      throw unavailable();
    }
    const first = parsed.data[0]!;
    const offices = first.PostOffice ?? [];
    if (first.Status !== 'Success' || offices.length === 0) return { found: false };

    const postOffices: PostOffice[] = offices.map((o) => ({
      name: o.Name.trim(),
      branchType: meaningful(o.BranchType),
      deliveryStatus: meaningful(o.DeliveryStatus),
      block: meaningful(o.Block),
      district: meaningful(o.District),
      division: meaningful(o.Division),
      region: meaningful(o.Region),
      state: meaningful(o.State),
    }));
    const head = offices[0]!;
    const district = meaningful(head.District);
    return {
      found: true,
      answer: {
        pincode: code,
        city: district,
        district,
        state: meaningful(head.State),
        country: meaningful(head.Country) ?? 'India',
        postOffices,
      },
    };
  }
}
