import type { SessionUser } from '@inspecta/contract';
import { Menu } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { AccountButton } from './account-button';

/** The sign-out dialog (with the drafts store it checks, and zod with that) loads when first asked for. */
const SignOutDialog = lazy(() =>
  import('./sign-out-dialog').then((module) => ({ default: module.SignOutDialog })),
);

interface AccountMenuProps {
  user: SessionUser;
  /** Open at once: the menu's code was loaded by a press on its button. */
  defaultOpened?: boolean;
}

/** Who is signed in, and "Sign out" (which asks first, warning about answers not yet sent). */
export function AccountMenu({ user, defaultOpened = false }: AccountMenuProps) {
  const [confirming, setConfirming] = useState(false);
  const [asked, setAsked] = useState(false);
  return (
    <>
      <Menu position="bottom-end" withinPortal defaultOpened={defaultOpened}>
        <Menu.Target>
          <AccountButton user={user} />
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
          <SignOutDialog user={user} opened={confirming} onClose={() => setConfirming(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
