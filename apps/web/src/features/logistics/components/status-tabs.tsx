import { Typography, type CardProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { ORDER_STATUSES } from '@portal/shared/logistics';
import type { StatusCount } from '@portal/shared/logistics-schemas';
import { findDictOption, useDictOptions } from '../../../components/dict-items.ts';
import { formatCount } from '../../../lib/format.ts';
import type { StatusTab } from '../order-params.ts';

type CardTabListType = NonNullable<CardProps['tabList']>[number];

export const ORDER_STATUS_DICT = 'LOGOrderStateEnum';

/** How many orders each tab holds: every status, and "all" as their sum. Absent statuses hold none. */
export function tabCounts(counts: readonly StatusCount[] | undefined): Record<StatusTab, number> | null {
  if (!counts) return null;
  const result = { ALL: 0 } as Record<StatusTab, number>;
  for (const status of ORDER_STATUSES) result[status] = 0;
  for (const { status, count } of counts) {
    if (!Object.hasOwn(result, status)) continue;
    result[status] += count;
    result.ALL += count;
  }
  return result;
}

function TabLabel({ tab, text, count }: { tab: StatusTab; text: string; count: number | undefined }) {
  return (
    <span data-testid={`status-tab-${tab}`}>
      {text}
      {count !== undefined && (
        <Typography.Text type="secondary" style={{ marginInlineStart: 6 }} data-testid={`status-count-${tab}`}>
          {formatCount(count)}
        </Typography.Text>
      )}
    </span>
  );
}

/**
 * The status tabs over the order list: "all" and each status in the spec's order, named by the
 * LOGOrderStateEnum dictionary, each with the number of orders that match the other filters. With a
 * status chosen in the query form, only "all" and that status are offered.
 */
export function useStatusTabs(counts: readonly StatusCount[] | undefined, formStatus: string | undefined): CardTabListType[] {
  const { t } = useTranslation('logistics');
  const { options } = useDictOptions(ORDER_STATUS_DICT);
  const chosen = formStatus && (ORDER_STATUSES as readonly string[]).includes(formStatus) ? formStatus : undefined;
  // the counts are of every status under the other filters; with one status chosen, "all" is that one
  const byTab = tabCounts(chosen ? counts?.filter((entry) => entry.status === chosen) : counts);
  const statuses = chosen ? ORDER_STATUSES.filter((status) => status === chosen) : ORDER_STATUSES;
  return [
    { key: 'ALL', label: <TabLabel tab="ALL" text={t('list.all')} count={byTab?.ALL} /> },
    ...statuses.map((status) => ({ key: status, label: <TabLabel tab={status} text={findDictOption(options, status)?.text ?? status} count={byTab?.[status]} /> })),
  ];
}
