import type { SessionUser } from '@inspecta/contract';
import { ActionIcon, Menu } from '@mantine/core';
import { IconLogout, IconUserCircle } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';

/**
 * The sign-out dialog (with the drafts store it checks, and zod with that) loads when it is first
 * asked for, not with the assignments list (docs/performance.md).
 */
const SignOutDialog = lazy(() =>
  import('./sign-out-dialog').then((module) => ({ default: module.SignOutDialog })),
);

/** The inspector's menu: who is signed in, and sign out (warning about answers not yet sent). */
export function InspectorAccountMenu({ user }: { user: SessionUser }) {
  const [confirming, setConfirming] = useState(false);
  const [asked, setAsked] = useState(false);

  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon
            size={44}
            variant="subtle"
            color="white"
            aria-label={`Account: ${user.firstName}`}
            data-testid="inspector-account"
          >
            <IconUserCircle size={28} aria-hidden="true" />
          </ActionIcon>
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
