import { Box, Group, Paper, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './dashboard.module.css';

/** A titled panel of the home screen (charts and lists); no chart code, so the lists load without it. */
export function ChartPanel({
  title,
  subtitle,
  children,
  testId,
  action,
}: {
  title: string;
  subtitle?: string;
  /** A link beside the title (e.g. the whole list). */
  action?: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Paper withBorder p="md" bg="white" className={classes.panel} data-testid={testId}>
      <Box mb="sm">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Title order={2} size="h4">
            {title}
          </Title>
          {action}
        </Group>
        {subtitle ? (
          <Text size="xs" c="dimmed" mt={2}>
            {subtitle}
          </Text>
        ) : null}
      </Box>
      {children}
    </Paper>
  );
}
