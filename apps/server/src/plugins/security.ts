import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
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

export const securityPlugin = fp<{ rateLimitPerMinute: number; database: DatabaseHandle }>(
  async (app: FastifyInstance, { rateLimitPerMinute, database }) => {
    await app.register(helmet, {
      contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
      // The app is served over plain HTTP on a fresh machine; HSTS belongs to the TLS proxy.
      hsts: false,
      crossOriginEmbedderPolicy: false,
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
