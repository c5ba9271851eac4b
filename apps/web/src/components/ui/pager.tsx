import { Pagination, type PaginationProps } from '@mantine/core';

const controlLabels = {
  first: 'First page',
  previous: 'Previous page',
  next: 'Next page',
  last: 'Last page',
} as const;

/** Mantine's pager with every control named for screen readers ("Next page", "Page 3"). */
export function Pager(props: PaginationProps) {
  return (
    <Pagination
      getControlProps={(control) => ({ 'aria-label': controlLabels[control] })}
      getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
      {...props}
    />
  );
}
