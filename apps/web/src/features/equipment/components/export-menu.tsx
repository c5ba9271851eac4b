import { Button, Menu } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconChevronDown, IconFileExport, IconFileSpreadsheet, IconFileTypeCsv } from '@tabler/icons-react';
import { useState } from 'react';
import { isApiError } from '@/lib/api-client';
import { exportEquipment } from '../api/export-equipment';
import type { EquipmentFilters } from '../api/get-equipments';

/** Downloads the list as it is filtered now, as Excel or CSV. */
export function ExportMenu({ filters, disabled }: { filters: EquipmentFilters; disabled?: boolean }) {
  const [busy, setBusy] = useState<'xlsx' | 'csv' | null>(null);
  const run = async (format: 'xlsx' | 'csv') => {
    setBusy(format);
    try {
      const name = await exportEquipment(format, filters);
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
