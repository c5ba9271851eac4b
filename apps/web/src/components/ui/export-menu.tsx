import { Affix, Button, Group, Menu, Paper, Progress, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconChevronDown, IconFileExport, IconFileSpreadsheet, IconFileTypeCsv } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { type DownloadProgress, isApiError } from '@/lib/api-client';
import type { ExportOptions } from '@/lib/download';

export type ExportFormat = 'xlsx' | 'csv';

interface ExportMenuProps {
  /**
   * Downloads the list in `format` and answers the saved file's name. Pass `options` on to the
   * download (`downloadExport` / `downloadFile`) so the control can show progress and cancel.
   */
  onExport: (format: ExportFormat, options: ExportOptions) => Promise<string>;
  /** What is exported, for the progress card ("users", "sites"...). */
  label?: string;
  disabled?: boolean;
  /** The button's size: xs in a bulk action bar. */
  size?: 'xs' | 'sm';
  /** The button's tooltip text. */
  title?: string;
  'data-testid'?: string;
}

const FORMAT_LABEL: Record<ExportFormat, string> = { xlsx: 'Excel', csv: 'CSV' };

function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

const count = (n: number) => n.toLocaleString('en-IN');

/** "12,000 of 100,000 rows · 1.2 MB" / "100,000 rows · 1.2 MB received". */
function progressText(progress: DownloadProgress | null): string {
  if (!progress) return 'Starting…';
  const bytes = formatBytes(progress.bytes);
  if (progress.rows !== null && progress.totalRows !== null) {
    return `${count(Math.min(progress.rows, progress.totalRows))} of ${count(progress.totalRows)} rows · ${bytes}`;
  }
  if (progress.totalRows !== null) return `${count(progress.totalRows)} rows · ${bytes} received`;
  return `${bytes} received`;
}

/**
 * The export control of every list screen (docs/exports.md): a menu button "Export" → Excel / CSV.
 * The download streams with the session's header; while it runs a card shows progress (rows for
 * CSV, bytes for Excel) and can cancel it. Failures are shown as a notification.
 */
export function ExportMenu({
  onExport,
  label = 'list',
  disabled,
  size,
  title = 'Download the list as filtered now',
  ...rest
}: ExportMenuProps) {
  const [busy, setBusy] = useState<ExportFormat | null>(null);
  const [progress, setProgress] = useState<DownloadProgress | null>(null);
  const controller = useRef<AbortController | null>(null);

  // Leaving the screen cancels a running export: nothing would be there to save it.
  useEffect(() => () => controller.current?.abort(), []);

  const run = async (format: ExportFormat) => {
    const abort = new AbortController();
    controller.current = abort;
    setBusy(format);
    setProgress(null);
    try {
      const name = await onExport(format, { signal: abort.signal, onProgress: setProgress });
      notifications.show({ color: 'teal', title: 'Export ready', message: `${name} was downloaded` });
    } catch (error) {
      if (abort.signal.aborted) {
        notifications.show({ color: 'gray', title: 'Export cancelled', message: 'Nothing was downloaded.' });
      } else {
        notifications.show({
          color: 'red',
          title: 'Export failed',
          message: isApiError(error) ? error.message : 'The download was interrupted. Please try again.',
        });
      }
    } finally {
      controller.current = null;
      setBusy(null);
      setProgress(null);
    }
  };

  const fraction =
    progress?.rows !== null && progress?.rows !== undefined && progress.totalRows
      ? Math.min(100, (progress.rows / progress.totalRows) * 100)
      : null;

  return (
    <>
      <Menu position="bottom-end" shadow="md" withinPortal>
        <Menu.Target>
          <Button
            variant="default"
            leftSection={<IconFileExport size={18} aria-hidden="true" />}
            rightSection={<IconChevronDown size={14} aria-hidden="true" />}
            loading={busy !== null}
            disabled={disabled}
            size={size}
            title={title}
            data-testid={rest['data-testid']}
          >
            Export
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {/* No Menu.Label: a plain label inside role="menu" fails axe's aria-required-children. */}
          <Menu.Item
            leftSection={<IconFileSpreadsheet size={16} aria-hidden="true" />}
            onClick={() => void run('xlsx')}
          >
            Excel (.xlsx)
          </Menu.Item>
          <Menu.Item
            leftSection={<IconFileTypeCsv size={16} aria-hidden="true" />}
            onClick={() => void run('csv')}
          >
            CSV
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      {busy ? (
        <Affix position={{ bottom: 16, right: 16 }} zIndex={300}>
          <Paper
            withBorder
            shadow="md"
            radius="md"
            p="md"
            w="min(360px, calc(100vw - 32px))"
            data-testid="export-progress"
          >
            <Stack gap="xs">
              <Text fw={600} size="sm" role="status">
                Exporting {label} to {FORMAT_LABEL[busy]}
              </Text>
              <Progress
                value={fraction ?? 100}
                animated={fraction === null}
                striped={fraction === null}
                size="sm"
                aria-label={`Export of the ${label}`}
                {...(fraction === null ? {} : { 'aria-valuenow': Math.round(fraction) })}
              />
              <Group justify="space-between" wrap="nowrap" gap="sm">
                <Text size="xs" c="dimmed" data-testid="export-progress-text">
                  {progressText(progress)}
                </Text>
                <Button
                  size="compact-sm"
                  variant="subtle"
                  color="gray"
                  onClick={() => controller.current?.abort()}
                >
                  Cancel
                </Button>
              </Group>
            </Stack>
          </Paper>
        </Affix>
      ) : null}
    </>
  );
}
