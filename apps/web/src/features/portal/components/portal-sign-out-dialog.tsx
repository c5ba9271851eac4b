import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { SignOutDialogProps } from '@/components/ui/account-menu';
import { paths } from '@/config/paths';
import { logout } from '@/features/auth';
import { endPortalSession, getPortalSession } from '@/lib/session';

/** "Sign out?": ends the portal session (on the server when it can) and shows the portal's sign-in. */
export function PortalSignOutDialog({ opened, onClose, onClosed }: SignOutDialogProps) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);

  const signOut = async () => {
    setBusy(true);
    const token = getPortalSession()?.token;
    // The server session is revoked when it can be; signing out offline still ends it here. Sent
    // before the portal leaves, answered after, so nothing of it refetches with the revoked token.
    const revoking = token ? logout(token).catch(() => undefined) : undefined;
    endPortalSession();
    navigate(paths.portal, { replace: true });
    await revoking;
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
