import type { SessionUser } from '@inspecta/contract';
import { ActionIcon, type ElementProps } from '@mantine/core';
import { IconUserCircle } from '@tabler/icons-react';
import { forwardRef } from 'react';

interface AccountButtonProps extends ElementProps<'button'> {
  user: SessionUser;
}

/** The top bar's account button: the menu's target, and the same button before the menu has loaded. */
export const AccountButton = forwardRef<HTMLButtonElement, AccountButtonProps>(({ user, ...props }, ref) => (
  <ActionIcon
    ref={ref}
    size={44}
    variant="subtle"
    color="white"
    aria-label={`Account: ${user.firstName}`}
    data-testid="inspector-account"
    {...props}
  >
    <IconUserCircle size={28} aria-hidden="true" />
  </ActionIcon>
));
AccountButton.displayName = 'AccountButton';
