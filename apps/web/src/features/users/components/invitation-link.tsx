import type { InvitationDelivery } from '@inspecta/contract';
import { ActionIcon, Code, CopyButton, Group, Stack, Text, Tooltip } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { formatDateTime } from '@/utils/format-relative-time';

function InvitationLink({ name, invitation }: { name: string; invitation: InvitationDelivery }) {
  return (
    <Stack gap="sm">
      <Text size="sm">
        {invitation.delivery === 'failed'
          ? `The mail server refused the email to ${name}.`
          : 'No mail server is configured yet, so the email is waiting in the outbox.'}{' '}
        Copy the link and send it to them another way. It works once and expires on{' '}
        {formatDateTime(invitation.expiresAt)}.
      </Text>
      <Group gap="xs" wrap="nowrap" align="center">
        <Code
          block
          style={{ flex: 1, wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}
          data-testid="invitation-link"
        >
          {invitation.link}
        </Code>
        <CopyButton value={invitation.link}>
          {({ copied, copy }) => (
            <Tooltip label={copied ? 'Copied' : 'Copy link'} withArrow>
              <ActionIcon
                variant="light"
                size="lg"
                onClick={copy}
                aria-label={copied ? 'Link copied' : 'Copy invitation link'}
              >
                {copied ? (
                  <IconCheck size={18} aria-hidden="true" />
                ) : (
                  <IconCopy size={18} aria-hidden="true" />
                )}
              </ActionIcon>
            </Tooltip>
          )}
        </CopyButton>
      </Group>
    </Stack>
  );
}

/** After an invitation: a toast when it was emailed, otherwise the link to pass on by hand. */
export function announceInvitation(name: string, invitation: InvitationDelivery, message: string) {
  if (invitation.delivery === 'sent') {
    notifications.show({ color: 'green', title: 'Invitation sent', message });
    return;
  }
  modals.open({
    title: `Invitation link for ${name}`,
    size: 'lg',
    children: <InvitationLink name={name} invitation={invitation} />,
  });
}
