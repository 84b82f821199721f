import { useMemo, useState } from 'react';
import { Button, Card, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RefundStatus } from '@portal/shared/finance';
import type { RefundRecord } from '@portal/shared/finance-schemas';
import { Access } from '../../../components/access.tsx';
import { ListPage } from '../../../components/list-page/list-page.tsx';
import type { ListPageConfig } from '../../../components/list-page/list-config.ts';
import { ExportButton } from '../../../components/export-button.tsx';
import { listReviewRefunds, REVIEW_REFUND_LIST_KEY, exportReviewRefunds } from '../api/refunds.ts';
import { Money } from '../../../components/money.tsx';
import { RefundDecisionDialog, type RefundDecision } from '../components/refund-decision-dialog.tsx';
import { type ALL_TAB, exportQuery, REVIEW_QUEUE_TAB, statusOfTab, tabsWithAll } from '../list-body.ts';
import { REFUND_STATUS_OPTIONS } from '../../../entities/refund/statuses.ts';
import { REFUND_KIND_OPTIONS } from '../../../entities/refund/kinds.ts';
import { textKey } from '../../../components/list-page/text-key.ts';
import { withinPages } from '../../../components/list-page/within-pages.ts';
import { tenantQueryField } from '../../../entities/tenant/tenant-options.ts';

type Tab = typeof ALL_TAB | RefundStatus;

const TABS = tabsWithAll<Exclude<Tab, typeof ALL_TAB>>([
  { key: 'SUBMITTED', label: 'tabs.awaiting' },
  { key: 'APPROVED', label: 'tabs.refunded' },
  { key: 'REJECTED', label: 'tabs.rejected' },
]);

const statusOf = (tab: Tab) => statusOfTab<Exclude<Tab, typeof ALL_TAB>>(tab);

function RowActions({ record, onDecide }: { record: RefundRecord; onDecide: (decision: RefundDecision) => void }) {
  const { t } = useTranslation('finance');
  if (record.status !== 'SUBMITTED') return null;
  return (
    <Space size={0}>
      <Access code="finance:refund-review:approve">
        <Button type="link" size="small" onClick={() => onDecide({ record, approve: true })} data-testid="refund-approve">
          {t('common.approve')}
        </Button>
      </Access>
      <Access code="finance:refund-review:reject">
        <Button type="link" size="small" danger onClick={() => onDecide({ record, approve: false })} data-testid="refund-reject">
          {t('common.reject')}
        </Button>
      </Access>
    </Space>
  );
}

function refundList(tab: Tab, onDecide: (decision: RefundDecision) => void): ListPageConfig<RefundRecord> {
  return {
    id: 'finance-refund-review',
    rowKey: 'id',
    queryKey: [...REVIEW_REFUND_LIST_KEY, { tab }],
    fetcher: withinPages((params, signal) => listReviewRefunds({ ...params, status: statusOf(tab) }, signal)),
    query: [
      { name: 'refundNo', label: textKey('finance', 'refund.refundNo'), type: 'input', placeholder: 'components.query.numberPlaceholder' },
      tenantQueryField(textKey('finance', 'common.tenant')),
      { name: 'kind', label: textKey('finance', 'refund.kind'), type: 'select', options: REFUND_KIND_OPTIONS },
      { name: 'currency', label: textKey('finance', 'common.currency'), type: 'dict', dict: 'Currency', hidden: true },
      { name: 'createdAt', label: textKey('finance', 'common.createdAt'), type: 'date-range', hidden: true },
    ],
    columns: [
      { dataIndex: 'refundNo', title: textKey('finance', 'refund.refundNo'), fixed: 'left', width: 170 },
      { dataIndex: 'tenantName', title: textKey('finance', 'common.tenant'), width: 140 },
      { dataIndex: 'status', title: textKey('finance', 'common.status'), options: REFUND_STATUS_OPTIONS, width: 100 },
      { dataIndex: 'kind', title: textKey('finance', 'refund.kind'), options: REFUND_KIND_OPTIONS, width: 110 },
      { dataIndex: 'amount', title: textKey('finance', 'refund.amount'), align: 'right', width: 150, render: (r) => <Money amount={r.amount} currency={r.currency} /> },
      { dataIndex: 'payOrderNo', title: textKey('finance', 'refund.payOrderNo'), width: 170 },
      { dataIndex: 'orderNo', title: textKey('finance', 'refund.orderNo'), width: 170, defaultHidden: true },
      { dataIndex: 'payeeName', title: textKey('finance', 'refund.payeeName'), width: 140 },
      { dataIndex: 'payeeAccount', title: textKey('finance', 'refund.payeeAccount'), width: 170 },
      { dataIndex: 'payeeBank', title: textKey('finance', 'refund.payeeBank'), format: 'ellipsis', width: 180 },
      { dataIndex: 'reason', title: textKey('finance', 'refund.reason'), format: 'ellipsis', width: 180 },
      { dataIndex: 'decisionRemark', title: textKey('finance', 'refund.decisionRemark'), format: 'ellipsis', width: 180 },
      { dataIndex: 'createdBy', title: textKey('finance', 'common.createdBy'), width: 110 },
      { dataIndex: 'refunder', title: textKey('finance', 'refund.refunder'), width: 110 },
      { dataIndex: 'decidedAt', title: textKey('finance', 'refund.decidedAt'), format: 'dateTime', width: 170 },
      { dataIndex: 'postedAt', title: textKey('finance', 'refund.postedAt'), format: 'dateTime', width: 170, defaultHidden: true },
      { dataIndex: 'createdAt', title: textKey('finance', 'common.createdAt'), format: 'dateTime', width: 170 },
      { key: 'actions', title: textKey('finance', 'common.actions'), fixed: 'right', width: 140, render: (record) => <RowActions record={record} onDecide={onDecide} /> },
    ],
  };
}

/** Every merchant's refunds for finance (platform): verifying one is when its money moves. */
export function RefundReviewPage() {
  const { t } = useTranslation('finance');
  const [tab, setTab] = useState<Tab>(REVIEW_QUEUE_TAB);
  const [decision, setDecision] = useState<RefundDecision | null>(null);
  const config = useMemo(() => refundList(tab, setDecision), [tab]);
  return (
    <Card tabList={TABS.map((item) => ({ key: item.key, label: t(item.label) }))} activeTabKey={tab} onTabChange={(key) => setTab(key as Tab)} tabProps={{ size: 'middle' }}>
      <ListPage config={config} exportSlot={(params) => <ExportButton code="finance:refund-review:export" label={t('common.export')} run={() => exportReviewRefunds(exportQuery(params, { status: statusOf(tab) }))} />} />
      {decision && <RefundDecisionDialog decision={decision} onClose={() => setDecision(null)} />}
    </Card>
  );
}
