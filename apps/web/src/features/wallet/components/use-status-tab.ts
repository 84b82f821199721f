import { useCallback, useState } from 'react';
import { ALL_TAB, tabShowing, type StatusTab } from '../list-body.ts';

/** A record the user just changed: its id and the status it has now. */
export type Changed<S extends string> = { id: number; status: S };

/**
 * The tab a wallet list shows (All when it opens) and the record the user just changed there: after a
 * payment, a submission or a save, the list moves to a tab that lists the record and marks it.
 */
export function useStatusTab<S extends string>(tabs: readonly StatusTab<S>[]) {
  const [tab, setTab] = useState(ALL_TAB);
  const [changedId, setChangedId] = useState<number | null>(null);
  const choose = useCallback((key: string) => {
    setTab(key);
    setChangedId(null);
  }, []);
  // stable, so that the list configs built with it are not rebuilt on every render
  const show = useCallback(
    (record: Changed<S>) => {
      setTab((current) => tabShowing(tabs, current, record.status));
      setChangedId(record.id);
    },
    [tabs],
  );
  return { tab, status: tabs.find((candidate) => candidate.key === tab)?.status, changedId, choose, show };
}
