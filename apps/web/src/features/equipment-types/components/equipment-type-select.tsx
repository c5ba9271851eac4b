import { Select, type SelectProps } from '@mantine/core';
import { useMemo } from 'react';
import { useEquipmentTypeOptions } from '../api/get-equipment-type-options';

interface EquipmentTypeSelectProps extends Omit<SelectProps, 'data' | 'value' | 'onChange'> {
  value?: string | null;
  onChange: (value: string | null) => void;
  /** Filters list archived types too; forms list only active ones (plus the current one). */
  includeArchived?: boolean;
}

/** An equipment-type picker grouped by category. */
export function EquipmentTypeSelect({
  value = null,
  onChange,
  includeArchived = false,
  ...rest
}: EquipmentTypeSelectProps) {
  // Forms load archived types too, so a unit's current archived type still shows its name.
  const options = useEquipmentTypeOptions(true);
  const data = useMemo(() => {
    const groups = new Map<string, Array<{ value: string; label: string; disabled?: boolean }>>();
    for (const type of options.data?.equipmentTypes ?? []) {
      const archived = type.status === 'archived';
      if (archived && !includeArchived && String(type.id) !== value) continue;
      const items = groups.get(type.category) ?? [];
      items.push({
        value: String(type.id),
        label: archived ? `${type.name} (archived)` : type.name,
        ...(archived && !includeArchived ? { disabled: true } : {}),
      });
      groups.set(type.category, items);
    }
    return [...groups].sort(([a], [b]) => a.localeCompare(b)).map(([group, items]) => ({ group, items }));
  }, [options.data, includeArchived, value]);

  return (
    <Select
      searchable
      data={data}
      value={value}
      onChange={onChange}
      nothingFoundMessage="No equipment type matches"
      maxDropdownHeight={300}
      comboboxProps={{ withinPortal: true }}
      {...rest}
    />
  );
}
