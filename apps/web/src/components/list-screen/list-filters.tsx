import { Button, Group, Paper, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconAdjustmentsHorizontal, IconSearch } from '@tabler/icons-react';
import { type ReactNode, useEffect, useId, useState } from 'react';
import classes from './list-filters.module.css';

interface ListFilterBarProps {
  gap?: 'sm' | 'md';
  /**
   * The search box, which stays in view on a phone while the other filters fold behind a
   * "Filters" button (issue 21). Without it nothing folds.
   */
  search?: ReactNode;
  /** How many of the folded filters are set, shown on the button: "Filters (2)". */
  activeFilters?: number;
  children: ReactNode;
}

/** The white bar of filters above a list. */
export function ListFilterBar({ gap = 'md', search, activeFilters = 0, children }: ListFilterBarProps) {
  return (
    <Paper withBorder p="md" bg="white" mb="md">
      <Group gap={gap} wrap="wrap" align="flex-end">
        {search}
        {search === undefined ? (
          children
        ) : (
          <FoldedFilters activeFilters={activeFilters}>{children}</FoldedFilters>
        )}
      </Group>
    </Paper>
  );
}

/**
 * The "Filters (n)" button and the filters it folds on a phone; on a desktop the filters sit in their
 * parent's row as if unwrapped and the button is not there. For a screen that lays out its own bar
 * (the users list, the sites register); `ListFilterBar` uses it too.
 */
export function FoldedFilters({
  activeFilters = 0,
  children,
}: {
  activeFilters?: number;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <>
      {/* Shown and hidden by CSS, so a desktop never flashes it and a phone never flashes the filters. */}
      <Button
        variant="default"
        className={classes.toggle}
        leftSection={<IconAdjustmentsHorizontal size={16} aria-hidden="true" />}
        onClick={() => setOpen((was) => !was)}
        aria-expanded={open}
        aria-controls={id}
        data-testid="filters-toggle"
      >
        {activeFilters > 0 ? `Filters (${activeFilters})` : 'Filters'}
      </Button>
      <div id={id} className={classes.folded} data-open={open || undefined}>
        {children}
      </div>
    </>
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

/** How many of a list's filters are set (for "Filters (2)"): a value that is not empty, or a true test. */
export function countActive(...values: unknown[]): number {
  return values.filter(Boolean).length;
}
