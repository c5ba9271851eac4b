import type { SiteClient } from '@inspecta/contract';
import { Loader, Select, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconBuilding } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useClients } from '../api/get-clients';

export function clientLabel(client: Pick<SiteClient, 'name' | 'company'>): string {
  return client.company ? `${client.company} (${client.name})` : client.name;
}

interface ClientSelectProps extends Omit<SelectProps, 'data' | 'value' | 'onChange' | 'searchValue'> {
  value: string | null;
  onChange: (value: string | null) => void;
  /** The client already chosen, so its name shows before the list has loaded or when it is filtered out. */
  selected?: Pick<SiteClient, 'id' | 'name' | 'company' | 'status'> | null;
  /** Pickers for a new owner offer active clients only; filters may offer all. */
  activeOnly?: boolean;
}

/** Pick a client, searching the server by name, company or email as you type. */
export function ClientSelect({ value, onChange, selected, activeOnly = false, ...props }: ClientSelectProps) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const selectedLabel = selected ? clientLabel(selected) : null;
  // While the box shows the chosen client's label, list everyone rather than searching for it.
  const term = debounced && debounced !== selectedLabel ? debounced : undefined;
  const query = useClients({ limit: 100, ...(term ? { search: term } : {}) });

  const data = useMemo(() => {
    const options = (query.data?.clients ?? []).map((client) => ({
      value: String(client.id),
      label: clientLabel(client),
      disabled: activeOnly && client.status !== 'active' && String(client.id) !== value,
    }));
    if (selected && !options.some((o) => o.value === String(selected.id))) {
      options.unshift({ value: String(selected.id), label: clientLabel(selected), disabled: false });
    }
    return options;
  }, [query.data, selected, activeOnly, value]);

  return (
    <Select
      searchable
      clearable
      data={data}
      value={value}
      onChange={(next) => onChange(next)}
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options }) => options}
      nothingFoundMessage={query.isFetching ? 'Searching…' : 'No client matches'}
      leftSection={<IconBuilding size={16} aria-hidden="true" />}
      rightSection={query.isFetching ? <Loader size={14} /> : undefined}
      comboboxProps={{ withinPortal: true }}
      maxDropdownHeight={280}
      {...props}
    />
  );
}
