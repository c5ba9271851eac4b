import { IconPlayerPause, IconPlayerPlay } from '@tabler/icons-react';
import { BulkActionBar } from '@/components/list-screen/bulk-action-bar';
import { useRowSelection } from '@/components/list-screen/use-row-selection';
import { useBulkUsers } from '../api/bulk-users';
import { exportUsers } from '../api/export-users';
import type { UserListParams } from '../lib/list-params';

/**
 * Row selection and the bulk action bar of User Management (docs/user-management.md "Bulk
 * actions"): deactivate, reactivate, export the selection. A new tab, filter or search clears it.
 */
export function useUsersBulk(params: UserListParams) {
  const selection = useRowSelection(`${params.type}|${params.status}|${params.search}`);
  const bulk = useBulkUsers();
  const bar = (
    <BulkActionBar
      selection={selection}
      noun={['user', 'users']}
      actions={[
        {
          key: 'deactivate',
          label: 'Deactivate',
          color: 'red',
          icon: <IconPlayerPause size={14} aria-hidden="true" />,
          title: (n) => `Deactivate ${n === 1 ? 'this user' : `${n} users`}?`,
          description:
            'They are signed out at once and cannot sign in until reactivated. Their history stays. If any of them cannot be deactivated (you, the last active administrator), nothing changes.',
          confirmLabel: (n) => `Deactivate ${n === 1 ? '1 user' : `${n} users`}`,
          run: (ids) => bulk.mutateAsync({ ids, action: 'deactivate' }),
        },
        {
          key: 'reactivate',
          label: 'Reactivate',
          icon: <IconPlayerPlay size={14} aria-hidden="true" />,
          title: (n) => `Reactivate ${n === 1 ? 'this user' : `${n} users`}?`,
          description: 'They can sign in again with their password.',
          confirmLabel: (n) => `Reactivate ${n === 1 ? '1 user' : `${n} users`}`,
          run: (ids) => bulk.mutateAsync({ ids, action: 'reactivate' }),
        },
      ]}
      exportSelection={(format, options, ids) => exportUsers(format, params, options, ids)}
    />
  );
  return { selection, bar };
}
