import type { User } from '@inspecta/contract';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/test-utils';
import { UsersTable } from './users-table';

function user(id: number, overrides: Partial<User> = {}): User {
  return {
    id,
    userType: 'inspector',
    firstName: `First${id}`,
    lastName: 'Rao',
    email: `user${id}@example.in`,
    phone: '+919820012345',
    status: 'active',
    profileImage: null,
    company: null,
    employeeCode: 'INS-1',
    licenceNumber: 'FSL-1',
    hasPassword: true,
    invitationExpiresAt: null,
    lastLoginAt: null,
    createdAt: '2026-01-01T00:00:00Z',
    updatedAt: '2026-01-01T00:00:00Z',
    ...overrides,
  };
}

const actions = () => ({
  open: vi.fn(),
  edit: vi.fn(),
  toggleStatus: vi.fn(),
  remove: vi.fn(),
  invite: vi.fn(),
});

describe('UsersTable', () => {
  it('marks only the signed-in user\'s row "You" and sorts from the headers', () => {
    const onSort = vi.fn();
    renderWithProviders(
      <UsersTable
        users={[user(1), user(2, { userType: 'admin' })]}
        loading={false}
        failed={false}
        onRetry={vi.fn()}
        sort="name"
        onSort={onSort}
        actions={actions()}
        isSelf={(id) => id === 2}
        emptyText="No users"
      />,
    );
    expect(screen.getAllByTestId('you-badge')).toHaveLength(1);
    const rows = screen.getAllByTestId('user-row');
    expect(rows[1]!.dataset.self).toBe('true');
    expect(screen.getByRole('columnheader', { name: /Name/ }).getAttribute('aria-sort')).toBe('ascending');
    fireEvent.click(screen.getByRole('button', { name: /^Status/ }));
    expect(onSort).toHaveBeenCalledWith('status');
    expect(screen.getAllByText('+91 98200 12345')).toHaveLength(2);
  });

  it('shows an empty list with a retry after a failed fetch (SPEC.md 8)', () => {
    const onRetry = vi.fn();
    renderWithProviders(
      <UsersTable
        users={[]}
        loading={false}
        failed
        onRetry={onRetry}
        sort={null}
        onSort={vi.fn()}
        actions={actions()}
        isSelf={() => false}
        emptyText="No inspectors yet."
      />,
    );
    expect(screen.getByTestId('users-empty').textContent).toContain('No users to show.');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('opens the details from the name', () => {
    const rowActions = actions();
    renderWithProviders(
      <UsersTable
        users={[user(7, { firstName: 'Anjali', lastName: 'Nair' })]}
        loading={false}
        failed={false}
        onRetry={vi.fn()}
        sort={null}
        onSort={vi.fn()}
        actions={rowActions}
        isSelf={() => false}
        emptyText=""
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Anjali Nair, open details' }));
    expect(rowActions.open).toHaveBeenCalledWith(expect.objectContaining({ id: 7 }));
  });
});
