import { lazy } from 'react';
import { MenuLoadedOnPress } from '@/components/ui/menu-loaded-on-press';
import { ProfileMenuButton } from './profile-menu-button';
import type { ProfileMenuProps } from './profile-menu-dropdown';

const loadDropdown = () => import('./profile-menu-dropdown');
const ProfileMenuDropdown = lazy(() =>
  loadDropdown().then((module) => ({ default: module.ProfileMenuDropdown })),
);
// Loading ahead of a press; a failure then is the press's to report (the route's error screen).
const preload = () => {
  loadDropdown().catch(() => undefined);
};

/**
 * The header's profile image; it opens a menu of the places that have no sidebar entry. Until it is
 * first pressed it is a plain button: the menu's code (Mantine's Menu and its positioning, about
 * 19 KB, used by nothing else on the dashboard's home) loads on that press, or as soon as the pointer
 * or the focus reaches the button, and the menu opens (docs/performance.md).
 */
export function ProfileMenu({ user, items }: ProfileMenuProps) {
  return (
    <MenuLoadedOnPress button={<ProfileMenuButton user={user} />} preload={preload}>
      {(openAtOnce) => <ProfileMenuDropdown user={user} items={items} openAtOnce={openAtOnce} />}
    </MenuLoadedOnPress>
  );
}
