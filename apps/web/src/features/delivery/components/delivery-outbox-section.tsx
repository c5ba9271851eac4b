import { Alert, Button, Group, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconInbox } from '@tabler/icons-react';
import { useState } from 'react';
import { Pager } from '@/components/ui/pager';
import { formatDateTime } from '@/utils/format-relative-time';
import { OUTBOX_PAGE_SIZE, useDeliveryOutbox, useDeliveryStatus } from '../api/get-delivery-outbox';

const STATUS_COLOR = { queued: 'gray.7', sent: 'green.9', failed: 'red.8' } as const;
const STATUS_LABEL = { queued: 'Queued', sent: 'Sent', failed: 'Failed' } as const;

/**
 * Settings, administrators: the development outbox. Shown only while no mail server is configured
 * (SMTP_URL), so codes and links sent on a fresh machine can be read here, each by its recipient
 * only (the API masks them for everyone else).
 */
export function DeliveryOutboxSection() {
  const status = useDeliveryStatus();
  const [page, setPage] = useState(1);
  const show = status.data ? !status.data.emailConfigured : false;
  const outbox = useDeliveryOutbox(page, { enabled: show });
  if (!show) return null;

  const total = outbox.data?.pagination.total ?? 0;
  return (
    <Paper
      withBorder
      p="lg"
      component="section"
      aria-labelledby="delivery-outbox-title"
      data-testid="delivery-outbox"
    >
      <Stack gap="md">
        <div>
          <Title order={2} size="h3" id="delivery-outbox-title">
            Delivery outbox
          </Title>
          <Text size="sm" c="dimmed" mt={4}>
            No mail server is configured (SMTP_URL), so emails and text messages are kept here instead of
            being sent. Newest first.
          </Text>
          <Text size="sm" c="dimmed" mt={4}>
            Codes and links are shown only to the person a message was sent to; everyone else sees •••••• in
            their place.
          </Text>
        </div>
        {outbox.isError ? (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertCircle aria-hidden="true" />}
            title="The outbox could not be loaded"
          >
            <Button size="xs" variant="light" color="red" mt="xs" onClick={() => outbox.refetch()}>
              Retry
            </Button>
          </Alert>
        ) : outbox.isPending ? (
          <Stack gap="xs" aria-busy="true" aria-label="Loading the outbox">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} height={36} />
            ))}
          </Stack>
        ) : total === 0 ? (
          <Group gap="xs" c="dimmed">
            <IconInbox size={18} aria-hidden="true" />
            <Text size="sm">No messages yet.</Text>
          </Group>
        ) : (
          <>
            <Table.ScrollContainer minWidth={640} tabIndex={0} role="region" aria-label="Outbox messages">
              <Table verticalSpacing="sm" highlightOnHover>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>When</Table.Th>
                    <Table.Th>Channel</Table.Th>
                    <Table.Th>To</Table.Th>
                    <Table.Th>Message</Table.Th>
                    <Table.Th>Status</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {outbox.data?.messages.map((m) => (
                    <Table.Tr key={m.id}>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(m.createdAt)}</Table.Td>
                      <Table.Td>{m.channel === 'sms' ? 'SMS' : 'Email'}</Table.Td>
                      <Table.Td style={{ wordBreak: 'break-all' }}>{m.recipient}</Table.Td>
                      <Table.Td>
                        <Text size="sm" fw={600}>
                          {m.subject ?? m.body?.split('\n')[0] ?? ''}
                        </Text>
                        {m.masked ? null : (
                          <Text size="xs" c="dimmed">
                            Sent to you: its code or link is shown
                          </Text>
                        )}
                        {m.error ? (
                          <Text size="xs" c="red.8">
                            {m.error}
                          </Text>
                        ) : null}
                      </Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>
                        <Text size="sm" fw={600} c={STATUS_COLOR[m.status]}>
                          {STATUS_LABEL[m.status]}
                        </Text>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            {total > OUTBOX_PAGE_SIZE ? (
              <Pager total={Math.ceil(total / OUTBOX_PAGE_SIZE)} value={page} onChange={setPage} />
            ) : null}
          </>
        )}
      </Stack>
    </Paper>
  );
}
