import type { SessionUser, UserType } from '@inspecta/contract';

/**
 * Who may call a route. Every API route declares one in `config.access`; a route without a
 * declaration is refused (deny by default), and a test walks the route table to catch one.
 */
export type AccessRule =
  | { readonly kind: 'public' }
  | { readonly kind: 'authenticated' }
  | { readonly kind: 'roles'; readonly roles: readonly UserType[] };

export const access = {
  /** Anyone, signed in or not (sign-in itself, health, docs). */
  public: { kind: 'public' } as AccessRule,
  /** Any signed-in, active user, whatever their role; the service checks the object. */
  authenticated: { kind: 'authenticated' } as AccessRule,
  /** Administrators only: every dashboard route. */
  admin: { kind: 'roles', roles: ['admin'] } as AccessRule,
  roles: (...roles: UserType[]): AccessRule => ({ kind: 'roles', roles }),
} as const;

/**
 * A route whose `:id` names an object that belongs to one user (their assignment, notification,
 * device): a caller who passes the role check still reaches only their own, and another user's
 * answers `othersGet`. Declared beside `access` on every such route; the authorization matrix test
 * (test/authorization-matrix.test.ts) refuses a non-admin route with an id that declares nothing.
 */
export interface OwnObjectRule {
  readonly object:
    | 'assignment'
    | 'notification'
    | 'push-registration'
    | 'corrective-action'
    // The client portal (issue 20): a client's own request, an action at one of the client's sites.
    | 'inspection-request'
    | 'site-action'
    | 'client-order'
    | 'client-bill'
    // The portal's reads (docs/portal.md): one of the client's sites, an inspection at one of them.
    | 'client-site'
    | 'client-inspection'
    // Asset labels (docs/equipment.md): a unit on one of the inspector's open assignments, a unit at
    // one of the client's sites.
    | 'assigned-unit'
    | 'client-unit';
  readonly othersGet: 403 | 404;
}

export const ownObject = (object: OwnObjectRule['object'], othersGet: 403 | 404 = 404): OwnObjectRule => ({
  object,
  othersGet,
});

/** The signed-in caller, attached to the request by the authentication hook. */
export interface AuthContext {
  userId: number;
  userType: UserType;
  sessionId: number;
  /** The user as loaded with the session, so handlers need not read it again. */
  user: SessionUser;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: AccessRule;
    ownObject?: OwnObjectRule;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}
