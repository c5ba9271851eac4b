import type { SessionUser } from '@inspecta/contract';
import { Menu } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import { useRef } from 'react';
import { Link } from 'react-router';
import { type OpenAtOnce, useMenuOpenedAfterLoad } from '@/hooks/use-menu-loaded-on-press';
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
  openAtOnce,
}: ProfileMenuProps & {
  /** Open as soon as it is shown: the menu's code was loaded by a press on its plain button. */
  openAtOnce?: OpenAtOnce;
}) {
  const target = useRef<HTMLButtonElement>(null);
  const [opened, setOpened] = useMenuOpenedAfterLoad(openAtOnce, target);
  return (
    <Menu position="bottom-end" shadow="md" width={220} withinPortal opened={opened} onChange={setOpened}>
      <Menu.Target>
        <ProfileMenuButton ref={target} user={user} />
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
