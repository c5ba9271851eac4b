import type { SessionUser } from '@inspecta/contract';
import { ActionIcon, type ElementProps } from '@mantine/core';
import { IconUserCircle } from '@tabler/icons-react';
import { forwardRef } from 'react';
import classes from './portal.module.css';

interface PortalAccountButtonProps extends ElementProps<'button'> {
  user: SessionUser;
}

/** The top bar's account button: the menu's target, and the same button before the menu has loaded. */
export const PortalAccountButton = forwardRef<HTMLButtonElement, PortalAccountButtonProps>(
  ({ user, className, ...props }, ref) => (
    <ActionIcon
      ref={ref}
      size={44}
      variant="subtle"
      color="white"
      // The menu's target passes a class name of its own (empty, most often): both are kept.
      className={className ? `${classes.barButton} ${className}` : classes.barButton}
      aria-label={`Account: ${user.firstName} ${user.lastName}`}
      data-testid="portal-account"
      {...props}
    >
      <IconUserCircle size={26} aria-hidden="true" />
    </ActionIcon>
  ),
);
PortalAccountButton.displayName = 'PortalAccountButton';
