import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type CSSProperties, useState } from 'react';
import { useSiteOptions } from '@/features/equipment';
import { positiveId } from '@/utils/positive-id';
import { useInspectors } from '../api/get-inspectors';

interface FilterSelectProps {
  /** The picked id as it is kept in the URL ('' for none). */
  value: string;
  onChange: (value: string) => void;
  style?: CSSProperties;
}

const siteLabel = (site: { siteCode: string; name: string }) => `${site.siteCode} · ${site.name}`;

/**
 * "Site" filter over every site: typing asks the server (site code or name, 50 at most), so any of
 * 100,000 sites can be found; the picked site keeps its label even when it is not among the matches.
 */
export function SiteFilterSelect({ value, onChange, style }: FilterSelectProps) {
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, 250);
  const matches = useSiteOptions({ search: debouncedSearch });
  const pickedId = positiveId(value);
  const picked = useSiteOptions({ site_id: pickedId ?? 0 }, { enabled: pickedId !== undefined });

  const data = (matches.data?.sites ?? []).map((s) => ({ value: String(s.id), label: siteLabel(s) }));
  const pickedSite = picked.data?.sites[0];
  if (pickedSite && !data.some((s) => s.value === String(pickedSite.id))) {
    data.unshift({ value: String(pickedSite.id), label: siteLabel(pickedSite) });
  }

  return (
    <Select
      label="Site"
      placeholder="All sites"
      searchable
      clearable
      clearButtonProps={{ 'aria-label': 'Clear site' }}
      data={data}
      value={value || null}
      onChange={(next) => onChange(next ?? '')}
      onSearchChange={setSearch}
      // The server has filtered already: show its matches as they are.
      filter={({ options }) => options}
      nothingFoundMessage={matches.isFetching ? 'Searching…' : 'No site found'}
      comboboxProps={{ withinPortal: true }}
      style={style ?? { flex: '1 1 200px' }}
    />
  );
}

/**
 * "Inspector" filter over the active inspectors. `fallbackLabel` names a picked inspector who is no
 * longer among them (deactivated since), so the field never shows a bare id.
 */
export function InspectorFilterSelect({
  value,
  onChange,
  fallbackLabel,
  style,
}: FilterSelectProps & { fallbackLabel?: string | undefined }) {
  const inspectors = useInspectors();
  const data = (inspectors.data?.inspectors ?? []).map((i) => ({ value: String(i.id), label: i.name }));
  if (value && fallbackLabel && !data.some((i) => i.value === value)) {
    data.unshift({ value, label: fallbackLabel });
  }
  return (
    <Select
      label="Inspector"
      placeholder="All inspectors"
      searchable
      clearable
      clearButtonProps={{ 'aria-label': 'Clear inspector' }}
      data={data}
      value={value || null}
      onChange={(next) => onChange(next ?? '')}
      comboboxProps={{ withinPortal: true }}
      style={style ?? { flex: '1 1 180px' }}
    />
  );
}
