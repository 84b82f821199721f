import type { DetailRecord } from '@portal/shared/finance-schemas';
import type { ListColumn, QueryField } from '../../../components/list-page/list-config.ts';
import { JOURNAL_KIND_OPTIONS } from '../statuses.ts';
import { Money } from '../../../components/money.tsx';
import { textKey } from '../../../components/list-page/text-key.ts';

/** The fields both views of a movement have: the merchant's (a wallet's) and the platform's (any account's). */
export type Movement = Omit<DetailRecord, 'balance'> & { balance: string | null };

/** The columns of posted movements: the merchant's finance details and the platform's view of a tenant's. */
export function detailColumns(): ListColumn<Movement>[] {
  return [
    { dataIndex: 'postedAt', title: textKey('finance', 'detail.postedAt'), format: 'dateTime', fixed: 'left', width: 170 },
    { dataIndex: 'kind', phone: true, title: textKey('finance', 'detail.kind'), options: JOURNAL_KIND_OPTIONS, width: 100 },
    { dataIndex: 'refNo', phone: true, title: textKey('finance', 'detail.refNo'), width: 170 },
    { dataIndex: 'memo', title: textKey('finance', 'detail.memo'), format: 'ellipsis', width: 220 },
    { dataIndex: 'currency', title: textKey('finance', 'common.currency'), width: 80 },
    { dataIndex: 'amount', phone: true, title: textKey('finance', 'detail.amount'), align: 'right', width: 150, render: (record) => <Money amount={record.amount} currency={record.currency} signed /> },
    { dataIndex: 'balance', title: textKey('finance', 'detail.balance'), align: 'right', width: 150, render: (record) => <Money amount={record.balance} currency={record.currency} /> },
  ];
}

/** Their filters: currency, type, reference, posted time (with the date presets). */
export const DETAIL_QUERY: readonly QueryField[] = [
  { name: 'currency', label: textKey('finance', 'common.currency'), type: 'dict', dict: 'Currency' },
  { name: 'kind', label: textKey('finance', 'detail.kind'), type: 'select', options: JOURNAL_KIND_OPTIONS },
  { name: 'refNo', label: textKey('finance', 'detail.refNo'), type: 'input', placeholder: 'components.query.numberPlaceholder' },
  { name: 'postedAt', label: textKey('finance', 'detail.postedAt'), type: 'date-range' },
];
