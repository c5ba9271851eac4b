import type { SessionUser } from '@inspecta/contract';
import { Avatar, type AvatarProps } from '@mantine/core';

type AvatarUser = Pick<SessionUser, 'firstName' | 'lastName' | 'profileImage'>;

export function fullName(user: Pick<SessionUser, 'firstName' | 'lastName'>): string {
  return `${user.firstName} ${user.lastName}`.trim();
}

export function initials(user: Pick<SessionUser, 'firstName' | 'lastName'>): string {
  return `${user.firstName.trim().charAt(0)}${user.lastName.trim().charAt(0)}`.toUpperCase();
}

interface UserAvatarProps extends Omit<AvatarProps, 'src' | 'alt' | 'children'> {
  user: AvatarUser;
}

/** The profile image (alt = the user's name), or the initials when there is none. */
export function UserAvatar({ user, ...rest }: UserAvatarProps) {
  const name = fullName(user);
  const image = user.profileImage || null;
  return (
    <Avatar
      src={image}
      alt={name}
      radius="xl"
      color="brand"
      variant="filled"
      // Without an image the initials are decorative text; expose the name instead.
      {...(image ? {} : { role: 'img', 'aria-label': name })}
      {...rest}
    >
      <span aria-hidden="true">{initials(user)}</span>
    </Avatar>
  );
}
