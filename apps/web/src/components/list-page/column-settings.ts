import { useState } from 'react';
import { STORAGE_PREFIX } from '../../lib/storage.ts';

/**
 * The columns a user turned off, per list, in local storage under the `pro__` namespace. Kept as
 * the hidden ones rather than the visible ones, so that a column added by a later release shows up.
 * lib/storage.ts has a fixed set of keys; one key per list is built here from the list's id.
 */
const keyOf = (listId: string) => `${STORAGE_PREFIX}LIST_COLUMNS_${listId}`;

export function readHiddenColumns(listId: string): string[] | null {
  try {
    const raw = window.localStorage.getItem(keyOf(listId));
    if (raw === null) return null;
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? parsed.filter((key): key is string => typeof key === 'string') : null;
  } catch {
    // unreadable or disabled storage: the defaults
    return null;
  }
}

export function writeHiddenColumns(listId: string, hidden: readonly string[] | null): void {
  try {
    if (hidden === null) window.localStorage.removeItem(keyOf(listId));
    else window.localStorage.setItem(keyOf(listId), JSON.stringify(hidden));
  } catch {
    // not remembered, but the choice holds for this visit
  }
}

/** Which columns are hidden: the user's choice if any, else the columns marked defaultHidden. */
export function useHiddenColumns(listId: string, defaultHidden: readonly string[]) {
  const [chosen, setChosen] = useState<string[] | null>(() => readHiddenColumns(listId));
  const hidden = chosen ?? defaultHidden;
  const update = (next: string[] | null) => {
    writeHiddenColumns(listId, next);
    setChosen(next);
  };
  return {
    hidden,
    setVisible: (key: string, visible: boolean) => update(visible ? hidden.filter((k) => k !== key) : [...new Set([...hidden, key])]),
    reset: () => update(null),
  };
}
