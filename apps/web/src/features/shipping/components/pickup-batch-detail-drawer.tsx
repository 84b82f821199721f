import { Alert, Descriptions, Drawer, Flex, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DetailStates } from '../../../components/detail-states.tsx';
import { DictTag } from '../../../components/dict-tag.tsx';
import { formatCount, formatDateTime, formatWeight } from '../../../lib/format.ts';
import { usePickupBatch, type BatchOrder, type PickupBatchDetail } from '../api/pickup-batches.ts';
import { batchNote } from '../batch-note.ts';
import { PickupBatchSteps } from './pickup-batch-steps.tsx';

/** One batch: where it is in its four statuses, its pick-up details and its orders. */
export function PickupBatchDetailDrawer({ batchId, onClose }: { batchId: number | null; onClose: () => void }) {
  const { t } = useTranslation('shipping');
  const query = usePickupBatch(batchId);
  const batch = query.data;
  return (
    <Drawer open={batchId !== null} onClose={onClose} size={860} title={batch ? t('batch.detailTitle', { batchNo: batch.batchNo }) : t('common.detail')} destroyOnHidden>
      <DetailStates pending={query.isPending && batchId !== null} failed={query.isError} onRetry={() => void query.refetch()} />
      {batch && (
        <Flex vertical gap={24} data-testid="batch-detail">
          <div>
            <Typography.Title level={5} style={{ marginTop: 0 }}>
              {t('batch.steps')} {batch.cancelled && <Tag color="red">{t('batch.cancelled')}</Tag>}
            </Typography.Title>
            <PickupBatchSteps status={batch.status} cancelled={batch.cancelled} />
          </div>
          <BatchNote batch={batch} />
          <Descriptions
            size="small"
            bordered
            column={{ xs: 1, md: 2 }}
            items={[
              { key: 'batchNo', label: t('batch.batchNo'), children: batch.batchNo },
              { key: 'status', label: t('batch.status'), children: <DictTag code="COLOrderStatusEnum" value={batch.status} /> },
              { key: 'shipmentTotal', label: t('batch.shipmentTotal'), children: formatCount(batch.shipmentTotal) },
              { key: 'estimatedWeight', label: t('batch.estimatedWeight'), children: formatWeight(batch.estimatedWeight) },
              { key: 'actualWeight', label: t('batch.actualWeight'), children: formatWeight(batch.actualWeight) },
              { key: 'plate', label: t('batch.plate'), children: batch.plate },
              { key: 'expectedPickupAt', label: t('batch.expectedPickupAt'), children: formatDateTime(batch.expectedPickupAt) },
              { key: 'estimatedPickupAt', label: t('batch.estimatedPickupAt'), children: formatDateTime(batch.estimatedPickupAt) },
              { key: 'actualPickupAt', label: t('batch.actualPickupAt'), children: formatDateTime(batch.actualPickupAt) },
              { key: 'createdAt', label: t('common.createdAt'), children: formatDateTime(batch.createdAt) },
              { key: 'contactName', label: t('batch.contactName'), children: batch.contactName },
              { key: 'contactPhone', label: t('batch.contactPhone'), children: batch.contactPhone },
              { key: 'pickupAddress', label: t('batch.pickupAddress'), children: batch.pickupAddress, span: 2 },
              { key: 'remark', label: t('common.remark'), children: batch.remark, span: 2 },
            ]}
          />
          <div>
            <Typography.Title level={5}>{t('batch.orders')}</Typography.Title>
            <Table<BatchOrder>
              size="small"
              rowKey="id"
              dataSource={batch.orders}
              pagination={batch.orders.length > 10 ? { pageSize: 10, size: 'small' } : false}
              scroll={{ x: 'max-content' }}
              columns={[
                { key: 'orderNo', dataIndex: 'orderNo', title: t('order.orderNo') },
                { key: 'merchantOrderNo', dataIndex: 'merchantOrderNo', title: t('order.merchantOrderNo') },
                { key: 'status', title: t('order.status'), render: (_, order) => <DictTag code="OrderStatus" value={order.status} /> },
                { key: 'weight', title: t('order.weight'), align: 'right', render: (_, order) => formatWeight(order.weight) },
              ]}
            />
          </div>
        </Flex>
      )}
    </Drawer>
  );
}

/** What the orders received without the truck mean for the batch, and what to do (docs/logistics-lifecycle.md). */
function BatchNote({ batch }: { batch: PickupBatchDetail }) {
  const { t } = useTranslation('shipping');
  const note = batchNote(batch);
  if (!note) return null;
  const text = note.kind === 'received' ? t('batch.receivedNote', { count: note.count }) : note.kind === 'nothingLeft' ? t('batch.nothingLeftNote') : t('batch.closedNote');
  return <Alert type={note.kind === 'nothingLeft' ? 'warning' : 'info'} showIcon title={text} data-testid="batch-note" />;
}
