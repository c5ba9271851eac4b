import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AccessRule, OwnObjectRule } from '../core/access.js';
import { AppError } from '../core/errors.js';
import { tokenFromAuthorizationHeader } from '../core/security/session-token.js';
import type { AuthService } from '../modules/auth/index.js';

export const API_PREFIX = '/api';

/** Every route under /api that is registered, with its declared rule, for the route-table test. */
export interface RouteAccessEntry {
  method: string;
  url: string;
  access: AccessRule | undefined;
  ownObject: OwnObjectRule | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    apiRoutes: RouteAccessEntry[];
  }
}

/**
 * The one place access is decided: authenticate the token, then apply the route's declared rule.
 * An API route that declares nothing is refused, so forgetting a declaration fails closed.
 */
export const accessControlPlugin = fp<{ authService: AuthService }>(
  async (app: FastifyInstance, { authService }) => {
    const apiRoutes: RouteAccessEntry[] = [];
    app.decorate('apiRoutes', apiRoutes);
    app.decorateRequest('auth', null);

    app.addHook('onRoute', (route) => {
      if (!route.url.startsWith(API_PREFIX)) return;
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) {
        if (method === 'HEAD') continue;
        // Read lazily: a plugin's own onRoute hook (e.g. the docs) may set the rule after this one.
        apiRoutes.push({
          method,
          url: route.url,
          get access() {
            return route.config?.access;
          },
          get ownObject() {
            return route.config?.ownObject;
          },
        });
      }
      // A route-level hook, appended after the rate limiter's, so floods are throttled before
      // any token is looked up.
      const existing = route.onRequest
        ? Array.isArray(route.onRequest)
          ? route.onRequest
          : [route.onRequest]
        : [];
      route.onRequest = [...existing, checkAccess];
    });

    async function checkAccess(request: FastifyRequest): Promise<void> {
      const rule = request.routeOptions.config.access;
      if (!rule) {
        request.log.error({ route: request.routeOptions.url }, 'route has no access declaration; refusing');
        throw AppError.forbidden();
      }
      if (rule.kind === 'public') return;
      request.auth = await authenticate(request, authService);
      if (!request.auth) throw AppError.unauthenticated('Your session has ended. Please sign in again.');
      if (rule.kind === 'roles' && !rule.roles.includes(request.auth.userType)) {
        throw AppError.forbidden('Your role does not allow this action');
      }
    }
  },
  { name: 'access-control' },
);

async function authenticate(request: FastifyRequest, authService: AuthService) {
  const token = tokenFromAuthorizationHeader(request.headers.authorization);
  if (!token) return null;
  return authService.authenticate(token);
}
