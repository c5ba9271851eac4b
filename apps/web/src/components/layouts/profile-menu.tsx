import { lazy, Suspense, useState } from 'react';
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
  const [wanted, setWanted] = useState(false);
  const button = (
    <ProfileMenuButton
      user={user}
      aria-haspopup="menu"
      aria-expanded={false}
      onPointerEnter={preload}
      onFocus={preload}
      onClick={() => setWanted(true)}
    />
  );
  if (!wanted) return button;
  return (
    <Suspense fallback={button}>
      <ProfileMenuDropdown user={user} items={items} defaultOpened />
    </Suspense>
  );
}
