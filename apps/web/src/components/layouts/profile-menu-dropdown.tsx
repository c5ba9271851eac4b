import { Menu } from '@mantine/core';
import { Link } from 'react-router';
import type { ProfileMenuProps } from './profile-menu';
import { ProfileMenuButton } from './profile-menu-button';

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
