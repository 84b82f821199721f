import { useRef, type KeyboardEvent } from 'react';
import styles from './plain.module.css';

export type PlainTab<K extends string> = { key: K; label: string };

/**
 * A tab list over panels the caller renders (WAI-ARIA tabs: arrow keys, Home and End move and
 * select). Each panel must carry `id={tabPanelId(idBase, key)}` and `aria-labelledby={tabId(idBase, key)}`.
 */
export function PlainTabs<K extends string>({ idBase, tabs, active, onChange }: { idBase: string; tabs: PlainTab<K>[]; active: K; onChange: (key: K) => void }) {
  const list = useRef<HTMLDivElement>(null);
  const move = (event: KeyboardEvent) => {
    const at = tabs.findIndex((tab) => tab.key === active);
    const next = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: tabs.length - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const tab = tabs[(next + tabs.length) % tabs.length];
    if (!tab) return;
    onChange(tab.key);
    list.current?.querySelector<HTMLButtonElement>(`#${CSS.escape(tabId(idBase, tab.key))}`)?.focus();
  };
  return (
    <div role="tablist" className={styles.tabs} ref={list} onKeyDown={move}>
      {tabs.map((tab) => (
        <button
          key={tab.key}
          type="button"
          role="tab"
          id={tabId(idBase, tab.key)}
          aria-selected={tab.key === active}
          aria-controls={tabPanelId(idBase, tab.key)}
          tabIndex={tab.key === active ? 0 : -1}
          className={styles.tab}
          onClick={() => onChange(tab.key)}
        >
          {tab.label}
        </button>
      ))}
    </div>
  );
}

export const tabId = (idBase: string, key: string) => `${idBase}-tab-${key}`;
export const tabPanelId = (idBase: string, key: string) => `${idBase}-panel-${key}`;
