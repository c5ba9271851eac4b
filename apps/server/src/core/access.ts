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
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

export function describeAccess(rule: AccessRule | undefined): string {
  if (!rule) return 'undeclared (denied)';
  if (rule.kind === 'roles') return `roles: ${rule.roles.join(', ')}`;
  return rule.kind;
}
