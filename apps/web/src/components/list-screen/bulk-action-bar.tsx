import type { BulkResult } from '@inspecta/contract';
import { Alert, Button, Group, List, type MantineSpacing, Modal, Paper, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconX } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { type ExportFormat, ExportMenu } from '@/components/ui/export-menu';
import { isApiError } from '@/lib/api-client';
import type { ExportOptions } from '@/lib/download';
import type { RowSelection } from './use-row-selection';

type BulkValues = Record<string, string>;

/** One action of a list's bulk action bar, confirmed in a dialog before it runs. */
export interface BulkAction {
  key: string;
  /** The bar's button: "Deactivate". */
  label: string;
  icon?: ReactNode;
  color?: string;
  /** The dialog's title for the selection: "Deactivate 3 users?" */
  title: (count: number) => string;
  /** What will happen, said in the dialog above the names. */
  description: ReactNode;
  /** The dialog's confirm button: "Deactivate 3 users". */
  confirmLabel: (count: number) => string;
  /** More to ask before it runs (a reason, an inspector), kept by the dialog in `values`. */
  fields?: (values: BulkValues, set: (key: string, value: string) => void) => ReactNode;
  /** Whether `values` are enough to run (the confirm button waits for them). */
  ready?: (values: BulkValues) => boolean;
  run: (ids: number[], values: BulkValues) => Promise<BulkResult>;
}

interface BulkActionBarProps {
  selection: RowSelection;
  /** What a row is: ['user', 'users']. */
  noun: [string, string];
  actions: BulkAction[];
  /** Downloads the selected rows (the list's own export with their ids); its menu names them by `noun`. */
  exportSelection?: (format: ExportFormat, options: ExportOptions, ids: number[]) => Promise<string>;
  /** Space below the bar, where the list does not stack its parts with a gap. */
  mb?: MantineSpacing;
  /**
   * The list's own buttons for the selection that open something rather than change rows (the
   * equipment register's "Print labels"), shown after the actions.
   */
  tools?: ReactNode;
}

const NAMES_SHOWN = 8;

interface Refusal {
  id: number;
  message: string;
}

/**
 * The bar a list with bulk actions shows while rows are selected: "n selected", the list's actions
 * and "Clear selection". An action asks first in a dialog naming the rows and what will happen; it
 * is all or nothing, so a refusal (409) lists each refused row and why, and nothing changed. Done,
 * it shows the server's summary as a notification and clears the selection.
 */
export function BulkActionBar({ selection, noun, actions, exportSelection, mb, tools }: BulkActionBarProps) {
  const [open, setOpen] = useState<BulkAction | null>(null);
  const [values, setValues] = useState<BulkValues>({});
  const [busy, setBusy] = useState(false);
  const [refusals, setRefusals] = useState<Refusal[]>([]);
  const [failure, setFailure] = useState<string | null>(null);

  if (selection.count === 0) return null;
  const count = selection.count;
  const what = `${count} ${count === 1 ? noun[0] : noun[1]}`;

  const start = (action: BulkAction) => {
    setValues({});
    setRefusals([]);
    setFailure(null);
    setOpen(action);
  };
  const close = () => {
    if (!busy) setOpen(null);
  };

  const confirm = async () => {
    if (!open) return;
    setBusy(true);
    setRefusals([]);
    setFailure(null);
    try {
      const result = await open.run(selection.ids, values);
      notifications.show({ color: 'teal', title: `${open.label}: done`, message: result.message });
      selection.clear();
      setOpen(null);
    } catch (error) {
      if (!isApiError(error)) throw error;
      const refused = error.details.flatMap((d) =>
        d.id === undefined ? [] : [{ id: d.id, message: d.message }],
      );
      setRefusals(refused);
      // The alert's title says "Nothing was changed"; its text says how many rows were refused.
      const counted = error.message.replace(/^Nothing was changed: /, '');
      setFailure(
        refused.length
          ? `${counted.charAt(0).toUpperCase()}${counted.slice(1)}.`
          : error.details.map((d) => d.message).join('; ') || error.message,
      );
    } finally {
      setBusy(false);
    }
  };

  const names = selection.ids.map(selection.nameOf);
  return (
    <>
      <Paper
        withBorder
        p="sm"
        mb={mb}
        bg="brand.0"
        role="region"
        aria-label="Bulk actions"
        data-testid="bulk-bar"
        style={{ borderColor: 'var(--mantine-color-brand-3)' }}
      >
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Text size="sm" fw={600} aria-live="polite" data-testid="bulk-count">
            {count} selected
          </Text>
          <Group gap="xs" wrap="wrap">
            {actions.map((action) => (
              <Button
                key={action.key}
                size="xs"
                variant="default"
                c={action.color === 'red' ? 'red.8' : undefined}
                leftSection={action.icon}
                onClick={() => start(action)}
                data-testid={`bulk-${action.key}`}
              >
                {action.label}
              </Button>
            ))}
            {tools}
            {exportSelection ? (
              <ExportMenu
                label={`selected ${noun[1]}`}
                size="xs"
                title="Download the selected rows"
                onExport={(format, options) => exportSelection(format, options, selection.ids)}
                data-testid="bulk-export"
              />
            ) : null}
            <Button
              size="xs"
              variant="subtle"
              color="dark"
              leftSection={<IconX size={14} aria-hidden="true" />}
              onClick={selection.clear}
              data-testid="bulk-clear"
            >
              Clear selection
            </Button>
          </Group>
        </Group>
      </Paper>
      <Modal
        opened={open !== null}
        onClose={close}
        title={open?.title(count)}
        centered
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        {open ? (
          <Stack gap="md" data-testid="bulk-confirm">
            <Text size="sm">{open.description}</Text>
            <div>
              <Text size="sm" fw={600}>
                {what}:
              </Text>
              <Text size="sm" c="dimmed">
                {names.slice(0, NAMES_SHOWN).join(', ')}
                {names.length > NAMES_SHOWN ? ` and ${names.length - NAMES_SHOWN} more` : ''}
              </Text>
            </div>
            {open.fields?.(values, (key, value) => setValues((v) => ({ ...v, [key]: value })))}
            {failure ? (
              <Alert
                color="red"
                icon={<IconAlertTriangle size={18} aria-hidden="true" />}
                title={refusals.length ? 'Nothing was changed' : 'It did not work'}
                data-testid="bulk-refusals"
              >
                <Stack gap="xs">
                  <Text size="sm">{failure}</Text>
                  {refusals.length ? (
                    <>
                      <List size="sm" spacing={2}>
                        {refusals.map((r) => (
                          <List.Item key={r.id}>
                            <strong>{selection.nameOf(r.id)}</strong>: {r.message}
                          </List.Item>
                        ))}
                      </List>
                      <Group>
                        <Button
                          size="xs"
                          variant="white"
                          color="red"
                          onClick={() => {
                            selection.setMany(
                              refusals.map((r) => ({ id: r.id, name: selection.nameOf(r.id) })),
                              false,
                            );
                            setOpen(null);
                          }}
                        >
                          Unselect {refusals.length === 1 ? 'it' : `these ${refusals.length}`}
                        </Button>
                      </Group>
                    </>
                  ) : null}
                </Stack>
              </Alert>
            ) : null}
            <Group justify="flex-end">
              <Button variant="default" onClick={close} disabled={busy}>
                Go back
              </Button>
              <Button
                color={open.color}
                onClick={() => void confirm()}
                loading={busy}
                disabled={open.ready ? !open.ready(values) : false}
                data-testid="bulk-confirm-button"
              >
                {open.confirmLabel(count)}
              </Button>
            </Group>
          </Stack>
        ) : null}
      </Modal>
    </>
  );
}
