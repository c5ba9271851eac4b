import type { SiteListQuery } from '@inspecta/contract';
import { IconPlayerPause, IconPlayerPlay } from '@tabler/icons-react';
import { BulkActionBar } from '@/components/list-screen/bulk-action-bar';
import { useRowSelection } from '@/components/list-screen/use-row-selection';
import { useBulkSites } from '../api/bulk-sites';
import { exportSites } from '../api/export-sites';

/**
 * Row selection and the bulk action bar of the site register (docs/sites.md "Bulk actions"):
 * deactivate, reactivate, export the selection. Another status tab, filter or search clears it.
 */
export function useSitesBulk(query: SiteListQuery) {
  const selection = useRowSelection(`${query.status}|${query.client_id}|${query.city}|${query.search}`);
  const bulk = useBulkSites();
  const sites = (n: number) => (n === 1 ? '1 site' : `${n} sites`);
  const bar = (
    <BulkActionBar
      selection={selection}
      noun={['site', 'sites']}
      actions={[
        {
          key: 'deactivate',
          label: 'Deactivate',
          color: 'red',
          icon: <IconPlayerPause size={14} aria-hidden="true" />,
          title: (n) => `Deactivate ${sites(n)}?`,
          description:
            'Inactive sites cannot get new assignments or equipment; their history stays. Drafts cannot be deactivated: if one is selected, nothing changes.',
          confirmLabel: (n) => `Deactivate ${sites(n)}`,
          run: (ids) => bulk.mutateAsync({ ids, action: 'deactivate' }),
        },
        {
          key: 'reactivate',
          label: 'Reactivate',
          icon: <IconPlayerPlay size={14} aria-hidden="true" />,
          title: (n) => `Reactivate ${sites(n)}?`,
          description:
            'Each site needs every required field and an active client to be active again; if one does not, nothing changes.',
          confirmLabel: (n) => `Reactivate ${sites(n)}`,
          run: (ids) => bulk.mutateAsync({ ids, action: 'reactivate' }),
        },
      ]}
      exportSelection={(format, options, ids) => exportSites(format, query, options, ids)}
    />
  );
  return { selection, bar };
}
