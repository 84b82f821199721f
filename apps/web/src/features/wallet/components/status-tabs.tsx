import { Tabs } from 'antd';
import type { StatusTab } from '../list-body.ts';

/**
 * The state tabs over a record list (spec §4): each filters the list on one status, "all" on none.
 * The page draws its list under them, anew per tab (page 1, the tab's filter).
 */
export function StatusTabs<S extends string>({ tabs, active, onChange, labelOf }: { tabs: readonly StatusTab<S>[]; active: string; onChange: (key: string) => void; labelOf: (key: string) => string }) {
  return (
    <Tabs
      activeKey={active}
      onChange={onChange}
      style={{ marginTop: -8 }}
      items={tabs.map((tab) => ({ key: tab.key, label: <span data-testid={`wallet-tab-${tab.key}`}>{labelOf(tab.key)}</span> }))}
    />
  );
}
