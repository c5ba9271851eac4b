import { Table } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { renderWithProviders } from '@/testing/test-utils';
import { type BulkAction, BulkActionBar } from './bulk-action-bar';
import { SelectAllHeader, SelectRowCell } from './row-selection';
import { useRowSelection } from './use-row-selection';

const ROWS = [
  { id: 1, name: 'Boiler 1' },
  { id: 2, name: 'Boiler 2' },
  { id: 3, name: 'Boiler 3' },
];

/** A list with bulk actions as a screen wires one: the bar, then the table with its checkbox column. */
function Harness({ run }: { run: BulkAction['run'] }) {
  const [scope, setScope] = useState('all');
  const selection = useRowSelection(scope);
  return (
    <>
      <button type="button" onClick={() => setScope('filtered')}>
        Change filter
      </button>
      <BulkActionBar
        selection={selection}
        noun={['unit', 'units']}
        actions={[
          {
            key: 'retire',
            label: 'Retire',
            color: 'red',
            title: (n) => `Retire ${n} units?`,
            description: 'They are no longer due for inspection.',
            confirmLabel: (n) => `Retire ${n} units`,
            run,
          },
        ]}
      />
      <Table>
        <Table.Thead>
          <Table.Tr>
            <SelectAllHeader selection={selection} rows={ROWS} />
            <Table.Th>Name</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {ROWS.map((row) => (
            <Table.Tr key={row.id}>
              <SelectRowCell selection={selection} id={row.id} name={row.name} />
              <Table.Td>{row.name}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </>
  );
}

const box = (name: string) => screen.getByRole('checkbox', { name });

afterEach(() => vi.restoreAllMocks());

describe('row selection and the bulk action bar', () => {
  it('shows the bar only with a selection, counts it, and selects or clears the whole page', () => {
    renderWithProviders(<Harness run={vi.fn()} />);
    expect(screen.queryByTestId('bulk-bar')).toBeNull();

    fireEvent.click(box('Select Boiler 2'));
    expect(screen.getByTestId('bulk-count').textContent).toBe('1 selected');
    expect(box('Select all rows on this page').getAttribute('data-indeterminate')).toBe('true');

    fireEvent.click(box('Select all rows on this page'));
    expect(screen.getByTestId('bulk-count').textContent).toBe('3 selected');
    fireEvent.click(box('Select all rows on this page'));
    expect(screen.queryByTestId('bulk-bar')).toBeNull();

    fireEvent.click(box('Select Boiler 1'));
    fireEvent.click(screen.getByRole('button', { name: 'Change filter' }));
    expect(screen.queryByTestId('bulk-bar')).toBeNull();
  });

  it('confirms naming the rows, runs with their ids, shows the summary and clears the selection', async () => {
    const show = vi.spyOn(notifications, 'show');
    const run = vi.fn().mockResolvedValue({
      message: '2 units retired',
      changed: 2,
      unchanged: 0,
      changedIds: [1, 3],
      unchangedItems: [],
    });
    renderWithProviders(<Harness run={run} />);
    fireEvent.click(box('Select Boiler 1'));
    fireEvent.click(box('Select Boiler 3'));
    fireEvent.click(screen.getByTestId('bulk-retire'));

    const dialog = await screen.findByRole('dialog', { name: 'Retire 2 units?' });
    expect(dialog.textContent).toContain('Boiler 1, Boiler 3');
    expect(dialog.textContent).not.toContain('Boiler 2');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Retire 2 units' }));

    await waitFor(() => expect(screen.queryByTestId('bulk-bar')).toBeNull());
    expect(run).toHaveBeenCalledWith([1, 3], {});
    expect(show).toHaveBeenCalledWith(expect.objectContaining({ message: '2 units retired' }));
  });

  it('lists each refused row by name when nothing changed, and can unselect them', async () => {
    const run = vi.fn().mockRejectedValue(
      new ApiError({
        status: 409,
        code: 'CONFLICT',
        message: 'Nothing was changed: 1 of 2 units cannot be retired',
        details: [{ field: 'ids.1', id: 2, message: 'Equipment was not found' }],
      }),
    );
    renderWithProviders(<Harness run={run} />);
    fireEvent.click(box('Select Boiler 1'));
    fireEvent.click(box('Select Boiler 2'));
    fireEvent.click(screen.getByTestId('bulk-retire'));
    const dialog = await screen.findByRole('dialog', { name: 'Retire 2 units?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Retire 2 units' }));

    const refusals = await screen.findByTestId('bulk-refusals');
    expect(refusals.textContent).toContain('Nothing was changed1 of 2 units cannot be retired.');
    expect(refusals.textContent).toContain('Boiler 2: Equipment was not found');
    // Nothing changed, so the selection stays.
    expect(screen.getByTestId('bulk-count').textContent).toBe('2 selected');

    fireEvent.click(within(refusals).getByRole('button', { name: 'Unselect it' }));
    await waitFor(() => expect(screen.getByTestId('bulk-count').textContent).toBe('1 selected'));
    expect((box('Select Boiler 2') as HTMLInputElement).checked).toBe(false);
  });
});
