import { Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** The small uppercase caption above a value, alike on every detail page. */
export function FactLabel({ children }: { children: ReactNode }) {
  return (
    <Text size="xs" c="dark.4" tt="uppercase" fw={600}>
      {children}
    </Text>
  );
}

/**
 * One labelled value of a detail page's facts grid (site, client, inspector, dates...). Long values
 * wrap instead of widening the page on a phone; an empty value shows a dash.
 */
export function Fact({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div>
      <FactLabel>{label}</FactLabel>
      <Text component="div" size="sm" mt={2} style={{ overflowWrap: 'anywhere' }} data-testid={testId}>
        {children === null || children === undefined || children === '' ? '—' : children}
      </Text>
    </div>
  );
}
