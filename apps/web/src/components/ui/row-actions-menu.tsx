import { ActionIcon, Menu, Tooltip } from '@mantine/core';
import { IconDots } from '@tabler/icons-react';
import type { ReactNode } from 'react';

interface RowActionsMenuProps {
  /** The button's accessible name; it names the row, e.g. "Actions for Fire pumps". */
  label: string;
  /** The menu's items (Menu.Item, Menu.Divider). */
  children: ReactNode;
  width?: number;
  testId?: string;
}

/** The "…" button at the end of a list row that opens the row's actions, the same on every list. */
export function RowActionsMenu({ label, children, width, testId }: RowActionsMenuProps) {
  return (
    <Menu position="bottom-end" withinPortal shadow="md" width={width}>
      <Menu.Target>
        <Tooltip label="Actions" withArrow>
          <ActionIcon variant="subtle" color="gray" aria-label={label} data-testid={testId}>
            <IconDots size={18} aria-hidden="true" />
          </ActionIcon>
        </Tooltip>
      </Menu.Target>
      <Menu.Dropdown>{children}</Menu.Dropdown>
    </Menu>
  );
}
