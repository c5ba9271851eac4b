import { Group, Paper, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { type ReactNode, useEffect, useState } from 'react';

/** The white bar of filters above a list. */
export function ListFilterBar({ gap = 'md', children }: { gap?: 'sm' | 'md'; children: ReactNode }) {
  return (
    <Paper withBorder p="md" bg="white" mb="md">
      <Group gap={gap} wrap="wrap" align="flex-end">
        {children}
      </Group>
    </Paper>
  );
}

interface ListSearchInputProps {
  label: string;
  placeholder: string;
  /** The search the list is filtered by now (from the address). */
  value: string;
  /** Called with the trimmed text once typing pauses. */
  onSearch: (text: string) => void;
  flex: string;
}

/**
 * The search box of a list. It keeps its own text so typing stays instant while the list follows
 * 300 ms later, and takes the address's search again when that changes (back, a link).
 */
export function ListSearchInput({ label, placeholder, value, onSearch, flex }: ListSearchInputProps) {
  const [text, setText] = useState(value);
  const push = useDebouncedCallback((next: string) => onSearch(next.trim()), 300);
  useEffect(() => setText(value), [value]);
  return (
    <TextInput
      label={label}
      placeholder={placeholder}
      leftSection={<IconSearch size={16} aria-hidden="true" />}
      value={text}
      onChange={(event) => {
        setText(event.currentTarget.value);
        push(event.currentTarget.value);
      }}
      style={{ flex }}
    />
  );
}

interface SegmentedFilterProps {
  /** Names the control for screen readers through its visible label. */
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  data: Array<{ value: string; label: string }>;
}

/** A few exclusive choices (All, Active, …) with a label like the inputs beside it. */
export function SegmentedFilter({ id, label, value, onChange, data }: SegmentedFilterProps) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500} id={id}>
        {label}
      </Text>
      <SegmentedControl aria-labelledby={id} value={value} onChange={onChange} data={data} />
    </Stack>
  );
}

const ACTIVE_ARCHIVED = [
  { value: 'all', label: 'All' },
  { value: 'active', label: 'Active' },
  { value: 'archived', label: 'Archived' },
];

/** The Status filter of a catalogue whose entries are active or archived; null means all. */
export function ActiveArchivedFilter({
  id,
  value,
  onChange,
}: {
  id: string;
  value: string | null;
  onChange: (status: string | null) => void;
}) {
  return (
    <SegmentedFilter
      id={id}
      label="Status"
      value={value ?? 'all'}
      onChange={(next) => onChange(next === 'all' ? null : next)}
      data={ACTIVE_ARCHIVED}
    />
  );
}
