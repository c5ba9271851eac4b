import { Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface SettingsCardProps {
  /** The section's anchor: /dashboard/setting#password scrolls to it. */
  id: string;
  title: string;
  description?: ReactNode;
  children: ReactNode;
}

/** One section of the settings page: a titled card in the single column. */
export function SettingsCard({ id, title, description, children }: SettingsCardProps) {
  const headingId = `${id}-heading`;
  return (
    <Paper
      component="section"
      id={id}
      aria-labelledby={headingId}
      withBorder
      bg="white"
      p={{ base: 'md', sm: 'xl' }}
      data-testid={`settings-${id}`}
      style={{ scrollMarginTop: 80 }}
    >
      <Stack gap="lg">
        <div>
          <Title order={2} size="h4" id={headingId}>
            {title}
          </Title>
          {description ? (
            <Text size="sm" c="dimmed" mt={4}>
              {description}
            </Text>
          ) : null}
        </div>
        {children}
      </Stack>
    </Paper>
  );
}
