import { Box, Paper, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './dashboard.module.css';

/** A titled panel of the home screen (charts and lists); no chart code, so the lists load without it. */
export function ChartPanel({
  title,
  subtitle,
  children,
  testId,
}: {
  title: string;
  subtitle?: string;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Paper withBorder p="md" bg="white" className={classes.panel} data-testid={testId}>
      <Box mb="sm">
        <Title order={2} size="h4">
          {title}
        </Title>
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
