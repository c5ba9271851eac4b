import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../core/errors.js';
import { errorBody } from './error-handler.js';

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

export const securityPlugin = fp<{ rateLimitPerMinute: number }>(
  async (app: FastifyInstance, { rateLimitPerMinute }) => {
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
