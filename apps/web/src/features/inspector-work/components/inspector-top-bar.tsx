import { Box, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './inspector.module.css';

interface InspectorTopBarProps {
  /** A way back, or the product mark. */
  start: ReactNode;
  title: ReactNode;
  subtitle?: ReactNode;
  end?: ReactNode;
}

/** The inspector app's sticky top bar. */
export function InspectorTopBar({ start, title, subtitle, end }: InspectorTopBarProps) {
  return (
    <header className={classes.topBar}>
      <div className={classes.topBarInner}>
        {start}
        <Box style={{ flex: 1, minWidth: 0 }}>
          <Text component="h1" fw={700} fz="lg" lh={1.25} truncate="end" c="white" m={0}>
            {title}
          </Text>
          {subtitle ? (
            <Text size="xs" c="brand.0" truncate="end" component="div">
              {subtitle}
            </Text>
          ) : null}
        </Box>
        {end}
      </div>
    </header>
  );
}
