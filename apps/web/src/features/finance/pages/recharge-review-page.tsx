import { useMemo, useState } from 'react';
import { Button, Card, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RechargeStatus } from '@portal/shared/finance';
import type { RechargeRecord } from '@portal/shared/finance-schemas';
import { Access } from '../../../components/access.tsx';
import { ListPage } from '../../../components/list-page/list-page.tsx';
import type { ListPageConfig } from '../../../components/list-page/list-config.ts';
import { ExportButton } from '../../../components/export-button.tsx';
import { listReviewRecharges, REVIEW_RECHARGE_LIST_KEY, exportReviewRecharges } from '../api/recharges.ts';
import { Money } from '../../../components/money.tsx';
import { RechargeDecisionDialog, type RechargeDecision } from '../components/recharge-decision-dialog.tsx';
import { RechargeReviewDrawer } from '../components/recharge-review-drawer.tsx';
import { type ALL_TAB, exportQuery, REVIEW_QUEUE_TAB, statusOfTab, tabsWithAll } from '../list-body.ts';
import { RECHARGE_STATUS_OPTIONS } from '../../../entities/recharge/statuses.ts';
import { textKey } from '../../../components/list-page/text-key.ts';
import { withinPages } from '../../../components/list-page/within-pages.ts';
import { tenantQueryField } from '../../../entities/tenant/tenant-options.ts';

type Tab = typeof ALL_TAB | Exclude<RechargeStatus, 'DRAFT'>;

/** All, then the states; the screen opens on the review queue (REVIEW_QUEUE_TAB): what finance comes here for. */
const TABS = tabsWithAll<Exclude<Tab, typeof ALL_TAB>>([
  { key: 'SUBMITTED', label: 'tabs.awaiting' },
  { key: 'CONFIRMED', label: 'tabs.credited' },
  { key: 'REJECTED', label: 'tabs.rejected' },
  { key: 'REVERSED', label: 'tabs.reversed' },
]);

const statusOf = (tab: Tab) => statusOfTab<Exclude<Tab, typeof ALL_TAB>>(tab);

type Handlers = { onReview: (id: number) => void; onReverse: (record: RechargeRecord) => void };

function RowActions({ record, onReview, onReverse }: { record: RechargeRecord } & Handlers) {
  const { t } = useTranslation('finance');
  return (
    <Space size={0}>
      <Button type="link" size="small" onClick={() => onReview(record.id)} data-testid="recharge-review-open">
        {record.status === 'SUBMITTED' ? t('recharge.review') : t('common.detail')}
      </Button>
      {record.status === 'CONFIRMED' && (
        <Access code="finance:recharge-review:reverse">
          <Button type="link" size="small" danger onClick={() => onReverse(record)} data-testid="recharge-row-reverse">
            {t('recharge.reverse')}
          </Button>
        </Access>
      )}
    </Space>
  );
}

function rechargeList(tab: Tab, handlers: Handlers): ListPageConfig<RechargeRecord> {
  return {
    id: 'finance-recharge-review',
    rowKey: 'id',
    queryKey: [...REVIEW_RECHARGE_LIST_KEY, { tab }],
    fetcher: withinPages((params, signal) => listReviewRecharges({ ...params, status: statusOf(tab) }, signal)),
    query: [
      { name: 'rechargeNo', label: textKey('finance', 'recharge.rechargeNo'), type: 'input', placeholder: 'components.query.numberPlaceholder' },
      tenantQueryField(textKey('finance', 'common.tenant')),
      { name: 'transferCurrency', label: textKey('finance', 'recharge.transferCurrency'), type: 'dict', dict: 'Currency' },
      { name: 'createdAt', label: textKey('finance', 'common.createdAt'), type: 'date-range', hidden: true },
    ],
    columns: [
      {
        dataIndex: 'rechargeNo',
        title: textKey('finance', 'recharge.rechargeNo'),
        fixed: 'left',
        width: 170,
        render: (record) => (
          <Button type="link" size="small" style={{ padding: 0 }} onClick={() => handlers.onReview(record.id)}>
            {record.rechargeNo}
          </Button>
        ),
      },
      { dataIndex: 'tenantName', title: textKey('finance', 'common.tenant'), width: 140 },
      { dataIndex: 'status', title: textKey('finance', 'common.status'), options: RECHARGE_STATUS_OPTIONS, width: 100 },
      { dataIndex: 'transferAmount', title: textKey('finance', 'recharge.transferAmount'), align: 'right', width: 150, render: (r) => <Money amount={r.transferAmount} currency={r.transferCurrency} /> },
      {
        dataIndex: 'receivedAmount',
        title: textKey('finance', 'recharge.receivedAmount'),
        align: 'right',
        width: 150,
        render: (r) => (r.receivedAmount === null ? r.receivedCurrency : <Money amount={r.receivedAmount} currency={r.receivedCurrency} />),
      },
      { dataIndex: 'rate', title: textKey('finance', 'recharge.rate'), align: 'right', width: 120 },
      { dataIndex: 'inverseRate', title: textKey('finance', 'recharge.inverseRate'), align: 'right', width: 130, defaultHidden: true },
      { dataIndex: 'unrechargedAmount', title: textKey('finance', 'recharge.unrechargedAmount'), align: 'right', width: 150, render: (r) => <Money amount={r.unrechargedAmount} currency={r.receivedCurrency} /> },
      { dataIndex: 'rateApplyNo', title: textKey('finance', 'recharge.rateApplyNo'), width: 160, defaultHidden: true },
      { dataIndex: 'payerName', title: textKey('finance', 'recharge.payerName'), width: 140 },
      { dataIndex: 'payerAccount', title: textKey('finance', 'recharge.payerAccount'), width: 160, defaultHidden: true },
      { dataIndex: 'receivingBank', title: textKey('finance', 'recharge.receivingBank'), format: 'ellipsis', width: 200 },
      { dataIndex: 'receivingAccountNo', title: textKey('finance', 'recharge.receivingAccountNo'), width: 190, defaultHidden: true },
      { dataIndex: 'transferredAt', title: textKey('finance', 'recharge.transferredAt'), format: 'dateTime', width: 170 },
      { key: 'vouchers', title: textKey('finance', 'recharge.vouchers'), align: 'right', width: 90, render: (r) => r.vouchers.length },
      { dataIndex: 'remark', title: textKey('finance', 'common.remark'), format: 'ellipsis', width: 180, defaultHidden: true },
      { dataIndex: 'rejectReason', title: textKey('finance', 'recharge.rejectReason'), format: 'ellipsis', width: 180 },
      { dataIndex: 'createdBy', title: textKey('finance', 'common.createdBy'), width: 110 },
      { dataIndex: 'submittedAt', title: textKey('finance', 'recharge.submittedAt'), format: 'dateTime', width: 170 },
      { dataIndex: 'decidedBy', title: textKey('finance', 'common.decidedBy'), width: 110 },
      { dataIndex: 'decidedAt', title: textKey('finance', 'common.decidedAt'), format: 'dateTime', width: 170 },
      { dataIndex: 'postedAt', title: textKey('finance', 'recharge.postedAt'), format: 'dateTime', width: 170, defaultHidden: true },
      { dataIndex: 'createdAt', title: textKey('finance', 'common.createdAt'), format: 'dateTime', width: 170, defaultHidden: true },
      { key: 'actions', title: textKey('finance', 'common.actions'), fixed: 'right', width: 150, render: (record) => <RowActions record={record} {...handlers} /> },
    ],
  };
}

/**
 * Every merchant's recharges for finance (platform): the review queue first; a review shows the
 * vouchers and what approving would credit, and a credited recharge can be reversed.
 */
export function RechargeReviewPage() {
  const { t } = useTranslation('finance');
  const [tab, setTab] = useState<Tab>(REVIEW_QUEUE_TAB);
  const [reviewId, setReviewId] = useState<number | null>(null);
  const [decision, setDecision] = useState<RechargeDecision | null>(null);
  const config = useMemo(() => rechargeList(tab, { onReview: setReviewId, onReverse: (record) => setDecision({ record, move: 'reverse' }) }), [tab]);
  return (
    <Card tabList={TABS.map((item) => ({ key: item.key, label: t(item.label) }))} activeTabKey={tab} onTabChange={(key) => setTab(key as Tab)} tabProps={{ size: 'middle' }}>
      <ListPage
        config={config}
        exportSlot={(params) => <ExportButton code="finance:recharge-review:export" label={t('common.export')} run={() => exportReviewRecharges(exportQuery(params, { status: statusOf(tab) }))} />}
      />
      <RechargeReviewDrawer rechargeId={reviewId} onClose={() => setReviewId(null)} onDecide={setDecision} />
      {decision && <RechargeDecisionDialog decision={decision} onClose={() => setDecision(null)} onDone={() => setReviewId(null)} />}
    </Card>
  );
}
