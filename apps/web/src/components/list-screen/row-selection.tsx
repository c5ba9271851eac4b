import { Checkbox, Table } from '@mantine/core';
import type { RowSelection } from './use-row-selection';

/*
 * The checkbox column of a list with bulk actions (opt-in: a table renders these only when it is
 * given a selection). `data-card="select"` puts the checkbox in a phone card's top left corner
 * (card-table.module.css `.selectable`).
 */

interface SelectAllHeaderProps {
  selection: RowSelection;
  /** The rows on this page, with the names the confirm dialog shows. */
  rows: Array<{ id: number; name: string }>;
}

/** The header checkbox: selects or clears every row on the page (mixed when some are). */
export function SelectAllHeader({ selection, rows }: SelectAllHeaderProps) {
  const onPage = rows.filter((row) => selection.isSelected(row.id)).length;
  const all = rows.length > 0 && onPage === rows.length;
  return (
    <Table.Th w={44} data-card="select" data-card-label="Select">
      <Checkbox
        aria-label="Select all rows on this page"
        checked={all}
        indeterminate={onPage > 0 && !all}
        disabled={rows.length === 0}
        onChange={() => selection.setMany(rows, !all)}
        data-testid="select-page"
      />
    </Table.Th>
  );
}

interface SelectRowCellProps {
  selection: RowSelection;
  id: number;
  /** What the row is called: the checkbox reads "Select <name>". */
  name: string;
}

/** A row's checkbox; clicking it does not open the row. */
export function SelectRowCell({ selection, id, name }: SelectRowCellProps) {
  return (
    <Table.Td onClick={(event) => event.stopPropagation()} data-card="select">
      <Checkbox
        aria-label={`Select ${name}`}
        checked={selection.isSelected(id)}
        onChange={() => selection.toggle(id, name)}
        data-testid="select-row"
      />
    </Table.Td>
  );
}
