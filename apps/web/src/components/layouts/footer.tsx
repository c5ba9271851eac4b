import { Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Logo } from '@/components/ui/logo';
import { COPYRIGHT_TEXT } from '@/config/app';
import classes from './dashboard-layout.module.css';

/** `mark`: the organisation's logo, shown beside the copyright when set. */
export function Footer({ mark }: { mark?: ReactNode }) {
  return (
    <footer className={classes.footer}>
      <Group justify="space-between" gap="sm">
        <Logo size={24} />
        <Group gap="sm" wrap="nowrap">
          {mark}
          <Text size="sm" c="dimmed" data-testid="footer-copyright">
            {COPYRIGHT_TEXT}
          </Text>
        </Group>
      </Group>
    </footer>
  );
}
