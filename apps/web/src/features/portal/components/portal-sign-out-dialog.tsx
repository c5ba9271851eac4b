import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { SignOutDialogProps } from '@/components/ui/account-menu';
import { paths } from '@/config/paths';
import { signOutDevice } from '@/features/auth';
import { endPortalSession, getPortalSession } from '@/lib/session';

/** "Sign out?": ends the portal session (on the server when it can) and shows the portal's sign-in. */
export function PortalSignOutDialog({ opened, onClose, onClosed }: SignOutDialogProps) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);

  const signOut = async () => {
    setBusy(true);
    await signOutDevice(getPortalSession()?.token, () => {
      endPortalSession();
      return navigate(paths.portal, { replace: true });
    });
  };

  return (
    <Modal opened={opened} onClose={onClose} onExitTransitionEnd={onClosed} title="Sign out?" centered>
      <Stack>
        <Text size="sm">You leave the client portal on this device. Your reports stay available.</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Stay signed in
          </Button>
          <Button onClick={signOut} loading={busy} data-testid="portal-sign-out-confirm">
            Sign out
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
