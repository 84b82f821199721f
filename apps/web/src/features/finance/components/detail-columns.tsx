import type { DetailRecord } from '@portal/shared/finance-schemas';
import type { ListColumn, QueryField } from '../../../components/list-page/list-config.ts';
import { JOURNAL_KIND_OPTIONS } from '../statuses.ts';
import { fk } from '../texts.ts';
import { Money } from './money.tsx';

/** The fields both views of a movement have: the merchant's (a wallet's) and the platform's (any account's). */
export type Movement = Omit<DetailRecord, 'balance'> & { balance: string | null };

/** The columns of posted movements: the merchant's finance details and the platform's view of a tenant's. */
export function detailColumns(): ListColumn<Movement>[] {
  return [
    { dataIndex: 'postedAt', title: fk('detail.postedAt'), format: 'dateTime', fixed: 'left', width: 170 },
    { dataIndex: 'kind', title: fk('detail.kind'), options: JOURNAL_KIND_OPTIONS, width: 100 },
    { dataIndex: 'refNo', title: fk('detail.refNo'), width: 170 },
    { dataIndex: 'memo', title: fk('detail.memo'), format: 'ellipsis', width: 220 },
    { dataIndex: 'currency', title: fk('common.currency'), width: 80 },
    { dataIndex: 'amount', title: fk('detail.amount'), align: 'right', width: 150, render: (record) => <Money amount={record.amount} currency={record.currency} signed /> },
    { dataIndex: 'balance', title: fk('detail.balance'), align: 'right', width: 150, render: (record) => <Money amount={record.balance} currency={record.currency} /> },
  ];
}

/** Their filters: currency, type, reference, posted time (with the date presets). */
export const DETAIL_QUERY: readonly QueryField[] = [
  { name: 'currency', label: fk('common.currency'), type: 'dict', dict: 'Currency' },
  { name: 'kind', label: fk('detail.kind'), type: 'select', options: JOURNAL_KIND_OPTIONS },
  { name: 'refNo', label: fk('detail.refNo'), type: 'input' },
  { name: 'postedAt', label: fk('detail.postedAt'), type: 'date-range' },
];
