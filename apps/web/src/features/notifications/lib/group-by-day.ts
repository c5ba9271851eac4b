export interface DayGroup<T> {
  /** yyyy-mm-dd in local time, stable for keys and test ids. */
  key: string;
  /** "Today", "Yesterday", or e.g. "Monday, 17 November 2026". */
  label: string;
  items: T[];
}

function dayKey(date: Date): string {
  const month = String(date.getMonth() + 1).padStart(2, '0');
  const day = String(date.getDate()).padStart(2, '0');
  return `${date.getFullYear()}-${month}-${day}`;
}

const dayFormat = new Intl.DateTimeFormat('en-GB', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});

/** Splits a newest-first list into local calendar days, keeping the order. */
export function groupByDay<T extends { createdAt: string }>(
  items: readonly T[],
  now: Date = new Date(),
): DayGroup<T>[] {
  const today = dayKey(now);
  const yesterdayDate = new Date(now);
  yesterdayDate.setDate(now.getDate() - 1);
  const yesterday = dayKey(yesterdayDate);

  const groups: DayGroup<T>[] = [];
  for (const item of items) {
    const created = new Date(item.createdAt);
    const key = dayKey(created);
    let group = groups[groups.length - 1];
    if (!group || group.key !== key) {
      const label = key === today ? 'Today' : key === yesterday ? 'Yesterday' : dayFormat.format(created);
      group = { key, label, items: [] };
      groups.push(group);
    }
    group.items.push(item);
  }
  return groups;
}
