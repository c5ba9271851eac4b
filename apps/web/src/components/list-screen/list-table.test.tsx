import { Badge, Table } from '@mantine/core';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/test-utils';
import { ListTable } from './list-table';

describe('ListTable', () => {
  it('labels each cell with its header, so a row can show as a card on a phone', () => {
    renderWithProviders(
      <ListTable
        minWidth={600}
        data-testid="things"
        columns={
          <>
            <Table.Th>Name</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th data-card="hidden">Internal</Table.Th>
          </>
        }
      >
        <Table.Tr data-testid="row">
          <Table.Td>Boiler 1</Table.Td>
          <Table.Td>
            <Badge>Overdue</Badge>
          </Table.Td>
          <Table.Td>x</Table.Td>
          <Table.Td>
            <button type="button">Actions for Boiler 1</button>
          </Table.Td>
        </Table.Tr>
      </ListTable>,
    );
    const cells = Array.from(screen.getByTestId('row').querySelectorAll('td'));
    expect(cells.map((cell) => cell.getAttribute('data-label'))).toEqual([
      'Name',
      'Status',
      'Internal',
      'Actions',
    ]);
    expect(cells[2]?.getAttribute('data-card')).toBe('hidden');
    // Without a browser's layout the table is still a table, with its actions.
    expect(screen.getByRole('table')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Actions for Boiler 1' })).toBeTruthy();
  });

  it("names a column by its header's data-card-label when the header says more (a sort button)", () => {
    renderWithProviders(
      <ListTable
        minWidth={600}
        data-testid="people"
        columns={
          <>
            <Table.Th>Name</Table.Th>
            <Table.Th data-card-label="Status">
              <button type="button">
                Status<span>, sorted ascending</span>
              </button>
            </Table.Th>
          </>
        }
      >
        <Table.Tr data-testid="row">
          <Table.Td>Asha</Table.Td>
          <Table.Td>Active</Table.Td>
        </Table.Tr>
      </ListTable>,
    );
    const cells = Array.from(screen.getByTestId('row').querySelectorAll('td'));
    expect(cells.map((cell) => cell.getAttribute('data-label'))).toEqual(['Name', 'Status']);
  });
});
