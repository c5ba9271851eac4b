import { isCommonPassword, PASSWORD_MIN_LENGTH, passwordNotEmail } from '@inspecta/contract';
import { List, ThemeIcon, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconPoint } from '@tabler/icons-react';

export interface PolicyRule {
  label: string;
  met: boolean;
}

/** The password policy of DESIGN.md as a list of rules, each met or not yet. */
export function passwordPolicyRules(password: string, email: string, confirmation: string): PolicyRule[] {
  return [
    { label: `At least ${PASSWORD_MIN_LENGTH} characters`, met: password.length >= PASSWORD_MIN_LENGTH },
    { label: 'Not a common password', met: password.length > 0 && !isCommonPassword(password) },
    { label: 'Not your email address', met: password.length > 0 && passwordNotEmail({ email, password }) },
    { label: 'Both entries match', met: password.length > 0 && password === confirmation },
  ];
}

/** Live feedback while a new password is typed. */
export function PasswordPolicyChecklist({ rules }: { rules: PolicyRule[] }) {
  return (
    <List spacing={4} size="sm" aria-label="Password requirements" data-testid="password-policy">
      {rules.map((rule) => (
        <List.Item
          key={rule.label}
          c={rule.met ? '#1d6b30' : 'gray.7'}
          fw={rule.met ? 600 : 400}
          icon={
            <ThemeIcon
              size={18}
              radius="xl"
              color={rule.met ? 'green' : 'gray'}
              variant="light"
              aria-hidden="true"
            >
              {rule.met ? <IconCheck size={12} stroke={3} /> : <IconPoint size={12} />}
            </ThemeIcon>
          }
        >
          {rule.label}
          <VisuallyHidden>{rule.met ? ' (met)' : ' (not met yet)'}</VisuallyHidden>
        </List.Item>
      ))}
    </List>
  );
}
