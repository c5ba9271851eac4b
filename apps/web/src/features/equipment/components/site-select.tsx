import type { EquipmentSiteRef } from '@inspecta/contract';
import { Select, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { useSiteOptions } from '../api/get-site-options';

export const siteLabel = (site: Pick<EquipmentSiteRef, 'siteCode' | 'name'>) =>
  `${site.siteCode} · ${site.name}`;

interface SiteSelectProps
  extends Omit<SelectProps, 'data' | 'value' | 'onChange' | 'searchValue' | 'onSearchChange'> {
  value?: string | null;
  onChange: (value: string | null) => void;
  /** Inactive sites are listed but cannot be picked (equipment cannot be added to them). */
  disableInactive?: boolean;
}

/** A site picker that searches the server by site code or name as you type. */
export function SiteSelect({ value = null, onChange, disableInactive = false, ...rest }: SiteSelectProps) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const selectedId = value ? Number(value) : undefined;
  const selectedQuery = useSiteOptions({ site_id: selectedId ?? 0 }, { enabled: selectedId !== undefined });
  const selected =
    selectedId !== undefined ? selectedQuery.data?.sites.find((s) => s.id === selectedId) : undefined;
  // Once a site is picked the box shows its label; that label is not a search.
  const term = selected && debounced === siteLabel(selected) ? '' : debounced.trim();
  const options = useSiteOptions(term ? { search: term } : {});

  const data = useMemo(() => {
    const sites = [...(options.data?.sites ?? [])];
    if (selected && !sites.some((s) => s.id === selected.id)) sites.unshift(selected);
    return sites.map((site) => ({
      value: String(site.id),
      label: siteLabel(site),
      disabled: disableInactive && site.status === 'inactive' && String(site.id) !== value,
    }));
  }, [options.data, selected, disableInactive, value]);

  return (
    <Select
      searchable
      data={data}
      value={value}
      onChange={onChange}
      searchValue={search}
      onSearchChange={setSearch}
      // The server has already filtered by the search term.
      filter={({ options: all }) => all}
      nothingFoundMessage={options.isFetching ? 'Searching…' : 'No site matches'}
      maxDropdownHeight={280}
      comboboxProps={{ withinPortal: true }}
      {...rest}
    />
  );
}
