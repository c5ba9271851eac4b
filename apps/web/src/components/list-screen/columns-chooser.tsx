import { type SavedViewList, savedViewLists } from '@inspecta/contract';
import { Button, Checkbox, Group, Popover, Stack, Text } from '@mantine/core';
import { IconColumns } from '@tabler/icons-react';
import { type ReactNode, useLayoutEffect, useMemo } from 'react';
import { setHiddenColumns, useHiddenColumns } from './column-choice';

const HIDDEN = 'data-column-hidden';

/**
 * Hides the chosen columns of the table `[data-testid=table]`: each header whose name (its
 * `data-card-label`, else its text) is a hidden column's label, and the cells under it. Rows come
 * and go with the data, so a mutation observer applies it again to new rows (before they paint).
 */
function useHideColumns(table: string, labels: readonly string[]) {
  useLayoutEffect(() => {
    const apply = () => {
      const element = document.querySelector<HTMLTableElement>(`table[data-testid="${table}"]`);
      if (!element) return;
      const headers = Array.from(element.querySelectorAll('thead tr:first-child th'));
      const hidden = new Set<number>();
      headers.forEach((header, index) => {
        const name = header.getAttribute('data-card-label') ?? header.textContent?.trim() ?? '';
        if (labels.includes(name)) hidden.add(index);
      });
      for (const row of Array.from(element.querySelectorAll('tr'))) {
        Array.from(row.children).forEach((cell, index) => {
          const el = cell as HTMLElement;
          if (hidden.has(index)) {
            if (!el.hasAttribute(HIDDEN)) {
              el.setAttribute(HIDDEN, '');
              el.style.setProperty('display', 'none', 'important');
            }
          } else if (el.hasAttribute(HIDDEN)) {
            el.removeAttribute(HIDDEN);
            el.style.removeProperty('display');
          }
        });
      }
    };
    apply();
    const observer = new MutationObserver(apply);
    observer.observe(document.body, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [table, labels]);
}

interface ColumnsChooserProps {
  /** The list whose optional columns (the contract's `savedViewLists[list].columns`) it offers. */
  list: SavedViewList;
  /** The `data-testid` of the list's table. */
  table: string;
}

/**
 * The "Columns" button of a list (opt-in per list): checkboxes to show or hide its optional
 * columns, remembered on this device and stored by saved views. On a phone the hidden columns leave
 * the cards too.
 */
export function ColumnsChooser({ list, table }: ColumnsChooserProps) {
  const columns = savedViewLists[list].columns as Record<string, string>;
  const hidden = useHiddenColumns(list);
  const hiddenLabels = useMemo(() => hidden.map((key) => columns[key] ?? key), [hidden, columns]);
  useHideColumns(table, hiddenLabels);
  return (
    <Popover position="bottom-end" shadow="md" trapFocus withinPortal hideDetached={false}>
      <Popover.Target>
        <Button
          variant="default"
          leftSection={<IconColumns size={16} aria-hidden="true" />}
          data-testid="columns-toggle"
        >
          {hidden.length ? `Columns (${hidden.length} hidden)` : 'Columns'}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs" role="group" aria-labelledby={`${list}-columns-title`}>
          <Text size="sm" fw={600} id={`${list}-columns-title`}>
            Shown columns
          </Text>
          {Object.entries(columns).map(([key, label]) => (
            <Checkbox
              key={key}
              label={label}
              checked={!hidden.includes(key)}
              onChange={(event) =>
                setHiddenColumns(
                  list,
                  event.currentTarget.checked ? hidden.filter((k) => k !== key) : [...hidden, key],
                )
              }
              data-testid={`column-${key}`}
            />
          ))}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

/**
 * A list's saved views control (composed in by the app) and its Columns chooser, side by side: the
 * one line a list screen adds to its filter bar.
 */
export function ListViewControls({ views, ...columns }: ColumnsChooserProps & { views: ReactNode }) {
  return (
    <Group gap="sm" wrap="wrap">
      {views}
      <ColumnsChooser {...columns} />
    </Group>
  );
}
