import { Anchor, Group, Paper, Stack, Title } from '@mantine/core';
import { IconMail, IconPhone } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { formatPhone } from '../../lib/format';

/** A titled panel of the site's page, named for screen readers by its title. */
export function DetailCard({
  title,
  children,
  action,
}: {
  title: string;
  children: ReactNode;
  action?: ReactNode;
}) {
  return (
    <Paper withBorder p="md" bg="white" h="100%" component="section" aria-label={title}>
      <Group justify="space-between" mb="sm" gap="xs">
        <Title order={2} fz="h3">
          {title}
        </Title>
        {action}
      </Group>
      {children}
    </Paper>
  );
}

/** A phone and an email as links that call or write. */
export function ContactLine({ phone, email }: { phone: string | null; email: string | null }) {
  return (
    <Stack gap={2}>
      {phone ? (
        <Anchor href={`tel:${phone}`} size="sm">
          <IconPhone size={14} aria-hidden="true" /> {formatPhone(phone)}
        </Anchor>
      ) : null}
      {email ? (
        <Anchor href={`mailto:${email}`} size="sm" style={{ overflowWrap: 'anywhere' }}>
          <IconMail size={14} aria-hidden="true" /> {email}
        </Anchor>
      ) : null}
    </Stack>
  );
}
