import type { SessionUser } from '@inspecta/contract';
import { ActionIcon, Alert, Button, Group, Menu, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconLogout, IconUserCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { logout } from '@/features/auth';
import { endInspectorSession, getInspectorSession } from '@/lib/session';
import { removeAllDrafts, unsyncedDraftCount } from '../lib/draft-store';

/** The inspector's menu: who is signed in, and sign out (warning about answers not yet sent). */
export function InspectorAccountMenu({ user }: { user: SessionUser }) {
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const unsynced = confirming ? unsyncedDraftCount(user.id) : 0;

  const signOut = async () => {
    setBusy(true);
    const token = getInspectorSession()?.token;
    // The server session is revoked when it can be; signing out offline still ends it here.
    if (token) await logout(token).catch(() => undefined);
    removeAllDrafts(user.id);
    endInspectorSession();
    navigate(paths.inspectorSignIn, { replace: true });
  };

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
            onClick={() => setConfirming(true)}
            data-testid="inspector-sign-out"
          >
            Sign out
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title="Sign out?" centered>
        <Stack>
          {unsynced ? (
            <Alert color="orange" variant="light" icon={<IconAlertTriangle aria-hidden="true" />}>
              {unsynced === 1 ? 'One inspection has' : `${unsynced} inspections have`} answers on this device
              that have not reached the server yet. Signing out deletes them. Connect to the internet and wait
              for “Saved” first to keep them.
            </Alert>
          ) : (
            <Text size="sm">Your saved answers stay on the server; this device keeps nothing.</Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              Stay signed in
            </Button>
            <Button
              color={unsynced ? 'red' : 'brand'}
              onClick={signOut}
              loading={busy}
              data-testid="sign-out-confirm"
            >
              Sign out
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
