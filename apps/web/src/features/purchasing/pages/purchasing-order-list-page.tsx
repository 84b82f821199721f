import { useMemo, useState } from 'react';
import { App, Button, Card, Popconfirm, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PurchaseOrderStatus } from '@portal/shared/purchase';
import type { PurchaseOrderRecord } from '@portal/shared/purchasing-schemas';
import { Access } from '../../../components/access.tsx';
import { ExportButton } from '../../../components/export-button.tsx';
import { ListPage } from '../../../components/list-page/list-page.tsx';
import type { ListPageConfig } from '../../../components/list-page/list-config.ts';
import { textKey } from '../../../components/list-page/text-key.ts';
import { Money, moneyText } from '../../../components/money.tsx';
import { exportPurchasingOrders, listPurchasingOrders, PURCHASING_ORDER_LIST_KEY, useCancelOrder, usePlaceOrder, useReconcile } from '../api/purchasing-orders.ts';
import { ConfirmPurchaseDialog } from '../components/confirm-purchase-dialog.tsx';
import { ReasonDialog } from '../components/reason-dialog.tsx';
import { ShipDialog } from '../components/ship-dialog.tsx';
import { PURCHASE_ORDER_STATUS_OPTIONS } from '../../../entities/purchase-order/statuses.ts';
import { PURCHASE_PLATFORM_OPTIONS } from '../../../entities/purchase-platform/platforms.ts';
import { tenantQueryField } from '../../../entities/tenant/tenant-options.ts';

const ALL = 'ALL';
type Tab = typeof ALL | PurchaseOrderStatus;
const TABS: Tab[] = [ALL, 'PLACING', 'AWAITING_CONFIRMATION', 'PURCHASED', 'SELLER_SHIPPED', 'IN_STOCK', 'CANCELLED', 'OUT_OF_STOCK', 'REFUNDED'];

type Open = { kind: 'confirm' | 'ship' | 'cancel' | 'outOfStock' | 'refund'; record: PurchaseOrderRecord } | null;

function CancelDialog({ open, onClose }: { open: NonNullable<Open>; onClose: () => void }) {
  const { t } = useTranslation('purchasing');
  const { message } = App.useApp();
  const cancel = useCancelOrder();
  const { record } = open;
  const title = open.kind === 'outOfStock' ? t('order.outOfStockTitle', { purchaseNo: record.purchaseNo }) : open.kind === 'refund' ? t('order.refundTitle', { purchaseNo: record.purchaseNo }) : t('order.cancelTitle', { purchaseNo: record.purchaseNo });
  return (
    <ReasonDialog
      title={title}
      pending={cancel.isPending}
      error={cancel.error}
      onClose={onClose}
      onSubmit={(reason) =>
        cancel.mutate(
          { tenantId: record.tenantId, id: record.id, outOfStock: open.kind === 'outOfStock', reason },
          {
            onSuccess: () => {
              message.success(t('common.done'));
              onClose();
            },
          },
        )
      }
    />
  );
}

function RowActions({ record, open }: { record: PurchaseOrderRecord; open: (next: Open) => void }) {
  const { t } = useTranslation('purchasing');
  const place = usePlaceOrder();
  const { message } = App.useApp();
  const unbought = record.status === 'PLACING' || record.status === 'AWAITING_CONFIRMATION';
  const bought = record.status === 'PURCHASED' || record.status === 'SELLER_SHIPPED';
  return (
    <Space size={0} wrap>
      {record.status === 'PLACING' && (
        <Access code="purchasing:order:place">
          {/* buying at the platform is not undone by a click: it is asked first, with what it costs */}
          <Popconfirm
            title={t('order.placeTitle', { purchaseNo: record.purchaseNo, platform: t(`platforms.${record.platform}`) })}
            description={t('order.placeHint', { amount: moneyText(record.purchaseAmount, record.purchaseCurrency) })}
            okText={t('order.place')}
            onConfirm={() => place.mutate({ tenantId: record.tenantId, id: record.id }, { onSuccess: (placed) => message.success(t('order.placed', { purchaseNo: placed.purchaseNo, status: t(`orderStatus.${placed.status}`) })) })}
          >
            <Button type="link" size="small" loading={place.isPending} data-testid="order-place">
              {t('order.place')}
            </Button>
          </Popconfirm>
        </Access>
      )}
      {unbought && (
        <Access code="purchasing:order:confirm">
          <Button type="link" size="small" onClick={() => open({ kind: 'confirm', record })} data-testid="order-confirm">
            {t('order.confirm')}
          </Button>
        </Access>
      )}
      {record.status === 'PURCHASED' && (
        <Access code="purchasing:order:ship">
          <Button type="link" size="small" onClick={() => open({ kind: 'ship', record })} data-testid="order-ship">
            {t('order.ship')}
          </Button>
        </Access>
      )}
      {unbought && (
        <Access code="purchasing:order:cancel">
          <Button type="link" size="small" danger onClick={() => open({ kind: 'cancel', record })}>
            {t('order.cancel')}
          </Button>
          <Button type="link" size="small" danger onClick={() => open({ kind: 'outOfStock', record })}>
            {t('order.outOfStock')}
          </Button>
        </Access>
      )}
      {bought && (
        <Access code="purchasing:order:cancel">
          <Button type="link" size="small" danger onClick={() => open({ kind: 'refund', record })}>
            {t('order.refund')}
          </Button>
        </Access>
      )}
    </Space>
  );
}

function orderList(tab: Tab, open: (next: Open) => void): ListPageConfig<PurchaseOrderRecord> {
  return {
    id: 'purchasing-order',
    rowKey: (record) => `${record.tenantId}:${record.id}`,
    queryKey: [...PURCHASING_ORDER_LIST_KEY, { tab }],
    fetcher: (params, signal) => listPurchasingOrders({ ...params, status: tab === ALL ? undefined : tab }, signal),
    query: [
      { name: 'purchaseNo', label: textKey('purchasing', 'order.purchaseNo'), type: 'input' },
      { name: 'preOrderNo', label: textKey('purchasing', 'order.preOrderNo'), type: 'input' },
      { name: 'platform', label: textKey('purchasing', 'common.platform'), type: 'select', options: PURCHASE_PLATFORM_OPTIONS },
      { name: 'externalPurchaseNo', label: textKey('purchasing', 'order.externalPurchaseNo'), type: 'input', hidden: true },
      { name: 'platformOrderId', label: textKey('purchasing', 'order.platformOrderId'), type: 'input', hidden: true },
      { name: 'sellerId', label: textKey('purchasing', 'order.sellerId'), type: 'input', hidden: true },
      { name: 'expressNo', label: textKey('purchasing', 'order.expressNo'), type: 'input', hidden: true },
      tenantQueryField(textKey('purchasing', 'common.tenant'), true),
      { name: 'createdAt', label: textKey('purchasing', 'common.createdAt'), type: 'date-range', hidden: true },
    ],
    columns: [
      { dataIndex: 'purchaseNo', title: textKey('purchasing', 'order.purchaseNo'), fixed: 'left', width: 170, sorter: true, phone: true },
      { dataIndex: 'preOrderNo', title: textKey('purchasing', 'order.preOrderNo'), width: 170 },
      { dataIndex: 'tenantName', title: textKey('purchasing', 'common.tenant'), width: 130 },
      { dataIndex: 'platform', title: textKey('purchasing', 'common.platform'), options: PURCHASE_PLATFORM_OPTIONS, width: 90 },
      { dataIndex: 'status', title: textKey('purchasing', 'common.status'), options: PURCHASE_ORDER_STATUS_OPTIONS, width: 130, phone: true },
      { dataIndex: 'externalPurchaseNo', title: textKey('purchasing', 'order.externalPurchaseNo'), width: 170 },
      { dataIndex: 'platformOrderId', title: textKey('purchasing', 'order.platformOrderId'), width: 170 },
      { dataIndex: 'sellerId', title: textKey('purchasing', 'order.sellerId'), width: 110 },
      { dataIndex: 'storeName', title: textKey('purchasing', 'order.storeName'), width: 140, format: 'ellipsis' },
      { dataIndex: 'purchaseAmount', title: textKey('purchasing', 'order.purchaseAmount'), width: 120, align: 'right', render: (r) => <Money amount={r.purchaseAmount} currency={r.purchaseCurrency} /> },
      { dataIndex: 'domesticExpressFee', title: textKey('purchasing', 'order.domesticExpressFee'), width: 120, align: 'right', render: (r) => <Money amount={r.domesticExpressFee ?? r.estimatedExpressFee} currency="CNY" /> },
      { dataIndex: 'actualPaymentAmount', title: textKey('purchasing', 'order.actualPaymentAmount'), width: 120, align: 'right', render: (r) => <Money amount={r.actualPaymentAmount} currency={r.actualPaymentCurrency ?? 'CNY'} /> },
      { dataIndex: 'expressNo', title: textKey('purchasing', 'order.expressNo'), width: 150 },
      { dataIndex: 'purchaser', title: textKey('purchasing', 'order.purchaser'), width: 110, defaultHidden: true },
      { dataIndex: 'createdAt', title: textKey('purchasing', 'common.createdAt'), format: 'dateTime', sorter: true, width: 170 },
      { key: 'actions', title: textKey('purchasing', 'common.actions'), fixed: 'right', width: 230, phone: true, render: (record) => <RowActions record={record} open={open} /> },
    ],
  };
}

/** Purchase orders of every merchant: placing, confirming, the seller's shipment, cancellations and refunds, reconciliation. */
export function PurchasingOrderListPage() {
  const { t } = useTranslation(['purchasing', 'purchase-stock']);
  const { message } = App.useApp();
  const [tab, setTab] = useState<Tab>(ALL);
  const [open, setOpen] = useState<Open>(null);
  const reconcile = useReconcile();
  const config = useMemo(() => orderList(tab, setOpen), [tab]);
  const close = () => setOpen(null);
  return (
    <Card tabList={TABS.map((key) => ({ key, label: key === ALL ? t('common.all') : t(`orderStatus.${key}`) }))} activeTabKey={tab} onTabChange={(key) => setTab(key as Tab)} tabProps={{ size: 'middle' }}>
      <ListPage
        config={config}
        toolbar={
          <Access code="purchasing:order:reconcile">
            <Button loading={reconcile.isPending} onClick={() => reconcile.mutate(undefined, { onSuccess: (result) => message.success(t('order.reconciled', result)) })} data-testid="order-reconcile">
              {t('order.reconcile')}
            </Button>
          </Access>
        }
        exportSlot={(params) => (
          <ExportButton
            code="purchasing:order:export"
            label={t('common.export')}
            run={() => exportPurchasingOrders({ ...Object.fromEntries(Object.entries(params).filter(([name]) => !['pageNo', 'pageSize', 'column', 'order'].includes(name))), status: tab === ALL ? undefined : tab })}
          />
        )}
      />
      {open?.kind === 'confirm' && <ConfirmPurchaseDialog order={open.record} onClose={close} />}
      {open?.kind === 'ship' && <ShipDialog order={open.record} onClose={close} />}
      {open && (open.kind === 'cancel' || open.kind === 'outOfStock' || open.kind === 'refund') && <CancelDialog open={open} onClose={close} />}
    </Card>
  );
}
