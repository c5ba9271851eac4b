import { Table, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconArrowDown, IconArrowsSort, IconArrowUp } from '@tabler/icons-react';
import classes from './sortable-th.module.css';

export type SortDirection = 'ascending' | 'descending' | 'none';

interface SortableThProps {
  /** How the list is sorted by this column now. */
  direction: SortDirection;
  onSort: () => void;
  /** The column's name; also the card line's label on a phone. */
  children: string;
  visibleFrom?: 'sm' | 'md' | 'lg';
  ta?: 'left' | 'right' | 'center';
}

/**
 * The header cell of a column a list sorts by: the same look as every header, a button with an
 * arrow (both ways when not sorted), `aria-sort` for screen readers, and the direction said in words.
 */
export function SortableTh({ direction, onSort, children, visibleFrom, ta }: SortableThProps) {
  const Icon =
    direction === 'ascending' ? IconArrowUp : direction === 'descending' ? IconArrowDown : IconArrowsSort;
  return (
    <Table.Th aria-sort={direction} visibleFrom={visibleFrom} ta={ta} data-card-label={children}>
      <UnstyledButton onClick={onSort} className={classes.button} data-active={direction !== 'none'}>
        <span>{children}</span>
        <Icon size={14} aria-hidden="true" />
        <VisuallyHidden>
          {direction === 'none'
            ? ', sort'
            : direction === 'ascending'
              ? ', sorted ascending'
              : ', sorted descending'}
        </VisuallyHidden>
      </UnstyledButton>
    </Table.Th>
  );
}
