import type { SessionUser } from '@inspecta/contract';
import { Menu } from '@mantine/core';
import { IconLogout, IconSettings } from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { NavLink } from 'react-router';
import { paths } from '@/config/paths';
import { type OpenAtOnce, useMenuOpenedAfterLoad } from '@/hooks/use-menu-loaded-on-press';
import { PortalAccountButton } from './portal-account-button';

/** The sign-out dialog (Mantine's `Modal`, its overlay and scroll lock) loads when the menu first opens. */
const loadSignOutDialog = () => import('./portal-sign-out-dialog');
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
  const target = useRef<HTMLButtonElement>(null);
  const [opened, setOpened] = useMenuOpenedAfterLoad(openAtOnce, target);
  const [confirming, setConfirming] = useState(false);
  const [asked, setAsked] = useState(false);
  useEffect(() => {
    if (!opened) return;
    // Ahead of "Sign out"; a failure then is the dialog's to report when it is asked for.
    loadSignOutDialog().catch(() => undefined);
  }, [opened]);

  return (
    <>
      {/* While the dialog asks, the menu closing must not pull the focus back to its button. */}
      <Menu position="bottom-end" withinPortal opened={opened} onChange={setOpened} returnFocus={!confirming}>
        <Menu.Target>
          <PortalAccountButton ref={target} user={user} />
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>
            {user.firstName} {user.lastName}
          </Menu.Label>
          <Menu.Item
            component={NavLink}
            to={paths.portalAccount}
            leftSection={<IconSettings size={16} aria-hidden="true" />}
            data-testid="portal-account-link"
          >
            Account
          </Menu.Item>
          <Menu.Item
            leftSection={<IconLogout size={16} aria-hidden="true" />}
            onClick={() => {
              setAsked(true);
              setConfirming(true);
            }}
            data-testid="portal-sign-out"
          >
            Sign out
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      {asked ? (
        <Suspense fallback={null}>
          <PortalSignOutDialog
            opened={confirming}
            onClose={() => setConfirming(false)}
            onClosed={() => target.current?.focus({ preventScroll: true })}
          />
        </Suspense>
      ) : null}
    </>
  );
}
