import type { SessionUser } from '@inspecta/contract';
import { Menu, UnstyledButton } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import { Link } from 'react-router';
import { fullName, UserAvatar } from '@/components/ui/user-avatar';

export interface ProfileMenuItem {
  label: string;
  to: string;
  icon: Icon;
}

interface ProfileMenuProps {
  user: Pick<SessionUser, 'firstName' | 'lastName' | 'profileImage'>;
  /** The places the menu leads to (composed by the app: Shop, Settings…). */
  items: ProfileMenuItem[];
}

/** The header's profile image; it opens a menu of the places that have no sidebar entry. */
export function ProfileMenu({ user, items }: ProfileMenuProps) {
  return (
    <Menu position="bottom-end" shadow="md" width={220} withinPortal>
      <Menu.Target>
        <UnstyledButton
          aria-label={`Profile menu of ${fullName(user)}`}
          data-testid="profile-menu"
          style={{ borderRadius: '50%', lineHeight: 0 }}
        >
          <UserAvatar user={user} size={38} />
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        {items.map((item) => (
          <Menu.Item
            key={item.to}
            component={Link}
            to={item.to}
            leftSection={<item.icon size={16} aria-hidden="true" />}
          >
            {item.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
