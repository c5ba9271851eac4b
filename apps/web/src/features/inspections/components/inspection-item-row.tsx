import type { ItemResult, TemplateItem, UnitResult } from '@inspecta/contract';
import { Badge, Box, Grid, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { resultColours } from '@/components/ui/result-badge';
import { AnswerView, type OpenImages } from './answer-view';

const outcomeBadges: Partial<Record<ItemResult['outcome'], { label: string; color: string }>> = {
  fail: { label: 'Failed', color: 'red.8' },
  missing: { label: 'Missing', color: resultColours.attention },
  invalid: { label: 'Invalid answer', color: resultColours.attention },
  not_applicable: { label: 'Not applicable', color: 'gray.7' },
  skipped: { label: 'Optional, skipped', color: 'gray.7' },
};

/**
 * One checklist answer of a completed inspection: the question, its outcome badge and reason, the
 * answer (photos, signature...) and, beside it, what the screen adds (the admin's corrective action
 * link or "Create action", the client's link to the action on their site).
 */
export function InspectionItemRow({
  item,
  answer,
  result,
  anchor,
  onOpenImages,
  action,
  testId = 'inspection-item',
}: {
  item: TemplateItem;
  answer: UnitResult['answers'][string] | undefined;
  result: ItemResult | undefined;
  anchor: string;
  onOpenImages: OpenImages;
  action?: ReactNode;
  /** The portal keeps its own test id so its browser tests read only its rows. */
  testId?: string;
}) {
  const outcome = result?.outcome;
  const failed = outcome === 'fail';
  const flagged = failed || outcome === 'missing' || outcome === 'invalid';
  const badge = outcome ? outcomeBadges[outcome] : undefined;
  return (
    <Box
      id={anchor}
      tabIndex={-1}
      py="sm"
      px="sm"
      bg={failed ? 'red.0' : flagged ? 'orange.0' : undefined}
      style={{
        borderLeft: `4px solid ${
          failed ? 'var(--mantine-color-red-7)' : flagged ? 'var(--mantine-color-orange-6)' : 'transparent'
        }`,
        borderBottom: '1px solid var(--mantine-color-gray-2)',
        scrollMarginTop: 80,
      }}
      data-testid={testId}
      data-outcome={outcome ?? 'unknown'}
      data-item-key={item.key}
    >
      <Grid gutter="xs" align="flex-start">
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <Text size="sm" fw={500}>
            {item.label}
            {item.required ? null : (
              <Text span size="xs" c="dimmed">
                {' '}
                (optional)
              </Text>
            )}
          </Text>
          {badge ? (
            <Badge color={badge.color} variant={flagged ? 'filled' : 'light'} size="sm" mt={4} radius="sm">
              {badge.label}
            </Badge>
          ) : null}
          {result?.reason && (failed || flagged) ? (
            <Text size="sm" c={failed ? 'red.8' : resultColours.attention} mt={4} data-testid="item-reason">
              {result.reason}
            </Text>
          ) : null}
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <AnswerView item={item} answer={answer} outcome={outcome} onOpenImages={onOpenImages} />
          {action ? <Box mt={6}>{action}</Box> : null}
        </Grid.Col>
      </Grid>
    </Box>
  );
}
