import { Table } from '@mantine/core';
import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { storageKeys } from '@/lib/storage';
import { renderWithProviders } from '@/testing/test-utils';
import { ColumnsChooser } from './columns-chooser';

function SitesTable() {
  return (
    <>
      <ColumnsChooser list="sites" table="sites-table" />
      <Table data-testid="sites-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Site</Table.Th>
            <Table.Th>Client</Table.Th>
            <Table.Th>City</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          <Table.Tr>
            <Table.Td>Andheri</Table.Td>
            <Table.Td>Acme</Table.Td>
            <Table.Td>Mumbai</Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
    </>
  );
}

const shown = (text: string) => (screen.getByText(text) as HTMLElement).style.display !== 'none';

describe('ColumnsChooser', () => {
  beforeEach(() => window.localStorage.clear());

  it('hides a column it is told to, header and cells, remembers it, and shows it again', async () => {
    window.localStorage.setItem(storageKeys.hiddenColumns, JSON.stringify({ sites: ['city'] }));
    renderWithProviders(<SitesTable />);
    expect(shown('Mumbai')).toBe(false);
    expect(shown('City')).toBe(false);
    expect(shown('Acme')).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Columns (1 hidden)' }));
    const group = await screen.findByRole('group', { name: 'Shown columns' });
    fireEvent.click(await within(group).findByRole('checkbox', { name: 'Client' }, { timeout: 5000 }));
    expect(shown('Acme')).toBe(false);
    fireEvent.click(within(group).getByRole('checkbox', { name: 'City' }));
    expect(shown('Mumbai')).toBe(true);
    expect(JSON.parse(window.localStorage.getItem(storageKeys.hiddenColumns) ?? '{}')).toEqual({
      sites: ['client'],
    });
  });

  it('moves a column with its buttons: headers and cells follow, the order is remembered', async () => {
    renderWithProviders(<SitesTable />);
    const headers = () => screen.getAllByRole('columnheader').map((th) => th.textContent);
    const cells = () => screen.getAllByRole('cell').map((td) => td.textContent);
    expect(headers()).toEqual(['Site', 'Client', 'City']);
    fireEvent.click(screen.getByRole('button', { name: 'Columns' }));
    const group = await screen.findByRole('group', { name: 'Shown columns' });
    const up = await within(group).findByRole('button', { name: 'Move City up' }, { timeout: 5000 });
    expect(within(group).getByRole('button', { name: 'Move Client up' }).hasAttribute('disabled')).toBe(true);
    fireEvent.click(up);
    // The title column keeps its place; the optional ones swap.
    expect(headers()).toEqual(['Site', 'City', 'Client']);
    expect(cells()).toEqual(['Andheri', 'Mumbai', 'Acme']);
    expect(JSON.parse(window.localStorage.getItem(storageKeys.columnOrder) ?? '{}')).toEqual({
      sites: ['city', 'client', 'equipment', 'status', 'updated'],
    });
    fireEvent.click(within(group).getByRole('button', { name: 'Move City down' }));
    expect(headers()).toEqual(['Site', 'Client', 'City']);
    expect(JSON.parse(window.localStorage.getItem(storageKeys.columnOrder) ?? '{}')).toEqual({ sites: [] });
  });
});
