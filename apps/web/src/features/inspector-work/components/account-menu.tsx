import type { SessionUser } from '@inspecta/contract';
import { Menu } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { type OpenAtOnce, useMenuOpenedAfterLoad } from '@/hooks/use-menu-loaded-on-press';
import { AccountButton } from './account-button';

/** The sign-out dialog (with the drafts store it checks, and zod with that) loads when first asked for. */
const SignOutDialog = lazy(() =>
  import('./sign-out-dialog').then((module) => ({ default: module.SignOutDialog })),
);

interface AccountMenuProps {
  user: SessionUser;
  /** Open as soon as it is shown: the menu's code was loaded by a press on its plain button. */
  openAtOnce?: OpenAtOnce;
}

/** Who is signed in, and "Sign out" (which asks first, warning about answers not yet sent). */
export function AccountMenu({ user, openAtOnce }: AccountMenuProps) {
  const target = useRef<HTMLButtonElement>(null);
  const [opened, setOpened] = useMenuOpenedAfterLoad(openAtOnce, target);
  const [confirming, setConfirming] = useState(false);
  const [asked, setAsked] = useState(false);

  return (
    <>
      {/* While the dialog asks, the menu closing must not pull the focus back to its button. */}
      <Menu position="bottom-end" withinPortal opened={opened} onChange={setOpened} returnFocus={!confirming}>
        <Menu.Target>
          <AccountButton ref={target} user={user} />
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>
            {user.firstName} {user.lastName}
          </Menu.Label>
          <Menu.Item
            leftSection={<IconLogout size={16} aria-hidden="true" />}
            onClick={() => {
              setAsked(true);
              setConfirming(true);
            }}
            data-testid="inspector-sign-out"
          >
            Sign out
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      {asked ? (
        <Suspense fallback={null}>
          <SignOutDialog
            user={user}
            opened={confirming}
            onClose={() => setConfirming(false)}
            onClosed={() => target.current?.focus({ preventScroll: true })}
          />
        </Suspense>
      ) : null}
    </>
  );
}
