import { errorBodySchema } from '@inspecta/contract';
import type { FastifyRequest } from 'fastify';
import { AppError } from './errors.js';
import type { RequestOrigin } from './request-origin.js';

/** Error answers documented in OpenAPI for a route, all in the one error body shape. */
export function errorResponses<const S extends readonly number[]>(...statuses: S) {
  return Object.fromEntries(statuses.map((s) => [s, errorBodySchema])) as {
    [K in S[number]]: typeof errorBodySchema;
  };
}

/** The caller of a route whose access rule requires sign-in; the hook has already checked it. */
export function requireAuth(request: FastifyRequest) {
  if (!request.auth) throw AppError.unauthenticated();
  return request.auth;
}

/** Who is asking, for the audit trail and the throttles. */
export function originOf(request: FastifyRequest): RequestOrigin {
  return { ip: request.ip, userAgent: request.headers['user-agent'] };
}
