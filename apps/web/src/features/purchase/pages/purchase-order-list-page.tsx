import { useMemo, useState } from 'react';
import { App, Button, Card, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PermissionCode } from '@portal/shared/permissions';
import { PURCHASE_ORDER_STATUSES, type PurchaseOrderStatus, type PurchasePlatform } from '@portal/shared/purchase';
import type { PurchaseOrderRecord } from '@portal/shared/purchasing-schemas';
import { Access } from '../../../components/access.tsx';
import { ConfirmedAction } from '../../../components/confirmed-action.tsx';
import { ExportButton } from '../../../components/export-button.tsx';
import { ListPage } from '../../../components/list-page/list-page.tsx';
import type { ListPageConfig } from '../../../components/list-page/list-config.ts';
import { textKey } from '../../../components/list-page/text-key.ts';
import { Money } from '../../../components/money.tsx';
import { exportPurchaseOrders, listPurchaseOrders, purchaseOrderListKey, useCancelPurchaseOrder, useSyncPurchaseOrder } from '../api/purchase-orders.ts';
import { PURCHASE_ORDER_STATUS_OPTIONS } from '../../../entities/purchase-order/statuses.ts';
import { PayDialog } from '../components/pay-dialog.tsx';

const ALL = 'ALL';
type Tab = typeof ALL | PurchaseOrderStatus;

type Codes = { sync: PermissionCode; cancel: PermissionCode; pay: PermissionCode; export: PermissionCode };
const CODES: Record<PurchasePlatform, Codes> = {
  TAOBAO: { sync: 'purchase:taobao-order:sync', cancel: 'purchase:taobao-order:cancel', pay: 'purchase:taobao-order:pay', export: 'purchase:taobao-order:export' },
  '1688': { sync: 'purchase:1688-order:sync', cancel: 'purchase:1688-order:cancel', pay: 'purchase:1688-order:pay', export: 'purchase:1688-order:export' },
};

function RowActions({ platform, record, onPay }: { platform: PurchasePlatform; record: PurchaseOrderRecord; onPay: (record: PurchaseOrderRecord) => void }) {
  const { t } = useTranslation('purchasing');
  const { message } = App.useApp();
  const sync = useSyncPurchaseOrder(platform);
  const cancel = useCancelPurchaseOrder(platform);
  return (
    <Space size={0} wrap>
      <Access code={CODES[platform].sync}>
        <Button type="link" size="small" loading={sync.isPending} onClick={() => sync.mutate(record.id, { onSuccess: () => message.success(t('common.done')) })}>
          {t('order.sync')}
        </Button>
      </Access>
      {record.status === 'PLACING' && (
        <ConfirmedAction
          code={CODES[platform].cancel}
          label={t('order.merchantCancel')}
          title={t('order.merchantCancel')}
          description={t('order.merchantCancelConfirm', { purchaseNo: record.purchaseNo })}
          cancelText={t('common.back')}
          danger
          pending={cancel.isPending}
          run={() => cancel.mutateAsync(record.id)}
          done={t('common.done')}
          testId="purchase-order-cancel"
        />
      )}
      {record.topUpStatus === 'UNPAID' && (
        <Access code={CODES[platform].pay}>
          <Button type="link" size="small" onClick={() => onPay(record)} data-testid="purchase-order-pay-top-up">
            {t('order.payTopUp')}
          </Button>
        </Access>
      )}
    </Space>
  );
}

function orderList(platform: PurchasePlatform, tab: Tab, onPay: (record: PurchaseOrderRecord) => void): ListPageConfig<PurchaseOrderRecord> {
  return {
    id: `purchase-order-${platform}`,
    rowKey: 'id',
    queryKey: [...purchaseOrderListKey(platform), { tab }],
    fetcher: (params, signal) => listPurchaseOrders(platform)({ ...params, status: tab === ALL ? undefined : tab }, signal),
    query: [
      { name: 'preOrderNo', label: textKey('purchasing', 'order.preOrderNo'), type: 'input' },
      { name: 'purchaseNo', label: textKey('purchasing', 'order.purchaseNo'), type: 'input' },
      { name: 'externalPurchaseNo', label: textKey('purchasing', 'order.externalPurchaseNo'), type: 'input', hidden: true },
      { name: 'platformOrderId', label: textKey('purchasing', 'order.platformOrderId'), type: 'input', hidden: true },
      { name: 'sellerId', label: textKey('purchasing', 'order.sellerId'), type: 'input', hidden: true },
      { name: 'expressNo', label: textKey('purchasing', 'order.expressNo'), type: 'input', hidden: true },
      { name: 'createdAt', label: textKey('purchasing', 'common.createdAt'), type: 'date-range', hidden: true },
    ],
    columns: [
      { dataIndex: 'preOrderNo', title: textKey('purchasing', 'order.preOrderNo'), width: 170, phone: true },
      { dataIndex: 'purchaseNo', title: textKey('purchasing', 'order.purchaseNo'), width: 170, sorter: true },
      { dataIndex: 'externalPurchaseNo', title: textKey('purchasing', 'order.externalPurchaseNo'), width: 170 },
      { dataIndex: 'platformOrderId', title: textKey('purchasing', 'order.platformOrderId'), width: 170 },
      { dataIndex: 'sellerId', title: textKey('purchasing', 'order.sellerId'), width: 110 },
      { dataIndex: 'storeName', title: textKey('purchasing', 'order.storeName'), width: 140, format: 'ellipsis' },
      { dataIndex: 'purchaseAmount', title: textKey('purchasing', 'order.purchaseAmount'), width: 130, align: 'right', render: (r) => <Money amount={r.purchaseAmount} currency={r.purchaseCurrency} /> },
      { dataIndex: 'domesticExpressFee', title: textKey('purchasing', 'order.domesticExpressFee'), width: 120, align: 'right', render: (r) => <Money amount={r.domesticExpressFee} currency="CNY" /> },
      { dataIndex: 'actualPaymentAmount', title: textKey('purchasing', 'order.actualPaymentAmount'), width: 130, align: 'right', render: (r) => <Money amount={r.actualPaymentAmount} currency={r.actualPaymentCurrency ?? 'CNY'} /> },
      { dataIndex: 'status', title: textKey('purchasing', 'common.status'), options: PURCHASE_ORDER_STATUS_OPTIONS, width: 130, phone: true },
      { dataIndex: 'expressNo', title: textKey('purchasing', 'order.expressNo'), width: 150 },
      { dataIndex: 'topUpAmount', title: textKey('purchasing', 'order.topUp'), width: 110, align: 'right', render: (r) => (r.topUpStatus === 'UNPAID' ? <Money amount={r.topUpAmount} currency="CNY" strong /> : null) },
      { dataIndex: 'createdAt', title: textKey('purchasing', 'common.createdAt'), format: 'dateTime', sorter: true, width: 170 },
      { key: 'actions', title: textKey('purchasing', 'common.actions'), fixed: 'right', width: 200, phone: true, render: (record) => <RowActions platform={platform} record={record} onPay={onPay} /> },
    ],
  };
}

/** The merchant's purchase orders of one platform (Taobao or 1688): the spec's purchase fields, top-ups to pay. */
export function PurchaseOrderListPage({ platform }: { platform: PurchasePlatform }) {
  const { t } = useTranslation('purchasing');
  const [tab, setTab] = useState<Tab>(ALL);
  const [paying, setPaying] = useState<PurchaseOrderRecord | null>(null);
  const config = useMemo(() => orderList(platform, tab, setPaying), [platform, tab]);
  return (
    <Card tabList={([ALL, ...PURCHASE_ORDER_STATUSES] as Tab[]).map((key) => ({ key, label: key === ALL ? t('common.all') : t(`orderStatus.${key}`) }))} activeTabKey={tab} onTabChange={(key) => setTab(key as Tab)} tabProps={{ size: 'middle' }}>
      <ListPage
        config={config}
        exportSlot={(params) => (
          <ExportButton
            code={CODES[platform].export}
            label={t('common.export')}
            run={() => exportPurchaseOrders(platform, { ...Object.fromEntries(Object.entries(params).filter(([name]) => !['pageNo', 'pageSize', 'column', 'order'].includes(name))), status: tab === ALL ? undefined : tab })}
          />
        )}
      />
      {paying && <PayDialog key={paying.id} platform={platform} target={{ kind: 'topUp', id: paying.id }} number={paying.purchaseNo} onClose={() => setPaying(null)} />}
    </Card>
  );
}

export const TaobaoPurchaseOrderListPage = () => <PurchaseOrderListPage platform="TAOBAO" />;
export const AlibabaPurchaseOrderListPage = () => <PurchaseOrderListPage platform="1688" />;
