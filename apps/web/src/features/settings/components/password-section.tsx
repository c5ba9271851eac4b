import { PASSWORD_MIN_LENGTH } from '@inspecta/contract';
import { useChangePassword } from '../api/change-password';
import { ChangePasswordForm } from './change-password-form';
import { SettingsCard } from './settings-card';

/** Current password required; on success every other session is signed out. */
export function PasswordSection() {
  const change = useChangePassword();
  return (
    <SettingsCard
      id="password"
      title="Password"
      description={`At least ${PASSWORD_MIN_LENGTH} characters, not a common password and not your email. Changing it signs you out everywhere else.`}
    >
      <ChangePasswordForm change={change} />
    </SettingsCard>
  );
}
