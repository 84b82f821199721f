import { useMemo, useState } from 'react';
import { Button, Card } from 'antd';
import { RollbackOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { RefundStatus } from '@portal/shared/finance';
import type { RefundRecord } from '@portal/shared/finance-schemas';
import { CURRENCY_CODES } from '@portal/shared/money';
import { Access } from '../../../components/access.tsx';
import { ListPage } from '../../../components/list-page/list-page.tsx';
import type { ListPageConfig, StaticOption } from '../../../components/list-page/list-config.ts';
import { ExportButton } from '../../../components/export-button.tsx';
import { useCan } from '../../../lib/permissions.ts';
import { exportRefunds, listRefunds, REFUND_LIST_KEY } from '../api/refunds.ts';
import { Money } from '../../../components/money.tsx';
import { RefundDetailDrawer } from '../components/refund-detail-drawer.tsx';
import { RefundFormDialog } from '../components/refund-form-dialog.tsx';
import { StatusTabs } from '../components/status-tabs.tsx';
import { JustChanged } from '../components/just-changed.tsx';
import { useStatusTab } from '../components/use-status-tab.ts';
import { useInitiatorOptions } from '../components/use-initiator-options.ts';
import { nextSession, usePendingAction } from '../components/pending-action.ts';
import { REFUND_STATUS_OPTIONS } from '../../../entities/refund/statuses.ts';
import { REFUND_KIND_OPTIONS } from '../../../entities/refund/kinds.ts';
import { REFUND_TABS } from '../statuses.ts';
import { textKey, literal } from '../../../components/list-page/text-key.ts';

const CURRENCY_OPTIONS: readonly StaticOption[] = CURRENCY_CODES.map((currency) => ({ value: currency, label: literal(currency) }));

function DetailButton({ refund, onDetail }: { refund: RefundRecord; onDetail: (id: number) => void }) {
  const { t } = useTranslation('wallet');
  return (
    <Access code="wallet:refund:detail">
      <Button type="link" size="small" onClick={() => onDetail(refund.id)} data-testid="refund-detail-open">
        {t('common.detail')}
      </Button>
    </Access>
  );
}

function refundList(status: RefundStatus | undefined, initiators: readonly StaticOption[], onDetail: (id: number) => void, changedId: number | null): ListPageConfig<RefundRecord> {
  return {
    id: 'wallet-refund',
    rowKey: 'id',
    queryKey: [...REFUND_LIST_KEY, status ?? 'ALL'],
    fetcher: (params, signal) => listRefunds(params, status, signal),
    defaultSort: { column: 'createdAt', order: 'desc' },
    query: [
      { name: 'refundNo', label: textKey('wallet', 'refund.field.refundNo'), type: 'input', placeholder: 'components.query.numberPlaceholder' },
      { name: 'kind', label: textKey('wallet', 'refund.field.kind'), type: 'select', options: REFUND_KIND_OPTIONS },
      { name: 'currency', label: textKey('wallet', 'common.currency'), type: 'select', options: CURRENCY_OPTIONS },
      { name: 'createdBy', label: textKey('wallet', 'common.createdBy'), type: 'select', options: initiators, hidden: true },
      { name: 'createdAt', label: textKey('wallet', 'common.createdAt'), type: 'date-range', hidden: true },
    ],
    columns: [
      {
        dataIndex: 'refundNo',
        phone: true,
        title: textKey('wallet', 'refund.field.refundNo'),
        fixed: 'left',
        width: 180,
        render: (refund) => (
          <>
            {refund.refundNo}
            {refund.id === changedId && <JustChanged />}
          </>
        ),
      },
      { dataIndex: 'kind', title: textKey('wallet', 'refund.field.kind'), options: REFUND_KIND_OPTIONS, width: 120 },
      { dataIndex: 'status', phone: true, title: textKey('wallet', 'common.status'), options: REFUND_STATUS_OPTIONS, width: 110 },
      { dataIndex: 'currency', title: textKey('wallet', 'common.currency'), width: 90 },
      { dataIndex: 'amount', phone: true, title: textKey('wallet', 'refund.field.amount'), align: 'right', width: 160, render: (r) => <Money amount={r.amount} currency={r.currency} /> },
      { dataIndex: 'payOrderNo', title: textKey('wallet', 'refund.field.payOrderNo'), width: 180 },
      { dataIndex: 'orderNo', title: textKey('wallet', 'refund.field.orderNo'), width: 180 },
      { dataIndex: 'payeeName', title: textKey('wallet', 'refund.field.payeeName'), format: 'ellipsis', width: 160 },
      { dataIndex: 'payeeAccount', title: textKey('wallet', 'refund.field.payeeAccount'), width: 180 },
      { dataIndex: 'payeeBank', title: textKey('wallet', 'refund.field.payeeBank'), format: 'ellipsis', width: 180 },
      { dataIndex: 'reason', title: textKey('wallet', 'refund.field.reason'), format: 'ellipsis', width: 180 },
      { dataIndex: 'createdBy', title: textKey('wallet', 'common.createdBy'), width: 120 },
      { dataIndex: 'createdAt', title: textKey('wallet', 'common.createdAt'), format: 'dateTime', sorter: true, width: 170 },
      { dataIndex: 'refunder', title: textKey('wallet', 'refund.field.refunder'), width: 120 },
      { dataIndex: 'decidedAt', title: textKey('wallet', 'refund.field.decidedAt'), format: 'dateTime', width: 170 },
      { dataIndex: 'decisionRemark', title: textKey('wallet', 'refund.field.decisionRemark'), format: 'ellipsis', width: 180 },
      { key: 'actions', phone: true, title: textKey('wallet', 'common.actions'), fixed: 'right', width: 90, render: (refund) => <DetailButton refund={refund} onDetail={onDetail} /> },
    ],
  };
}

/**
 * Refund records: balance refunds (wallet money back to the merchant's bank) and charge refunds (a paid
 * charge back to the wallet), as finance verifies or rejects them (spec §4: states as tabs).
 */
export function RefundListPage() {
  // the status column's texts are the finance namespace's (entities/refund)
  const { t } = useTranslation(['wallet', 'finance']);
  const can = useCan();
  const tabs = useStatusTab(REFUND_TABS);
  const { tab, status, changedId } = tabs;
  const [detailId, setDetailId] = useState<number | null>(null);
  // each opening mounts the form anew: empty fields and a fresh idempotency key
  const [session, setSession] = useState<number | null>(null);
  const opening = usePendingAction('refund');
  const initiators = useInitiatorOptions();
  const config = useMemo(() => refundList(status, initiators, setDetailId, changedId), [status, initiators, changedId]);
  const formSession = session ?? (opening.requested && can('wallet:refund:submit') ? 0 : null);

  return (
    <Card>
      <StatusTabs tabs={REFUND_TABS} active={tab} onChange={tabs.choose} labelOf={(key) => t(`refund.tabs.${key as 'ALL' | RefundStatus}`)} />
      <ListPage
        key={tab}
        config={config}
        toolbar={
          <Access code="wallet:refund:submit">
            <Button type="primary" icon={<RollbackOutlined />} onClick={() => setSession(nextSession())} data-testid="refund-new">
              {t('refund.new')}
            </Button>
          </Access>
        }
        exportSlot={(params) => <ExportButton code="wallet:refund:export" label={t('common.export')} run={() => exportRefunds(params, status)} />}
      />
      {formSession !== null && (
        <RefundFormDialog
          key={formSession}
          onDone={tabs.show}
          onClose={() => {
            setSession(null);
            opening.clear();
          }}
        />
      )}
      <RefundDetailDrawer refundId={detailId} onClose={() => setDetailId(null)} />
    </Card>
  );
}
