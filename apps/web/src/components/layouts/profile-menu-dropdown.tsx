import type { SessionUser } from '@inspecta/contract';
import { Menu } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ProfileMenuButton } from './profile-menu-button';

interface ProfileMenuItem {
  label: string;
  to: string;
  icon: Icon;
}

export interface ProfileMenuProps {
  user: Pick<SessionUser, 'firstName' | 'lastName' | 'profileImage'>;
  /** The places the menu leads to (composed by the app: Shop, Settings…). */
  items: ProfileMenuItem[];
}

/** The profile menu itself (Mantine's Menu); `ProfileMenu` loads it on the first press of its button. */
export function ProfileMenuDropdown({
  user,
  items,
  defaultOpened = false,
}: ProfileMenuProps & { defaultOpened?: boolean }) {
  return (
    <Menu position="bottom-end" shadow="md" width={220} withinPortal defaultOpened={defaultOpened}>
      <Menu.Target>
        <ProfileMenuButton user={user} />
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
