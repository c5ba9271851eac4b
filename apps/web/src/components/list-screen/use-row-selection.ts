import { useCallback, useEffect, useMemo, useState } from 'react';

/** The selected rows of a list: their ids, each with the name the confirm dialog and summary use. */
export interface RowSelection {
  count: number;
  ids: number[];
  /** The name a selected row was shown with ("Asha Rao", "ST-000123"). */
  nameOf: (id: number) => string;
  isSelected: (id: number) => boolean;
  toggle: (id: number, name: string) => void;
  /** Selects or unselects every row given (the rows of the page). */
  setMany: (rows: Array<{ id: number; name: string }>, selected: boolean) => void;
  clear: () => void;
}

/**
 * Row selection for a list with bulk actions. The selection survives paging (the bar counts it
 * across pages) and is cleared when `scope` changes: another tab, filter or search is another set.
 */
export function useRowSelection(scope: string): RowSelection {
  const [selected, setSelected] = useState<ReadonlyMap<number, string>>(() => new Map());
  // biome-ignore lint/correctness/useExhaustiveDependencies: the scope is what clears it
  useEffect(() => setSelected(new Map()), [scope]);

  const toggle = useCallback((id: number, name: string) => {
    setSelected((current) => {
      const next = new Map(current);
      if (next.has(id)) next.delete(id);
      else next.set(id, name);
      return next;
    });
  }, []);
  const setMany = useCallback((rows: Array<{ id: number; name: string }>, on: boolean) => {
    setSelected((current) => {
      const next = new Map(current);
      for (const row of rows) {
        if (on) next.set(row.id, row.name);
        else next.delete(row.id);
      }
      return next;
    });
  }, []);
  const clear = useCallback(() => setSelected(new Map()), []);

  return useMemo(
    () => ({
      count: selected.size,
      ids: [...selected.keys()],
      nameOf: (id: number) => selected.get(id) ?? `#${id}`,
      isSelected: (id: number) => selected.has(id),
      toggle,
      setMany,
      clear,
    }),
    [selected, toggle, setMany, clear],
  );
}
