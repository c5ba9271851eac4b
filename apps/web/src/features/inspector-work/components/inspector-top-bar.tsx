import { ActionIcon, Box, Text } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
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

/** The top bar's way back to the inspector's assignments. */
export function BackToAssignments() {
  return (
    <ActionIcon
      component={Link}
      to={paths.inspector}
      size={44}
      variant="subtle"
      color="white"
      aria-label="Back to my assignments"
    >
      <IconArrowLeft size={24} aria-hidden="true" />
    </ActionIcon>
  );
}
