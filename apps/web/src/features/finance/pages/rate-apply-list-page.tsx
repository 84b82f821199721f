import { useMemo, useState } from 'react';
import { Button, Card, Space } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { RateApplyStatus } from '@portal/shared/finance';
import type { RateApplyRecord } from '@portal/shared/finance-schemas';
import { Access } from '../../../components/access.tsx';
import { ListPage } from '../../../components/list-page/list-page.tsx';
import type { ListPageConfig } from '../../../components/list-page/list-config.ts';
import { ExportButton } from '../../../components/export-button.tsx';
import { listRateApplies, RATE_APPLY_LIST_KEY, exportRateApplies, useSubmitRateApply, useCancelRateApply } from '../api/rate-applies.ts';
import { Money } from '../../../components/money.tsx';
import { RateApplyFormDialog } from '../components/rate-apply-form-dialog.tsx';
import { ConfirmedAction } from '../../../components/confirmed-action.tsx';
import { ALL_TAB, exportQuery, statusOfTab, tabsWithAll } from '../list-body.ts';
import { RATE_APPLY_STATUS_OPTIONS } from '../statuses.ts';
import { useActionKeys } from '../use-action-keys.ts';
import { textKey } from '../../../components/list-page/text-key.ts';
import { withinPages } from '../../../components/list-page/within-pages.ts';

type Tab = typeof ALL_TAB | RateApplyStatus;

const TABS = tabsWithAll<Exclude<Tab, typeof ALL_TAB>>([
  { key: 'DRAFT', label: 'tabs.drafts' },
  { key: 'SUBMITTED', label: 'tabs.awaiting' },
  { key: 'APPROVED', label: 'tabs.approved' },
  { key: 'REJECTED', label: 'tabs.rejected' },
  { key: 'CANCELLED', label: 'tabs.cancelled' },
]);

/** What the merchant may still withdraw: anything finance has not decided on. */
const CANCELLABLE: readonly RateApplyStatus[] = ['DRAFT', 'SUBMITTED'];

const statusOf = (tab: Tab) => statusOfTab<Exclude<Tab, typeof ALL_TAB>>(tab);

function ApplyActions({ record, onEdit }: { record: RateApplyRecord; onEdit: (record: RateApplyRecord) => void }) {
  const { t } = useTranslation('finance');
  const submit = useSubmitRateApply();
  const cancel = useCancelRateApply();
  const keys = useActionKeys();
  const keyed = (action: string, call: (input: { id: number; idempotencyKey: string }) => Promise<unknown>) => () =>
    call({ id: record.id, idempotencyKey: keys.keyOf(action) }).then(() => keys.done(action));
  return (
    <Space size={0}>
      {record.status === 'DRAFT' && (
        <>
          <Access code="finance:rate-apply:edit">
            <Button type="link" size="small" onClick={() => onEdit(record)} data-testid="rate-apply-edit">
              {t('common.edit')}
            </Button>
          </Access>
          <ConfirmedAction
            code="finance:rate-apply:submit"
            label={t('common.submit')}
            cancelText={t('common.back')}
            notFound={t('common.notFound')}
            title={t('rateApply.submitTitle', { applyNo: record.applyNo })}
            description={t('rateApply.submitConfirm')}
            pending={submit.isPending}
            run={keyed('submit', submit.mutateAsync)}
            done={t('rateApply.submitted')}
            testId="rate-apply-row-submit"
          />
        </>
      )}
      {CANCELLABLE.includes(record.status) && (
        <ConfirmedAction
          code="finance:rate-apply:cancel"
          label={t('rateApply.cancelApply')}
          cancelText={t('common.back')}
          notFound={t('common.notFound')}
          title={t('rateApply.cancelTitle', { applyNo: record.applyNo })}
          description={t('rateApply.cancelConfirm')}
          danger
          pending={cancel.isPending}
          run={keyed('cancel', cancel.mutateAsync)}
          done={t('rateApply.cancelDone')}
          testId="rate-apply-cancel"
        />
      )}
    </Space>
  );
}

function applyList(tab: Tab, onEdit: (record: RateApplyRecord) => void): ListPageConfig<RateApplyRecord> {
  return {
    id: 'finance-rate-apply',
    rowKey: 'id',
    queryKey: [...RATE_APPLY_LIST_KEY, { tab }],
    fetcher: withinPages((params, signal) => listRateApplies({ ...params, status: statusOf(tab) }, signal)),
    query: [
      { name: 'applyNo', label: textKey('finance', 'rateApply.applyNo'), type: 'input', placeholder: 'components.query.numberPlaceholder' },
      { name: 'createdAt', label: textKey('finance', 'common.createdAt'), type: 'date-range' },
    ],
    columns: [
      { dataIndex: 'applyNo', title: textKey('finance', 'rateApply.applyNo'), fixed: 'left', width: 170 },
      { dataIndex: 'status', title: textKey('finance', 'common.status'), options: RATE_APPLY_STATUS_OPTIONS, width: 100 },
      { key: 'pair', title: textKey('finance', 'rateApply.pair'), width: 110, render: (record) => `${record.baseCurrency}/${record.quoteCurrency}` },
      { dataIndex: 'amount', title: textKey('finance', 'rateApply.amount'), align: 'right', width: 150, render: (record) => <Money amount={record.amount} currency={record.baseCurrency} /> },
      { dataIndex: 'requestedRate', title: textKey('finance', 'rateApply.requestedRate'), align: 'right', width: 130 },
      { dataIndex: 'marketRate', title: textKey('finance', 'rateApply.marketRate'), align: 'right', width: 130 },
      { dataIndex: 'approvedRate', title: textKey('finance', 'rateApply.approvedRate'), align: 'right', width: 130 },
      { dataIndex: 'validUntil', title: textKey('finance', 'rateApply.validUntil'), format: 'dateTime', width: 170 },
      { dataIndex: 'reason', title: textKey('finance', 'rateApply.reason'), format: 'ellipsis', width: 200 },
      { dataIndex: 'decisionRemark', title: textKey('finance', 'rateApply.decisionRemark'), format: 'ellipsis', width: 200 },
      { dataIndex: 'decidedBy', title: textKey('finance', 'common.decidedBy'), width: 110 },
      { dataIndex: 'decidedAt', title: textKey('finance', 'common.decidedAt'), format: 'dateTime', width: 170 },
      { dataIndex: 'createdBy', title: textKey('finance', 'common.createdBy'), width: 110, defaultHidden: true },
      { dataIndex: 'createdAt', title: textKey('finance', 'common.createdAt'), format: 'dateTime', width: 170 },
      { key: 'actions', title: textKey('finance', 'common.actions'), fixed: 'right', width: 200, render: (record) => <ApplyActions record={record} onEdit={onEdit} /> },
    ],
  };
}

/**
 * The merchant's applications for a rate of its own on a currency pair (docs/finance.md): drafts it
 * edits, submits or withdraws, and finance's decision with the rate granted and until when.
 */
export function RateApplyListPage() {
  const { t } = useTranslation('finance');
  const [tab, setTab] = useState<Tab>(ALL_TAB);
  // null: a new application; a record: that draft
  const [form, setForm] = useState<{ record: RateApplyRecord | null } | null>(null);
  const config = useMemo(() => applyList(tab, (record) => setForm({ record })), [tab]);
  return (
    <Card tabList={TABS.map((item) => ({ key: item.key, label: t(item.label) }))} activeTabKey={tab} onTabChange={(key) => setTab(key as Tab)} tabProps={{ size: 'middle' }}>
      <ListPage
        config={config}
        toolbar={
          <Access code="finance:rate-apply:add">
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setForm({ record: null })} data-testid="rate-apply-add">
              {t('rateApply.apply')}
            </Button>
          </Access>
        }
        exportSlot={(params) => <ExportButton code="finance:rate-apply:export" label={t('common.export')} run={() => exportRateApplies(exportQuery(params, { status: statusOf(tab) }))} />}
      />
      {form && <RateApplyFormDialog record={form.record} onClose={() => setForm(null)} />}
    </Card>
  );
}
