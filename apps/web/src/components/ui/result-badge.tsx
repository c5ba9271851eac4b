import type { InspectionResult } from '@inspecta/contract';
import { Badge, type BadgeProps } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';

/**
 * Colours with AA contrast: Mantine's green-8/9 on white (and white on them) are below 4.5:1, and
 * orange-9 on its own tint too. Red comes from the theme's darker scale.
 */
export const resultColours = {
  pass: '#237032',
  fail: 'var(--mantine-color-red-8)',
  attention: '#a63c06',
} as const;

interface ResultBadgeProps extends Omit<BadgeProps, 'color' | 'children'> {
  result: InspectionResult;
}

/** Pass (green) or Fail (red), with an icon so the result does not rest on colour alone. */
export function ResultBadge({ result, ...rest }: ResultBadgeProps) {
  const pass = result === 'pass';
  const Icon = pass ? IconCircleCheck : IconAlertTriangle;
  return (
    <Badge
      color={pass ? resultColours.pass : resultColours.fail}
      variant="filled"
      leftSection={<Icon size={14} aria-hidden="true" />}
      data-testid="result-badge"
      data-result={result}
      style={{ minWidth: 'max-content' }}
      {...rest}
    >
      {pass ? 'Pass' : 'Fail'}
    </Badge>
  );
}
