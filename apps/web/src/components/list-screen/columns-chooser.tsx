import { type SavedViewList, savedViewLists } from '@inspecta/contract';
import { ActionIcon, Button, Checkbox, Group, Popover, Stack, Text } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconColumns } from '@tabler/icons-react';
import { type ReactNode, useLayoutEffect } from 'react';
import { setColumnOrder, setHiddenColumns, useColumnOrder, useHiddenColumns } from './column-choice';

const HIDDEN = 'data-column-hidden';
/** Which column a cell is in, stamped while its row is still in the screen's own order. */
const COLUMN = 'data-column-key';
/** Each header row's column keys in the order the screen renders them. */
const renderedOrder = new WeakMap<Element, string[]>();

function headerName(header: Element): string {
  return header.getAttribute('data-card-label') ?? header.textContent?.trim() ?? '';
}

/**
 * Arranges the table `[data-testid=table]` as chosen: each optional column (found by its header's
 * name, its `data-card-label` else its text) is hidden or moved, its cells with it. The other columns
 * (the title, a checkbox, the actions) keep their places; the optional ones take each other's slots
 * in the chosen order. Cells only move within their row, which React tolerates (it inserts and
 * removes by node, not by position). Rows come and go with the data, so a mutation observer applies
 * it again to new rows, before they paint; a phone's cards are the same rows, so they follow.
 */
function arrange(
  table: HTMLTableElement,
  columns: Record<string, string>,
  order: readonly string[],
  hidden: readonly string[],
) {
  const headerRow = table.querySelector('thead tr');
  if (!headerRow) return;
  const headers = Array.from(headerRow.children);
  let rendered = renderedOrder.get(headerRow);
  if (!rendered || headers.some((header) => !header.hasAttribute(COLUMN))) {
    // A header row not seen yet is in the screen's order.
    const keyOf = new Map(Object.entries(columns).map(([key, label]) => [label, key]));
    rendered = headers.map((header, index) => keyOf.get(headerName(header)) ?? `#${index}`);
    headers.forEach((header, index) => {
      header.setAttribute(COLUMN, rendered![index]!);
    });
    renderedOrder.set(headerRow, rendered);
  }
  const slots = rendered.filter((key) => key in columns);
  const moved = order.filter((key) => slots.includes(key));
  let next = 0;
  const target = rendered.map((key) => (key in columns ? (moved[next++] ?? key) : key));
  const labels = new Map(headers.map((header) => [header.getAttribute(COLUMN), header]));
  for (const row of Array.from(table.querySelectorAll('tr'))) {
    const cells = Array.from(row.children) as HTMLElement[];
    // A loading row or a message spanning the table is left as it is.
    if (cells.length !== rendered.length) continue;
    if (cells.every((cell) => !cell.hasAttribute(COLUMN)))
      cells.forEach((cell, index) => {
        cell.setAttribute(COLUMN, rendered![index]!);
      });
    const byKey = new Map(cells.map((cell) => [cell.getAttribute(COLUMN), cell]));
    target.forEach((key, index) => {
      const cell = byKey.get(key);
      if (cell && row.children[index] !== cell) row.insertBefore(cell, row.children[index] ?? null);
    });
    for (const cell of cells) {
      const key = cell.getAttribute(COLUMN) ?? '';
      if (hidden.includes(key)) {
        if (!cell.hasAttribute(HIDDEN)) {
          cell.setAttribute(HIDDEN, '');
          cell.style.setProperty('display', 'none', 'important');
        }
      } else if (cell.hasAttribute(HIDDEN)) {
        cell.removeAttribute(HIDDEN);
        cell.style.removeProperty('display');
      }
      // A new row's card labels were copied from the headers by position, before its cells moved.
      const header = labels.get(key);
      if (header && key in columns && cell.tagName === 'TD' && cell.hasAttribute('data-label')) {
        const label = headerName(header);
        if (cell.getAttribute('data-label') !== label) cell.setAttribute('data-label', label);
        const role = header.getAttribute('data-card');
        if (role === null) cell.removeAttribute('data-card');
        else if (cell.getAttribute('data-card') !== role) cell.setAttribute('data-card', role);
      }
    }
  }
}

function useArrangeColumns(
  table: string,
  columns: Record<string, string>,
  order: readonly string[],
  hidden: readonly string[],
) {
  useLayoutEffect(() => {
    const apply = () => {
      const element = document.querySelector<HTMLTableElement>(`table[data-testid="${table}"]`);
      if (element) arrange(element, columns, order, hidden);
    };
    apply();
    const observer = new MutationObserver(apply);
    observer.observe(document.body, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [table, columns, order, hidden]);
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
  const order = useColumnOrder(list);
  useArrangeColumns(table, columns, order, hidden);
  const move = (key: string, by: -1 | 1) => {
    const next = [...order];
    const from = next.indexOf(key);
    const to = from + by;
    if (from < 0 || to < 0 || to >= next.length) return;
    [next[from], next[to]] = [next[to]!, next[from]!];
    setColumnOrder(list, next);
    // The row moves, and the button pressed may now be disabled at an end: keep the focus on the
    // column's other button rather than losing it to the page.
    requestAnimationFrame(() => {
      const pressed = document.querySelector<HTMLButtonElement>(
        `[data-testid="column-${key}-${by < 0 ? 'up' : 'down'}"]`,
      );
      const other = document.querySelector<HTMLButtonElement>(
        `[data-testid="column-${key}-${by < 0 ? 'down' : 'up'}"]`,
      );
      (pressed && !pressed.disabled ? pressed : other)?.focus();
    });
  };
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
        <Stack gap={6} role="group" aria-labelledby={`${list}-columns-title`}>
          <Text size="sm" fw={600} id={`${list}-columns-title`}>
            Shown columns
          </Text>
          <Text size="xs" c="dimmed" maw={220}>
            Tick to show a column; the arrows move it (the top one comes first).
          </Text>
          {order.map((key, index) => {
            const label = columns[key] ?? key;
            return (
              <Group key={key} gap={4} wrap="nowrap" justify="space-between" data-testid="column-row">
                <Checkbox
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
                <Group gap={2} wrap="nowrap">
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    size="sm"
                    aria-label={`Move ${label} up`}
                    disabled={index === 0}
                    onClick={() => move(key, -1)}
                    data-testid={`column-${key}-up`}
                  >
                    <IconArrowUp size={14} aria-hidden="true" />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    size="sm"
                    aria-label={`Move ${label} down`}
                    disabled={index === order.length - 1}
                    onClick={() => move(key, 1)}
                    data-testid={`column-${key}-down`}
                  >
                    <IconArrowDown size={14} aria-hidden="true" />
                  </ActionIcon>
                </Group>
              </Group>
            );
          })}
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
