import type { SessionUser } from '@inspecta/contract';
import { type ElementProps, UnstyledButton } from '@mantine/core';
import { forwardRef } from 'react';
import { fullName, UserAvatar } from '@/components/ui/user-avatar';

interface ProfileMenuButtonProps extends ElementProps<'button'> {
  user: Pick<SessionUser, 'firstName' | 'lastName' | 'profileImage'>;
}

/** The header's profile image: the menu's target, and the same button before the menu has loaded. */
export const ProfileMenuButton = forwardRef<HTMLButtonElement, ProfileMenuButtonProps>(
  ({ user, ...props }, ref) => (
    <UnstyledButton
      ref={ref}
      aria-label={`Profile menu of ${fullName(user)}`}
      data-testid="profile-menu"
      style={{ borderRadius: '50%', lineHeight: 0 }}
      {...props}
    >
      <UserAvatar user={user} size={38} />
    </UnstyledButton>
  ),
);
ProfileMenuButton.displayName = 'ProfileMenuButton';
