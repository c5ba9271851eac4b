import { Button, Group, Modal, Text } from '@mantine/core';
import { useState } from 'react';

interface LogoutModalProps {
  opened: boolean;
  onClose: () => void;
  /** Ends the session; the modal shows a busy button until it settles. */
  onConfirm: () => Promise<void> | void;
}

export function LogoutModal({ opened, onClose, onConfirm }: LogoutModalProps) {
  const [pending, setPending] = useState(false);

  const confirm = async () => {
    setPending(true);
    try {
      await onConfirm();
    } finally {
      setPending(false);
    }
  };

  return (
    <Modal.Root opened={opened} onClose={onClose} centered size="sm">
      <Modal.Overlay />
      <Modal.Content>
        {/* A div, not Mantine's default <header>: the page already has its banner landmark. */}
        <Modal.Header component="div">
          <Modal.Title fw={650}>Log out</Modal.Title>
          <Modal.CloseButton aria-label="Close" />
        </Modal.Header>
        <Modal.Body>
          <Text>Are you sure you want to log out?</Text>
          <Group justify="flex-end" mt="xl" gap="sm">
            {/* Focus starts on the safe answer: Enter or Space by habit does not end the session. */}
            <Button variant="default" onClick={onClose} disabled={pending} data-autofocus>
              No, cancel
            </Button>
            <Button color="red" onClick={confirm} loading={pending}>
              Yes, Logout
            </Button>
          </Group>
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
