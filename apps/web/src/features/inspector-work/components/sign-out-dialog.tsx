import type { SessionUser } from '@inspecta/contract';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { SignOutDialogProps } from '@/components/ui/account-menu';
import { paths } from '@/config/paths';
import { signOutDevice } from '@/features/auth';
import { endInspectorSession, getInspectorSession } from '@/lib/session';
import { removeAllDrafts, unsyncedDraftCount } from '../lib/draft-store';

interface InspectorSignOutDialogProps extends SignOutDialogProps {
  user: SessionUser;
}

/** "Sign out?": warns about answers not yet sent, then ends the session and deletes this device's drafts. */
export function SignOutDialog({ user, opened, onClose, onClosed }: InspectorSignOutDialogProps) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const unsynced = opened ? unsyncedDraftCount(user.id) : 0;

  const signOut = async () => {
    setBusy(true);
    await signOutDevice(getInspectorSession()?.token, () => {
      removeAllDrafts(user.id);
      endInspectorSession();
      return navigate(paths.inspectorSignIn, { replace: true });
    });
  };

  return (
    <Modal opened={opened} onClose={onClose} onExitTransitionEnd={onClosed} title="Sign out?" centered>
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
          <Button variant="default" onClick={onClose}>
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
  );
}
