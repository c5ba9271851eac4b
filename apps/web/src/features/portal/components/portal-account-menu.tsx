import type { SessionUser } from '@inspecta/contract';
import { Menu } from '@mantine/core';
import { IconSettings } from '@tabler/icons-react';
import { lazy } from 'react';
import { NavLink } from 'react-router';
import { AccountMenu } from '@/components/ui/account-menu';
import { paths } from '@/config/paths';
import type { OpenAtOnce } from '@/hooks/use-menu-loaded-on-press';
import { PortalAccountButton } from './portal-account-button';

/** The sign-out dialog (Mantine's `Modal`, its overlay and scroll lock) loads when the menu first opens. */
const loadSignOutDialog = () => import('./portal-sign-out-dialog');
// Ahead of "Sign out"; a failure then is the dialog's to report when it is asked for.
const preloadSignOutDialog = () => {
  loadSignOutDialog().catch(() => undefined);
};
const PortalSignOutDialog = lazy(() =>
  loadSignOutDialog().then((module) => ({ default: module.PortalSignOutDialog })),
);

interface PortalAccountMenuProps {
  user: SessionUser;
  /** Open as soon as it is shown: the menu's code was loaded by a press on its plain button. */
  openAtOnce?: OpenAtOnce;
}

/** Who is signed in, their account page, and "Sign out" (which asks first). */
export function PortalAccountMenu({ user, openAtOnce }: PortalAccountMenuProps) {
  return (
    <AccountMenu
      button={<PortalAccountButton user={user} />}
      name={`${user.firstName} ${user.lastName}`}
      openAtOnce={openAtOnce}
      signOutTestId="portal-sign-out"
      signOutDialog={(props) => <PortalSignOutDialog {...props} />}
      onOpen={preloadSignOutDialog}
    >
      <Menu.Item
        component={NavLink}
        to={paths.portalAccount}
        leftSection={<IconSettings size={16} aria-hidden="true" />}
        data-testid="portal-account-link"
      >
        Account
      </Menu.Item>
    </AccountMenu>
  );
}
