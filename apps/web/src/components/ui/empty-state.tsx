import { Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';

interface EmptyStateProps {
  icon: Icon;
  /** One sentence saying what will appear here. */
  children: ReactNode;
  'data-testid'?: string;
}

/** A quiet panel for a screen or list with nothing to show yet. */
export function EmptyState({ icon: IconComponent, children, ...rest }: EmptyStateProps) {
  return (
    <Paper
      withBorder
      p={{ base: 'xl', sm: 48 }}
      bg="white"
      data-testid={rest['data-testid'] ?? 'empty-state'}
    >
      <Stack align="center" gap="md" maw={460} mx="auto">
        <ThemeIcon size={56} radius="xl" variant="light" aria-hidden="true">
          <IconComponent size={28} stroke={1.6} />
        </ThemeIcon>
        <Text ta="center" c="dimmed" size="sm" lh={1.6}>
          {children}
        </Text>
      </Stack>
    </Paper>
  );
}
