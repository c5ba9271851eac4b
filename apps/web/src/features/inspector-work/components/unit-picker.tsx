import { Badge, Box, Drawer, Progress, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import type { UnitProgress } from '../lib/answers';
import classes from './inspector.module.css';

interface UnitPickerProps {
  opened: boolean;
  onClose: () => void;
  progress: UnitProgress[];
  activeKey: string;
  onPick: (key: string) => void;
}

/** Every unit of the assignment with how far its form is, to jump between them. */
export function UnitPicker({ opened, onClose, progress, activeKey, onPick }: UnitPickerProps) {
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="bottom"
      size="75%"
      title="Units to inspect"
      radius="md"
    >
      <Stack gap="xs" data-testid="unit-picker">
        {progress.map(({ unit, answered, total, evaluation }, index) => {
          const failed = evaluation.failedItems.length;
          const complete = evaluation.result !== 'incomplete';
          return (
            <button
              key={unit.key}
              type="button"
              className={classes.unitRow}
              data-active={unit.key === activeKey}
              aria-current={unit.key === activeKey ? 'true' : undefined}
              onClick={() => {
                onPick(unit.key);
                onClose();
              }}
            >
              <Box style={{ flex: 1, minWidth: 0 }}>
                <Text fw={600} size="sm" truncate="end">
                  {index + 1}. {unit.name}
                </Text>
                {unit.detail ? (
                  <Text size="xs" c="dimmed" truncate="end">
                    {unit.detail}
                  </Text>
                ) : null}
                <Progress
                  value={total ? (answered / total) * 100 : 0}
                  color={failed ? 'red' : 'green'}
                  size="sm"
                  mt={6}
                  aria-label={`${unit.name}: ${answered} of ${total} answered`}
                />
              </Box>
              <Stack gap={4} align="flex-end">
                <Text size="xs" c="dimmed">
                  {answered}/{total}
                </Text>
                {failed ? (
                  <Badge color="red" size="sm" variant="filled">
                    {failed} failed
                  </Badge>
                ) : complete ? (
                  <>
                    <IconCircleCheck size={20} color="var(--mantine-color-green-7)" aria-hidden="true" />
                    <VisuallyHidden>Complete</VisuallyHidden>
                  </>
                ) : null}
              </Stack>
            </button>
          );
        })}
      </Stack>
    </Drawer>
  );
}
