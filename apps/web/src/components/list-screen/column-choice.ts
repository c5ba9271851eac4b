import { fullColumnOrder, type SavedViewList, savedViewLists } from '@inspecta/contract';
import { useMemo, useSyncExternalStore } from 'react';
import { type StorageKey, storage, storageKeys } from '@/lib/storage';

/**
 * The columns each list hides on this device (issue 21), and the order of its optional columns,
 * kept in local storage as `{ "sites": ["city"], … }` so the choice survives a reload, and shared by
 * the list's "Columns" chooser and its saved views, which store and apply it.
 */
const listeners = new Set<() => void>();

function readAll(key: StorageKey): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(storage.get(key) ?? '{}');
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

function writeList(key: StorageKey, list: SavedViewList, value: string[]): void {
  const all = readAll(key);
  all[list] = value;
  storage.set(key, JSON.stringify(all));
  for (const listener of listeners) listener();
}

function storedKeys(key: StorageKey, list: SavedViewList): string[] {
  const stored = readAll(key)[list];
  return Array.isArray(stored) ? stored.filter((k): k is string => typeof k === 'string') : [];
}

/** The list's hidden columns: only keys the list knows, in the list's column order. */
function hiddenOf(list: SavedViewList): string[] {
  const wanted = new Set(storedKeys(storageKeys.hiddenColumns, list));
  return Object.keys(savedViewLists[list].columns).filter((key) => wanted.has(key));
}

export function setHiddenColumns(list: SavedViewList, columns: readonly string[]): void {
  writeList(storageKeys.hiddenColumns, list, [...new Set(columns)]);
}

/** Stores the order of the list's optional columns; the list's own order is stored as none. */
export function setColumnOrder(list: SavedViewList, order: readonly string[]): void {
  const full = fullColumnOrder(list, order);
  const natural = Object.keys(savedViewLists[list].columns);
  writeList(storageKeys.columnOrder, list, full.join() === natural.join() ? [] : full);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === storageKeys.hiddenColumns || event.key === storageKeys.columnOrder) listener();
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
  const snapshot = useSyncExternalStore(subscribe, () => hiddenOf(list).join(','));
  return useMemo(() => (snapshot ? snapshot.split(',') : []), [snapshot]);
}

/** All the list's optional columns in the order chosen on this device (the list's own by default). */
export function useColumnOrder(list: SavedViewList): string[] {
  const snapshot = useSyncExternalStore(subscribe, () =>
    fullColumnOrder(list, storedKeys(storageKeys.columnOrder, list)).join(','),
  );
  return useMemo(() => (snapshot ? snapshot.split(',') : []), [snapshot]);
}
