import type { IncomingMessage, ServerResponse } from 'node:http';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import { AppError } from '../core/errors.js';
import type { DatabaseHandle } from '../db/database.js';
import { errorBody } from './error-handler.js';
import { postgresRateLimitStore } from './rate-limit-store.js';

export const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  // Mantine sets style attributes at run time.
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  workerSrc: ["'self'"],
  manifestSrc: ["'self'"],
  objectSrc: ["'none'"],
  frameAncestors: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  upgradeInsecureRequests: null,
};

const HELMET_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
  // The app is served over plain HTTP on a fresh machine; HSTS belongs to the TLS proxy.
  hsts: false,
  crossOriginEmbedderPolicy: false,
};

/**
 * The headers helmet sets for `options`, taken once. None of ours depends on the request (the
 * policy's directives are fixed strings, no per-request nonce), so every response can carry the
 * same list: @fastify/helmet ran helmet on each request instead, parsing the policy again, and on
 * Node 20 its per-request reply decorator kept each request's objects alive through the
 * young-generation collections (docs/decisions/0008-security-headers-once.md).
 */
function securityHeaders(options: HelmetOptions): ReadonlyArray<readonly [string, string]> {
  const headers = new Map<string, string>();
  const response = {
    setHeader: (name: string, value: string | number) => headers.set(name.toLowerCase(), String(value)),
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return [...headers];
}

export const securityPlugin = fp<{ rateLimitPerMinute: number; database: DatabaseHandle }>(
  async (app: FastifyInstance, { rateLimitPerMinute, database }) => {
    const headers = securityHeaders(HELMET_OPTIONS);
    // On the raw response, as helmet did: a route may still replace one with reply.header().
    app.addHook('onRequest', (_request, reply, done) => {
      for (const [name, value] of headers) reply.raw.setHeader(name, value);
      done();
    });
    if (rateLimitPerMinute > 0) {
      await app.register(rateLimit, {
        max: rateLimitPerMinute,
        timeWindow: 60_000,
        // Several processes may share one PostgreSQL database, and so must share the budget; the
        // embedded database serves one process, whose memory is the cheapest store.
        ...(database.driver === 'postgres' ? { store: postgresRateLimitStore(database.db) } : {}),
        errorResponseBuilder: (_request, context) => {
          const err = new AppError(
            'RATE_LIMITED',
            `Too many requests. Try again in ${Math.ceil(context.ttl / 1000)} seconds.`,
          );
          return Object.assign(new Error(err.message), { statusCode: 429, body: errorBody(err) });
        },
      });
    }
  },
  { name: 'security' },
);
