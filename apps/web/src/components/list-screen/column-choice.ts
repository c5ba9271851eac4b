import { type SavedViewList, savedViewLists } from '@inspecta/contract';
import { useMemo, useSyncExternalStore } from 'react';
import { storage, storageKeys } from '@/lib/storage';

/**
 * The columns each list hides on this device (issue 21), kept in local storage as
 * `{ "sites": ["city"], … }` so the choice survives a reload, and shared by the list's "Columns"
 * chooser and its saved views, which store and apply it.
 */
const listeners = new Set<() => void>();

function readAll(): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(storage.get(storageKeys.hiddenColumns) ?? '{}');
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** The list's hidden columns: only keys the list knows, in the list's column order. */
function hiddenOf(list: SavedViewList, all: Record<string, unknown>): string[] {
  const stored = all[list];
  const wanted = new Set(Array.isArray(stored) ? stored : []);
  return Object.keys(savedViewLists[list].columns).filter((key) => wanted.has(key));
}

export function setHiddenColumns(list: SavedViewList, columns: readonly string[]): void {
  const all = readAll();
  all[list] = [...new Set(columns)];
  storage.set(storageKeys.hiddenColumns, JSON.stringify(all));
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === storageKeys.hiddenColumns) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The list's hidden columns, re-rendering when they change (here or in another tab). */
export function useHiddenColumns(list: SavedViewList): string[] {
  // The snapshot is a string so it compares by value between renders.
  const snapshot = useSyncExternalStore(subscribe, () => hiddenOf(list, readAll()).join(','));
  return useMemo(() => (snapshot ? snapshot.split(',') : []), [snapshot]);
}
