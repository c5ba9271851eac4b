import type { SessionUser } from '@inspecta/contract';
import { INSPECTOR_APP_PATH } from '@/config/app';
import { startSession } from '@/lib/session';
import { PasswordSignInForm } from './password-sign-in-form';

export const NOT_ADMIN_MESSAGE = `This dashboard is for administrators. Inspectors use the inspector app at ${INSPECTOR_APP_PATH}.`;

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
      wrongRole={{ title: 'Administrators only', message: NOT_ADMIN_MESSAGE }}
      label="Sign in"
      errorTestId="login-error"
    />
  );
}
