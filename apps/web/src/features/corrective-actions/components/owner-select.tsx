import { Select, type SelectProps } from '@mantine/core';
import { useMemo } from 'react';
import { useInspectors } from '@/features/assignments';
import { useSiteDetails } from '@/features/sites';
import { useUsers } from '@/features/users';

interface OwnerSelectProps extends Omit<SelectProps, 'data' | 'value' | 'onChange'> {
  value: string | null;
  onChange: (value: string | null) => void;
  /** Names an owner who is not among the active people any more, so the field never shows a bare id. */
  fallback?: { id: number; name: string } | null | undefined;
  /** The action's site: its client (when active) may own the action too, and sees it in the portal. */
  siteId?: number | undefined;
}

/** An action's owner: an active administrator or inspector, or the site's client, grouped. */
export function OwnerSelect({ value, onChange, fallback, siteId, ...rest }: OwnerSelectProps) {
  const site = useSiteDetails(siteId ?? null);
  const client = site.data?.site.client;
  const inspectors = useInspectors();
  const admins = useUsers({ type: 'admin', search: '', status: 'active', page: 1, limit: 100, sort: 'name' });
  const data = useMemo(() => {
    const adminItems = (admins.data?.users ?? []).map((u) => ({
      value: String(u.id),
      label: `${u.firstName} ${u.lastName}`.trim(),
    }));
    const inspectorItems = (inspectors.data?.inspectors ?? []).map((i) => ({
      value: String(i.id),
      label: i.name,
    }));
    const clientItems =
      client && client.status === 'active'
        ? [
            {
              value: String(client.id),
              label: client.company ? `${client.name} (${client.company})` : client.name,
            },
          ]
        : [];
    const known = new Set([...adminItems, ...inspectorItems, ...clientItems].map((i) => i.value));
    const groups = [
      { group: 'Administrators', items: adminItems },
      { group: 'Inspectors', items: inspectorItems },
      { group: "The site's client", items: clientItems },
    ];
    if (fallback && !known.has(String(fallback.id)))
      groups.unshift({
        group: 'Current owner',
        items: [{ value: String(fallback.id), label: fallback.name }],
      });
    return groups.filter((g) => g.items.length > 0);
  }, [admins.data, inspectors.data, fallback, client]);
  return (
    <Select
      searchable
      data={data}
      value={value}
      onChange={onChange}
      nothingFoundMessage={admins.isFetching || inspectors.isFetching ? 'Loading…' : 'Nobody matches'}
      comboboxProps={{ withinPortal: true }}
      {...rest}
    />
  );
}
