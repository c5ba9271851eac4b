import { Paper, Table, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';

interface ListTableProps {
  /** Below this width the table scrolls sideways instead of squeezing its columns. */
  minWidth: number;
  'data-testid': string;
  /** The header cells; a last, unlabelled column for each row's actions menu follows them. */
  columns: ReactNode;
  headBg?: string;
  /** The rows. */
  children: ReactNode;
}

/** A list's table in its white panel, with an actions column at the end. */
export function ListTable({ minWidth, columns, headBg, children, ...rest }: ListTableProps) {
  return (
    <Paper withBorder bg="white" style={{ overflow: 'hidden' }}>
      <Table.ScrollContainer minWidth={minWidth}>
        <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover data-testid={rest['data-testid']}>
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
