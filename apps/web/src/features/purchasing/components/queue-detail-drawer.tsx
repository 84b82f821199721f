import { Descriptions, Drawer, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PreOrderLineRecord, PurchaseOrderRecord } from '@portal/shared/purchasing-schemas';
import { DetailStates } from '../../../components/detail-states.tsx';
import { Money } from '../../../components/money.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useQueueDetail } from '../api/purchase-queue.ts';

/** A paid pre-order as the purchaser reads it: the estimate, the lines by seller, the purchase orders made. */
export function QueueDetailDrawer({ target, onClose }: { target: { tenantId: number; id: number }; onClose: () => void }) {
  const { t } = useTranslation('purchasing');
  const detail = useQueueDetail(target);
  const data = detail.data;
  return (
    <Drawer open width={900} title={data ? t('queue.detailTitle', { preOrderNo: data.preOrderNo }) : t('common.detail')} onClose={onClose}>
      <DetailStates pending={detail.isPending} failed={detail.isError} onRetry={() => void detail.refetch()} />
      {data && (
          <>
            <Descriptions
              size="small"
              column={2}
              items={[
                { key: 'tenant', label: t('common.tenant'), children: data.tenantName },
                { key: 'platform', label: t('common.platform'), children: t(`platforms.${data.platform}`) },
                { key: 'status', label: t('common.status'), children: <Tag>{t(`queueStatus.${data.status as 'PAID'}`)}</Tag> },
                { key: 'purchaser', label: t('queue.purchaser'), children: data.purchaser },
                { key: 'goods', label: t('queue.goodsAmount'), children: <Money amount={data.goodsAmount} currency="CNY" /> },
                { key: 'express', label: t('queue.expressFee'), children: <Money amount={data.expressFee} currency="CNY" /> },
                { key: 'service', label: t('queue.serviceFee'), children: <Money amount={data.serviceFee} currency="CNY" /> },
                { key: 'total', label: t('queue.totalAmount'), children: <Money amount={data.totalAmount} currency="CNY" strong /> },
                { key: 'warehouse', label: t('queue.warehouse'), children: data.warehouseCode },
                { key: 'paidAt', label: t('queue.paidAt'), children: formatDateTime(data.paidAt) },
                { key: 'remark', label: t('queue.remark'), children: data.remark, span: 2 },
              ]}
            />
            <h4>{t('queue.lines')}</h4>
            <Table<PreOrderLineRecord>
              size="small"
              rowKey="id"
              pagination={false}
              dataSource={data.lines}
              columns={[
                { title: '#', dataIndex: 'lineNo', width: 40 },
                { title: t('line.title'), dataIndex: 'title', ellipsis: true },
                { title: t('line.sku'), dataIndex: 'skuText', width: 140, ellipsis: true },
                { title: t('line.seller'), dataIndex: 'sellerId', width: 100 },
                { title: t('line.store'), dataIndex: 'storeName', width: 120, ellipsis: true },
                { title: t('line.unitPrice'), dataIndex: 'unitPrice', width: 100, align: 'right', render: (value: string) => <Money amount={value} currency="CNY" /> },
                { title: t('line.quantity'), dataIndex: 'quantity', width: 70, align: 'right' },
              ]}
            />
            <h4>{t('queue.purchaseOrders')}</h4>
            <Table<PurchaseOrderRecord>
              size="small"
              rowKey="id"
              pagination={false}
              dataSource={data.purchaseOrders}
              columns={[
                { title: t('order.purchaseNo'), dataIndex: 'purchaseNo', width: 170 },
                { title: t('order.sellerId'), dataIndex: 'sellerId', width: 100 },
                { title: t('common.status'), dataIndex: 'status', width: 130, render: (status: PurchaseOrderRecord['status']) => t(`orderStatus.${status}`) },
                { title: t('order.purchaseAmount'), dataIndex: 'purchaseAmount', align: 'right', render: (value: string) => <Money amount={value} currency="CNY" /> },
                { title: t('order.estimatedExpressFee'), dataIndex: 'estimatedExpressFee', align: 'right', render: (value: string) => <Money amount={value} currency="CNY" /> },
                { title: t('order.actualPaymentAmount'), dataIndex: 'actualPaymentAmount', align: 'right', render: (value: string | null) => <Money amount={value} currency="CNY" /> },
              ]}
            />
          </>
        )}
    </Drawer>
  );
}
