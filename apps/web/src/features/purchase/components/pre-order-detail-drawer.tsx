import { Descriptions, Drawer, Flex, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PreOrderChargeRecord, PreOrderLineRecord, PreOrderPurchaseRecord } from '@portal/shared/pre-order-schemas';
import type { PurchasePlatform } from '@portal/shared/purchase';
import { DetailStates } from '../../../components/detail-states.tsx';
import { Money } from '../../../components/money.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { usePreOrderDetail } from '../api/pre-orders.ts';
import { PRE_ORDER_STATUS_COLORS } from '../../../entities/pre-order/statuses.ts';

/** A pre-purchase order as its merchant reads it: the estimate, the lines, how each charge was paid and returned, the purchase orders. */
export function PreOrderDetailDrawer({ platform, id, onClose }: { platform: PurchasePlatform; id: number | null; onClose: () => void }) {
  const { t } = useTranslation('purchase');
  const detail = usePreOrderDetail(platform, id);
  const order = detail.data;
  return (
    <Drawer open={id !== null} onClose={onClose} width={960} title={order ? t('detail.title', { preOrderNo: order.preOrderNo }) : ''} destroyOnHidden>
      <DetailStates pending={detail.isPending} failed={detail.isError} onRetry={() => void detail.refetch()} />
      {order && (
        <Flex vertical gap={20} data-testid="pre-order-detail">
          <Descriptions
            size="small"
            bordered
            column={2}
            items={[
              { key: 'status', label: t('list.status'), children: <Tag color={PRE_ORDER_STATUS_COLORS[order.status]}>{t(`status.${order.status}`)}</Tag> },
              { key: 'warehouse', label: t('detail.warehouse'), children: order.warehouseCode },
              { key: 'goods', label: t('list.goodsAmount'), children: <Money amount={order.goodsAmount} currency="CNY" /> },
              { key: 'express', label: t('list.expressFee'), children: <Money amount={order.expressFee} currency="CNY" /> },
              { key: 'fee', label: t('list.serviceFee'), children: <Money amount={order.serviceFee} currency="CNY" /> },
              { key: 'total', label: t('list.totalAmount'), children: <Money amount={order.totalAmount} currency="CNY" strong /> },
              { key: 'paid', label: t('list.paid'), children: <Money amount={order.paidAmount} currency={order.paidCurrency} /> },
              { key: 'paidAt', label: t('list.paidAt'), children: formatDateTime(order.paidAt) },
              { key: 'fallback', label: t('detail.fallback'), children: t(`fallback.${order.fallback}`) },
              { key: 'remark', label: t('detail.remark'), children: order.remark },
            ]}
          />
          <Typography.Title level={5}>{t('detail.lines')}</Typography.Title>
          <Table<PreOrderLineRecord>
            size="small"
            rowKey="id"
            pagination={false}
            dataSource={order.lines}
            scroll={{ x: 'max-content' }}
            columns={[
              { key: 'lineNo', title: '#', render: (_, line) => line.lineNo },
              { key: 'title', title: t('basket.title'), render: (_, line) => line.title },
              { key: 'sku', title: t('basket.sku'), render: (_, line) => line.skuText },
              { key: 'store', title: t('basket.store'), render: (_, line) => line.storeName },
              { key: 'price', title: t('basket.unitPrice'), align: 'right', render: (_, line) => <Money amount={line.unitPrice} currency="CNY" /> },
              { key: 'quantity', title: t('basket.quantity'), align: 'right', render: (_, line) => line.quantity },
              { key: 'amount', title: t('basket.amount'), align: 'right', render: (_, line) => <Money amount={line.amount} currency="CNY" /> },
              { key: 'remark', title: t('basket.remark'), render: (_, line) => line.remark },
            ]}
          />
          <Typography.Title level={5}>{t('detail.charges')}</Typography.Title>
          <Table<PreOrderChargeRecord>
            size="small"
            rowKey="id"
            pagination={false}
            dataSource={order.charges}
            scroll={{ x: 'max-content' }}
            data-testid="pre-order-charges"
            columns={[
              { key: 'kind', title: t('detail.kind'), render: (_, charge) => t(`chargeKind.${charge.kind}`) },
              { key: 'status', title: t('detail.chargeStatus'), render: (_, charge) => t(`chargeStatus.${charge.status}`) },
              { key: 'amount', title: t('detail.amount'), align: 'right', render: (_, charge) => <Money amount={charge.amount} currency="CNY" /> },
              { key: 'purchaseNo', title: t('detail.purchaseNo'), render: (_, charge) => charge.purchaseNo ?? '' },
              { key: 'rate', title: t('detail.rate'), render: (_, charge) => (charge.payRate ? `1 CNY = ${charge.payRate} ${charge.payCurrency ?? ''}` : '') },
              { key: 'payAmount', title: t('detail.payAmount'), align: 'right', render: (_, charge) => <Money amount={charge.payAmount} currency={charge.payCurrency} /> },
              { key: 'refunded', title: t('detail.refunded'), align: 'right', render: (_, charge) => <Money amount={charge.refunded} currency={charge.payCurrency} /> },
              { key: 'paymentNo', title: t('detail.paymentNo'), render: (_, charge) => charge.paymentNo ?? '' },
              { key: 'paidAt', title: t('detail.paidAt'), render: (_, charge) => formatDateTime(charge.paidAt) },
            ]}
          />
          <Typography.Title level={5}>{t('detail.purchaseOrders')}</Typography.Title>
          <Table<PreOrderPurchaseRecord>
            size="small"
            rowKey="id"
            pagination={false}
            dataSource={order.purchaseOrders}
            scroll={{ x: 'max-content' }}
            locale={{ emptyText: t('detail.none') }}
            columns={[
              { key: 'purchaseNo', title: t('detail.purchaseNo'), render: (_, row) => row.purchaseNo },
              { key: 'status', title: t('list.status'), render: (_, row) => row.status },
              { key: 'externalNo', title: t('detail.externalNo'), render: (_, row) => row.externalPurchaseNo },
              { key: 'platformOrderId', title: t('detail.platformOrderId'), render: (_, row) => row.platformOrderId },
              { key: 'seller', title: t('detail.seller'), render: (_, row) => row.storeName || row.sellerId },
              { key: 'purchaseAmount', title: t('detail.purchaseAmount'), align: 'right', render: (_, row) => <Money amount={row.purchaseAmount} currency={row.purchaseCurrency} /> },
              { key: 'express', title: t('detail.domesticExpress'), align: 'right', render: (_, row) => <Money amount={row.domesticExpressFee ?? row.estimatedExpressFee} currency="CNY" /> },
              { key: 'actual', title: t('detail.actualPayment'), align: 'right', render: (_, row) => <Money amount={row.actualPaymentAmount} currency={row.actualPaymentCurrency} /> },
              { key: 'expressNo', title: t('detail.expressNo'), render: (_, row) => [row.expressCompany, row.expressNo].filter(Boolean).join(' ') },
            ]}
          />
        </Flex>
      )}
    </Drawer>
  );
}
