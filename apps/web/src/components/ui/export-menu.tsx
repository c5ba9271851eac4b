import { Button, Menu } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconChevronDown, IconFileExport, IconFileSpreadsheet, IconFileTypeCsv } from '@tabler/icons-react';
import { useState } from 'react';
import { isApiError } from '@/lib/api-client';

export type ExportFormat = 'xlsx' | 'csv';

interface ExportMenuProps {
  /** Downloads the list in `format` and answers the saved file's name. */
  onExport: (format: ExportFormat) => Promise<string>;
  disabled?: boolean;
  'data-testid'?: string;
}

/** Downloads a list as it is filtered now, as Excel or CSV; busy while the file is prepared. */
export function ExportMenu({ onExport, disabled, ...rest }: ExportMenuProps) {
  const [busy, setBusy] = useState<ExportFormat | null>(null);
  const run = async (format: ExportFormat) => {
    setBusy(format);
    try {
      const name = await onExport(format);
      notifications.show({ color: 'teal', title: 'Export ready', message: `${name} was downloaded` });
    } catch (error) {
      notifications.show({
        color: 'red',
        title: 'Export failed',
        message: isApiError(error) ? error.message : 'Please try again.',
      });
    } finally {
      setBusy(null);
    }
  };
  return (
    <Menu position="bottom-end" shadow="md" withinPortal>
      <Menu.Target>
        <Button
          variant="default"
          leftSection={<IconFileExport size={18} aria-hidden="true" />}
          rightSection={<IconChevronDown size={14} aria-hidden="true" />}
          loading={busy !== null}
          disabled={disabled}
          data-testid={rest['data-testid']}
        >
          Export
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>The list as filtered now</Menu.Label>
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
  );
}
