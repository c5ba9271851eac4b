import type { SessionUser, UserType } from '@inspecta/contract';
import { INSPECTOR_APP_PATH, PORTAL_PATH } from '@/config/app';
import { startSession } from '@/lib/session-store';
import { PasswordSignInForm, type WrongRole } from './password-sign-in-form';

export const NOT_ADMIN_MESSAGE = `This dashboard is for administrators. Inspectors use the inspector app at ${INSPECTOR_APP_PATH}.`;
/** What a client signing in to the dashboard is told: the client portal is theirs. */
export const NOT_ADMIN_CLIENT_MESSAGE = `This dashboard is for administrators. Clients sign in to the client portal at ${PORTAL_PATH}.`;

/** The dashboard's refusal of anyone but an administrator, pointing each to their own app. */
export function dashboardWrongRole(userType: UserType): WrongRole {
  return {
    title: 'Administrators only',
    message: userType === 'client' ? NOT_ADMIN_CLIENT_MESSAGE : NOT_ADMIN_MESSAGE,
  };
}

interface LoginFormProps {
  /** Called once an administrator's session is stored. */
  onSuccess: (user: SessionUser) => void;
}

/** The dashboard's email sign-in: administrators only; the session goes under the SPEC.md keys. */
export function LoginForm({ onSuccess }: LoginFormProps) {
  return (
    <PasswordSignInForm
      userType="admin"
      startSession={startSession}
      onSuccess={onSuccess}
      wrongRole={dashboardWrongRole}
      label="Sign in"
      errorTestId="login-error"
    />
  );
}
