import { useMemo, useState } from 'react';
import { Button, Card, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RateApplyStatus } from '@portal/shared/finance';
import type { RateApplyRecord } from '@portal/shared/finance-schemas';
import { Access } from '../../../components/access.tsx';
import { ListPage } from '../../../components/list-page/list-page.tsx';
import type { ListPageConfig } from '../../../components/list-page/list-config.ts';
import { ExportButton } from '../../../components/export-button.tsx';
import { listReviewRateApplies, REVIEW_RATE_APPLY_LIST_KEY, exportReviewRateApplies } from '../api/rate-applies.ts';
import { Money } from '../../../components/money.tsx';
import { RateApplyDecisionDialog, type RateApplyDecision } from '../components/rate-apply-decision-dialog.tsx';
import { type ALL_TAB, exportQuery, REVIEW_QUEUE_TAB, statusOfTab, tabsWithAll } from '../list-body.ts';
import { RATE_APPLY_STATUS_OPTIONS } from '../statuses.ts';
import { textKey } from '../../../components/list-page/text-key.ts';
import { withinPages } from '../../../components/list-page/within-pages.ts';
import { tenantQueryField } from '../../../entities/tenant/tenant-options.ts';

type Tab = typeof ALL_TAB | Exclude<RateApplyStatus, 'DRAFT'>;

const TABS = tabsWithAll<Exclude<Tab, typeof ALL_TAB>>([
  { key: 'SUBMITTED', label: 'tabs.awaiting' },
  { key: 'APPROVED', label: 'tabs.approved' },
  { key: 'REJECTED', label: 'tabs.rejected' },
  { key: 'CANCELLED', label: 'tabs.cancelled' },
]);

const statusOf = (tab: Tab) => statusOfTab<Exclude<Tab, typeof ALL_TAB>>(tab);

function RowActions({ record, onDecide }: { record: RateApplyRecord; onDecide: (decision: RateApplyDecision) => void }) {
  const { t } = useTranslation('finance');
  if (record.status !== 'SUBMITTED') return null;
  return (
    <Space size={0}>
      <Access code="finance:rate-apply-review:approve">
        <Button type="link" size="small" onClick={() => onDecide({ record, approve: true })} data-testid="rate-apply-approve">
          {t('common.approve')}
        </Button>
      </Access>
      <Access code="finance:rate-apply-review:reject">
        <Button type="link" size="small" danger onClick={() => onDecide({ record, approve: false })} data-testid="rate-apply-reject">
          {t('common.reject')}
        </Button>
      </Access>
    </Space>
  );
}

function reviewList(tab: Tab, onDecide: (decision: RateApplyDecision) => void): ListPageConfig<RateApplyRecord> {
  return {
    id: 'finance-rate-apply-review',
    rowKey: 'id',
    queryKey: [...REVIEW_RATE_APPLY_LIST_KEY, { tab }],
    fetcher: withinPages((params, signal) => listReviewRateApplies({ ...params, status: statusOf(tab) }, signal)),
    query: [
      { name: 'applyNo', label: textKey('finance', 'rateApply.applyNo'), type: 'input', placeholder: 'components.query.numberPlaceholder' },
      tenantQueryField(textKey('finance', 'common.tenant')),
      { name: 'createdAt', label: textKey('finance', 'common.createdAt'), type: 'date-range' },
    ],
    columns: [
      { dataIndex: 'applyNo', title: textKey('finance', 'rateApply.applyNo'), fixed: 'left', width: 170 },
      { dataIndex: 'tenantName', title: textKey('finance', 'common.tenant'), width: 140 },
      { dataIndex: 'status', title: textKey('finance', 'common.status'), options: RATE_APPLY_STATUS_OPTIONS, width: 100 },
      { key: 'pair', title: textKey('finance', 'rateApply.pair'), width: 110, render: (record) => `${record.baseCurrency}/${record.quoteCurrency}` },
      { dataIndex: 'amount', title: textKey('finance', 'rateApply.amount'), align: 'right', width: 150, render: (record) => <Money amount={record.amount} currency={record.baseCurrency} /> },
      { dataIndex: 'requestedRate', title: textKey('finance', 'rateApply.requestedRate'), align: 'right', width: 130 },
      { dataIndex: 'marketRate', title: textKey('finance', 'rateApply.marketRate'), align: 'right', width: 130 },
      { dataIndex: 'approvedRate', title: textKey('finance', 'rateApply.approvedRate'), align: 'right', width: 130 },
      { dataIndex: 'validUntil', title: textKey('finance', 'rateApply.validUntil'), format: 'dateTime', width: 170 },
      { dataIndex: 'reason', title: textKey('finance', 'rateApply.reason'), format: 'ellipsis', width: 200 },
      { dataIndex: 'decisionRemark', title: textKey('finance', 'rateApply.decisionRemark'), format: 'ellipsis', width: 200 },
      { dataIndex: 'createdBy', title: textKey('finance', 'common.createdBy'), width: 110 },
      { dataIndex: 'decidedBy', title: textKey('finance', 'common.decidedBy'), width: 110 },
      { dataIndex: 'decidedAt', title: textKey('finance', 'common.decidedAt'), format: 'dateTime', width: 170 },
      { dataIndex: 'createdAt', title: textKey('finance', 'common.createdAt'), format: 'dateTime', width: 170 },
      { key: 'actions', title: textKey('finance', 'common.actions'), fixed: 'right', width: 140, render: (record) => <RowActions record={record} onDecide={onDecide} /> },
    ],
  };
}

/**
 * Every merchant's rate applications for finance (platform), with today's market rate alongside the
 * rate asked for: approve with the rate granted and its validity, or reject with a reason.
 */
export function RateApplyReviewPage() {
  const { t } = useTranslation('finance');
  const [tab, setTab] = useState<Tab>(REVIEW_QUEUE_TAB);
  const [decision, setDecision] = useState<RateApplyDecision | null>(null);
  const config = useMemo(() => reviewList(tab, setDecision), [tab]);
  return (
    <Card tabList={TABS.map((item) => ({ key: item.key, label: t(item.label) }))} activeTabKey={tab} onTabChange={(key) => setTab(key as Tab)} tabProps={{ size: 'middle' }}>
      <ListPage
        config={config}
        exportSlot={(params) => <ExportButton code="finance:rate-apply-review:export" label={t('common.export')} run={() => exportReviewRateApplies(exportQuery(params, { status: statusOf(tab) }))} />}
      />
      {decision && <RateApplyDecisionDialog decision={decision} onClose={() => setDecision(null)} />}
    </Card>
  );
}
