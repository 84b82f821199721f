import { useMemo, useState } from 'react';
import { Button, Card, Space } from 'antd';
import { PayCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { PaymentStatus } from '@portal/shared/finance';
import type { PaymentRecord } from '@portal/shared/finance-schemas';
import { CURRENCY_CODES } from '@portal/shared/money';
import { Access } from '../../../components/access.tsx';
import { ConfirmedAction } from '../../../components/confirmed-action.tsx';
import { ListPage } from '../../../components/list-page/list-page.tsx';
import type { ListPageConfig, StaticOption } from '../../../components/list-page/list-config.ts';
import { ExportButton } from '../../../components/export-button.tsx';
import { ellipsis } from '../../../lib/format.ts';
import { useIdempotencyKey } from '../../../lib/idempotency.ts';
import { useCan } from '../../../lib/permissions.ts';
import { useDeletePayment, exportPayments, listPayments, PAYMENT_LIST_KEY } from '../api/payments.ts';
import { Money } from '../../../components/money.tsx';
import { PayChargesDialog } from '../components/pay-charges-dialog.tsx';
import { PayDraftDialog } from '../components/pay-draft-dialog.tsx';
import { PaymentDetailDrawer } from '../components/payment-detail-drawer.tsx';
import { StatusTabs } from '../components/status-tabs.tsx';
import { JustChanged } from '../components/just-changed.tsx';
import { useStatusTab } from '../components/use-status-tab.ts';
import { useInitiatorOptions } from '../components/use-initiator-options.ts';
import { nextSession, usePendingAction } from '../components/pending-action.ts';
import { PAYMENT_STATUS_OPTIONS, PAYMENT_TABS } from '../statuses.ts';
import { textKey, literal } from '../../../components/list-page/text-key.ts';

const CURRENCY_OPTIONS: readonly StaticOption[] = CURRENCY_CODES.map((currency) => ({ value: currency, label: literal(currency) }));

type Handlers = { onDetail: (id: number) => void; onEdit: (payment: PaymentRecord) => void; onPay: (payment: PaymentRecord) => void };

/** Details for every payment; a draft can also be changed, paid or deleted. */
function PaymentActions({ payment, onDetail, onEdit, onPay }: { payment: PaymentRecord } & Handlers) {
  const { t } = useTranslation('wallet');
  const remove = useDeletePayment();
  const removeKey = useIdempotencyKey();
  return (
    <Space size={0}>
      <Button type="link" size="small" onClick={() => onDetail(payment.id)} data-testid="payment-detail-open">
        {t('common.detail')}
      </Button>
      {payment.status === 'DRAFT' && (
        <>
          <Access code="wallet:payment:submit">
            <Button type="link" size="small" onClick={() => onPay(payment)} data-testid="payment-pay-draft">
              {t('payment.pay')}
            </Button>
          </Access>
          <Access code="wallet:payment:edit">
            <Button type="link" size="small" onClick={() => onEdit(payment)} data-testid="payment-edit">
              {t('common.edit')}
            </Button>
          </Access>
          <ConfirmedAction
            code="wallet:payment:delete"
            label={t('common.delete')}
            title={t('common.deleteTitle')}
            description={t('payment.deleteConfirm', { paymentNo: payment.paymentNo })}
            cancelText={t('common.cancel')}
            danger
            pending={remove.isPending}
            run={() => remove.mutateAsync({ input: { id: payment.id }, idempotencyKey: removeKey.key }).then(() => removeKey.renew())}
            done={t('common.deleted')}
            testId="payment-delete"
          />
        </>
      )}
    </Space>
  );
}

function paymentList(status: PaymentStatus | undefined, initiators: readonly StaticOption[], handlers: Handlers, changedId: number | null): ListPageConfig<PaymentRecord> {
  return {
    id: 'wallet-payment',
    rowKey: 'id',
    queryKey: [...PAYMENT_LIST_KEY, status ?? 'ALL'],
    fetcher: (params, signal) => listPayments(params, status, signal),
    defaultSort: { column: 'createdAt', order: 'desc' },
    query: [
      { name: 'paymentNo', label: textKey('wallet', 'payment.field.paymentNo'), type: 'input', placeholder: 'components.query.numberPlaceholder' },
      { name: 'orderNo', label: textKey('wallet', 'payment.field.orderNo'), type: 'input', placeholder: 'components.query.numberPlaceholder' },
      { name: 'currency', label: textKey('wallet', 'common.currency'), type: 'select', options: CURRENCY_OPTIONS },
      { name: 'createdBy', label: textKey('wallet', 'common.createdBy'), type: 'select', options: initiators, hidden: true },
      { name: 'createdAt', label: textKey('wallet', 'common.createdAt'), type: 'date-range', hidden: true },
    ],
    columns: [
      {
        dataIndex: 'paymentNo',
        phone: true,
        title: textKey('wallet', 'payment.field.paymentNo'),
        fixed: 'left',
        width: 180,
        render: (payment) => (
          <>
            <Button type="link" size="small" style={{ padding: 0 }} onClick={() => handlers.onDetail(payment.id)}>
              {payment.paymentNo}
            </Button>
            {payment.id === changedId && <JustChanged />}
          </>
        ),
      },
      { dataIndex: 'status', phone: true, title: textKey('wallet', 'common.status'), options: PAYMENT_STATUS_OPTIONS, width: 100 },
      { dataIndex: 'currency', title: textKey('wallet', 'common.currency'), width: 90 },
      { dataIndex: 'amount', phone: true, title: textKey('wallet', 'common.amount'), align: 'right', width: 160, render: (p) => <Money amount={p.amount} currency={p.currency} /> },
      { dataIndex: 'payee', title: textKey('wallet', 'payment.field.payee'), format: 'ellipsis', width: 200 },
      {
        dataIndex: 'lines',
        title: textKey('wallet', 'payment.field.orders'),
        width: 240,
        render: (payment) => {
          const orderNos = payment.lines.map((line) => line.orderNo).join(', ');
          return <span title={orderNos}>{ellipsis(orderNos, 40)}</span>;
        },
      },
      { dataIndex: 'createdBy', title: textKey('wallet', 'common.createdBy'), width: 120 },
      { dataIndex: 'createdAt', title: textKey('wallet', 'common.createdAt'), format: 'dateTime', sorter: true, width: 170 },
      { dataIndex: 'paidAt', title: textKey('wallet', 'payment.field.paidAt'), format: 'dateTime', width: 170 },
      { dataIndex: 'balanceAfter', title: textKey('wallet', 'payment.field.balanceAfter'), align: 'right', width: 160, render: (p) => <Money amount={p.balanceAfter} currency={p.currency} /> },
      { dataIndex: 'remark', title: textKey('wallet', 'common.remark'), format: 'ellipsis', width: 180, defaultHidden: true },
      { key: 'actions', phone: true, title: textKey('wallet', 'common.actions'), fixed: 'right', width: 200, render: (payment) => <PaymentActions payment={payment} {...handlers} /> },
    ],
  };
}

/**
 * Payment records: the merchant pays its orders' freight charges from the wallet, now or from a draft
 * kept for later (spec §4: drafts and paid as tabs). A payment just paid or saved is shown and marked.
 */
export function PaymentListPage() {
  const { t } = useTranslation('wallet');
  const can = useCan();
  const tabs = useStatusTab(PAYMENT_TABS);
  const { tab, status, changedId } = tabs;
  const [detailId, setDetailId] = useState<number | null>(null);
  // each opening mounts the dialog anew (`session`): fresh choices and a fresh idempotency key
  const [payDialog, setPayDialog] = useState<{ session: number; draft: PaymentRecord | null } | null>(null);
  const [paying, setPaying] = useState<PaymentRecord | null>(null);
  const opening = usePendingAction('pay');
  const initiators = useInitiatorOptions();
  const config = useMemo(
    () => paymentList(status, initiators, { onDetail: setDetailId, onEdit: (draft) => setPayDialog({ session: nextSession(), draft }), onPay: setPaying }, changedId),
    [status, initiators, changedId],
  );
  const dialog = payDialog ?? (opening.requested && can('wallet:payment:add') ? { session: 0, draft: null } : null);

  return (
    <Card>
      <StatusTabs tabs={PAYMENT_TABS} active={tab} onChange={tabs.choose} labelOf={(key) => t(`payment.tabs.${key as 'ALL' | PaymentStatus}`)} />
      <ListPage
        key={tab}
        config={config}
        toolbar={
          <Access code="wallet:payment:add">
            <Button type="primary" icon={<PayCircleOutlined />} onClick={() => setPayDialog({ session: nextSession(), draft: null })} data-testid="payment-new">
              {t('payment.new')}
            </Button>
          </Access>
        }
        exportSlot={(params) => <ExportButton code="wallet:payment:export" label={t('common.export')} run={() => exportPayments(params, status)} />}
      />
      {dialog && (
        <PayChargesDialog
          key={dialog.session}
          open
          draft={dialog.draft}
          onDone={tabs.show}
          onClose={() => {
            setPayDialog(null);
            opening.clear();
          }}
        />
      )}
      {paying && <PayDraftDialog key={paying.id} payment={paying} onDone={tabs.show} onClose={() => setPaying(null)} />}
      <PaymentDetailDrawer paymentId={detailId} onClose={() => setDetailId(null)} />
    </Card>
  );
}
