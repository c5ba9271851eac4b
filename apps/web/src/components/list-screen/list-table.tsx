import { Paper, Table, VisuallyHidden } from '@mantine/core';
import { type ReactNode, useRef } from 'react';
import classes from './card-table.module.css';
import { useCardLabels } from './use-card-labels';

interface ListTableProps {
  /** Below this width the table scrolls sideways instead of squeezing its columns (not on phones: cards). */
  minWidth: number;
  'data-testid': string;
  /**
   * The header cells; a last, unlabelled column for each row's actions menu follows them. On phones
   * the first column is a card's title, the others its labelled lines (`data-card="hidden"` on a
   * header leaves that column out).
   */
  columns: ReactNode;
  headBg?: string;
  /** The rows. */
  children: ReactNode;
}

/** A list's table in its white panel, with an actions column at the end; cards on a phone. */
export function ListTable({ minWidth, columns, headBg, children, ...rest }: ListTableProps) {
  const ref = useRef<HTMLTableElement>(null);
  useCardLabels(ref);
  return (
    <Paper withBorder bg="white" style={{ overflow: 'hidden' }}>
      <Table.ScrollContainer minWidth={minWidth} className={`${classes.cards} ${classes.withActions}`}>
        <Table
          ref={ref}
          verticalSpacing="sm"
          horizontalSpacing="md"
          highlightOnHover
          data-testid={rest['data-testid']}
        >
          <Table.Thead bg={headBg}>
            <Table.Tr>
              {columns}
              <Table.Th w={56}>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>{children}</Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
