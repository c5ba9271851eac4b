import type { TemplateContent } from '@inspecta/contract';
import {
  Alert,
  Badge,
  Group,
  List,
  Paper,
  Stack,
  Text,
  Textarea,
  ThemeIcon,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconListCheck } from '@tabler/icons-react';
import { plural } from '@/lib/plural';
import { itemLabels, type UnitProgress } from '../lib/answers';
import classes from './inspector.module.css';

interface ReviewPanelProps {
  content: TemplateContent;
  progress: UnitProgress[];
  remarks: string;
  onRemarks: (value: string) => void;
  /** Opens a unit's form at an item. */
  onJump: (unitKey: string, itemKey: string) => void;
  submitError: { message: string; details: string[] } | null;
}

/** Before submitting: what is still missing and what fails, per unit; remarks for the report. */
export function ReviewPanel({
  content,
  progress,
  remarks,
  onRemarks,
  onJump,
  submitError,
}: ReviewPanelProps) {
  const labels = itemLabels(content);
  const missing = progress.reduce(
    (n, p) => n + p.evaluation.missingItems.length + p.evaluation.invalidItems.length,
    0,
  );
  const failed = progress.reduce((n, p) => n + p.evaluation.failedItems.length, 0);
  const single = progress.length === 1;

  return (
    <Stack gap="md" data-testid="review-panel">
      <Title order={2} size="h3">
        Review before submitting
      </Title>
      {submitError ? (
        <Alert
          color="red"
          variant="light"
          title={submitError.message}
          icon={<IconAlertTriangle aria-hidden="true" />}
          data-testid="submit-error"
        >
          {submitError.details.length ? (
            <List size="sm" spacing={4}>
              {submitError.details.map((d) => (
                <List.Item key={d}>{d}</List.Item>
              ))}
            </List>
          ) : null}
        </Alert>
      ) : null}
      <Group gap="xs">
        <Badge
          size="lg"
          radius="sm"
          tt="none"
          variant="light"
          color={missing ? 'orange' : 'green'}
          c={missing ? '#7a4b00' : '#1e6b32'}
          data-testid="review-missing"
        >
          {missing ? `${missing} to answer` : 'All required answered'}
        </Badge>
        <Badge
          size="lg"
          radius="sm"
          tt="none"
          variant={failed ? 'filled' : 'light'}
          color={failed ? 'red' : 'green'}
          c={failed ? undefined : '#1e6b32'}
          data-testid="review-failed"
        >
          {failed ? plural(failed, 'failed item') : 'No failures'}
        </Badge>
      </Group>

      {progress.map(({ unit, evaluation, answered, total }) => {
        const open = [...evaluation.missingItems, ...evaluation.invalidItems];
        return (
          <Paper key={unit.key} withBorder radius="md" p="md" data-testid="review-unit">
            <Group
              justify="space-between"
              wrap="nowrap"
              mb={open.length || evaluation.failedItems.length ? 'xs' : 0}
            >
              <div style={{ minWidth: 0 }}>
                <Text fw={700} truncate="end">
                  {single ? 'Checklist' : unit.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {answered} of {total} answered
                </Text>
              </div>
              {!open.length && !evaluation.failedItems.length ? (
                <>
                  <ThemeIcon color="green" variant="light" radius="xl" aria-hidden="true">
                    <IconCircleCheck size={18} />
                  </ThemeIcon>
                  <VisuallyHidden>Complete, no failures</VisuallyHidden>
                </>
              ) : null}
            </Group>
            {open.length ? (
              <Stack gap={2} mb={evaluation.failedItems.length ? 'xs' : 0}>
                <Text size="xs" fw={700} c="orange.9" tt="uppercase">
                  Still to answer
                </Text>
                {open.map((key) => (
                  <button
                    key={key}
                    type="button"
                    className={classes.reviewLink}
                    onClick={() => onJump(unit.key, key)}
                  >
                    <Text size="sm" c="orange.9">
                      {labels.get(key)}
                      {evaluation.items[key]?.outcome === 'invalid'
                        ? ` — ${evaluation.items[key]?.reason}`
                        : ''}
                    </Text>
                  </button>
                ))}
              </Stack>
            ) : null}
            {evaluation.failedItems.length ? (
              <Stack gap={2}>
                <Text size="xs" fw={700} c="red.8" tt="uppercase">
                  Failed
                </Text>
                {evaluation.failedItems.map((key) => (
                  <button
                    key={key}
                    type="button"
                    className={classes.reviewLink}
                    onClick={() => onJump(unit.key, key)}
                  >
                    <Text size="sm" c="red.8" fw={600} data-testid="review-failed-item">
                      {labels.get(key)}
                      <Text span c="dimmed" fw={400}>
                        {' '}
                        — {evaluation.items[key]?.reason}
                      </Text>
                    </Text>
                  </button>
                ))}
              </Stack>
            ) : null}
          </Paper>
        );
      })}

      <Textarea
        label="Remarks"
        description="Anything the office or the client should know (optional, goes on the report)"
        size="md"
        autosize
        minRows={3}
        maxLength={2000}
        value={remarks}
        onChange={(e) => onRemarks(e.currentTarget.value)}
        data-testid="remarks"
      />
      {missing ? (
        <Alert color="orange" variant="light" icon={<IconListCheck aria-hidden="true" />}>
          Answer the {missing === 1 ? 'item' : `${missing} items`} above to submit.
        </Alert>
      ) : null}
    </Stack>
  );
}
