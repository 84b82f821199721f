import { useMemo, useState } from 'react';
import { Button, Card, Space, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { PickupBatchRecord } from '@portal/shared/logistics-schemas';
import { Access } from '../../../components/access.tsx';
import { ConfirmedAction } from '../../../components/confirmed-action.tsx';
import { DictTag } from '../../../components/dict-tag.tsx';
import { ListPage } from '../../../components/list-page/list-page.tsx';
import type { ListPageConfig } from '../../../components/list-page/list-config.ts';
import { ExportButton } from '../../../components/export-button.tsx';
import { listPickupBatches, PICKUP_BATCH_LIST_KEY, useReadyPickupBatch, useCancelPickupBatch, exportPickupBatches } from '../api/pickup-batches.ts';
import { PickupBatchDetailDrawer } from '../components/pickup-batch-detail-drawer.tsx';
import { PickupBatchFormDialog } from '../components/pickup-batch-form-dialog.tsx';
import { exportFiltersOf } from '../export-filters.ts';
import { textKey } from '../../../components/list-page/text-key.ts';

/** Only a batch still waiting for its goods is the merchant's to change, mark ready or cancel. */
const open = (batch: PickupBatchRecord) => batch.status === 'WAIT_PREPARE_GOODS' && !batch.cancelled;

const CANCELLED_OPTIONS = [
  { value: 'true', label: textKey('shipping', 'common.yes') },
  { value: 'false', label: textKey('shipping', 'common.no') },
] as const;

type Handlers = { onDetail: (id: number) => void; onEdit: (id: number) => void };

function BatchActions({ batch, onDetail, onEdit }: { batch: PickupBatchRecord } & Handlers) {
  const { t } = useTranslation('shipping');
  const ready = useReadyPickupBatch();
  const cancel = useCancelPickupBatch();
  return (
    <Space size={0}>
      <Button type="link" size="small" onClick={() => onDetail(batch.id)} data-testid="batch-detail-open">
        {t('common.detail')}
      </Button>
      {open(batch) && (
        <>
          <Access code="logistics:pickup-batch:edit">
            <Button type="link" size="small" onClick={() => onEdit(batch.id)} data-testid="batch-edit">
              {t('common.edit')}
            </Button>
          </Access>
          <ConfirmedAction
            code="logistics:pickup-batch:ready"
            label={t('batch.ready')}
            title={t('batch.ready')}
            description={t('batch.readyConfirm', { batchNo: batch.batchNo, count: batch.shipmentTotal })}
            cancelText={t('common.cancel')}
            pending={ready.isPending}
            run={() => ready.mutateAsync(batch.id)}
            done={t('batch.readyDone')}
            testId="batch-ready"
          />
          <ConfirmedAction
            code="logistics:pickup-batch:cancel"
            label={t('batch.cancelBatch')}
            title={t('batch.cancelBatch')}
            description={t('batch.cancelConfirm', { batchNo: batch.batchNo })}
            cancelText={t('common.close')}
            danger
            pending={cancel.isPending}
            run={() => cancel.mutateAsync(batch.id)}
            done={t('batch.cancelDone')}
            testId="batch-cancel"
          />
        </>
      )}
    </Space>
  );
}

function BatchStatus({ batch }: { batch: PickupBatchRecord }) {
  const { t } = useTranslation('shipping');
  return batch.cancelled ? <Tag color="red">{t('batch.cancelled')}</Tag> : <DictTag code="COLOrderStatusEnum" value={batch.status} />;
}

function batchList({ onDetail, onEdit }: Handlers): ListPageConfig<PickupBatchRecord> {
  return {
    id: 'logistics-pickup-batch',
    rowKey: 'id',
    queryKey: PICKUP_BATCH_LIST_KEY,
    fetcher: listPickupBatches,
    defaultSort: { column: 'createdAt', order: 'desc' },
    query: [
      { name: 'batchNo', label: textKey('shipping', 'batch.batchNo'), type: 'input' },
      { name: 'status', label: textKey('shipping', 'batch.status'), type: 'dict', dict: 'COLOrderStatusEnum' },
      { name: 'cancelled', label: textKey('shipping', 'batch.cancelled'), type: 'select', options: CANCELLED_OPTIONS, hidden: true },
      { name: 'createdAt', label: textKey('shipping', 'common.createdAt'), type: 'date-range', hidden: true },
      { name: 'expectedPickupAt', label: textKey('shipping', 'batch.expectedPickupAt'), type: 'date-range', hidden: true },
    ],
    columns: [
      {
        dataIndex: 'batchNo',
        phone: true,
        title: textKey('shipping', 'batch.batchNo'),
        fixed: 'left',
        width: 180,
        render: (batch) => (
          <Button type="link" size="small" style={{ padding: 0 }} onClick={() => onDetail(batch.id)}>
            {batch.batchNo}
          </Button>
        ),
      },
      { dataIndex: 'status', phone: true, title: textKey('shipping', 'batch.status'), width: 150, render: (batch) => <BatchStatus batch={batch} /> },
      { dataIndex: 'shipmentTotal', title: textKey('shipping', 'batch.shipmentTotal'), format: 'count', align: 'right', width: 100 },
      { dataIndex: 'estimatedWeight', title: textKey('shipping', 'batch.estimatedWeight'), format: 'weight', align: 'right', width: 130 },
      { dataIndex: 'actualWeight', title: textKey('shipping', 'batch.actualWeight'), format: 'weight', align: 'right', width: 130 },
      { dataIndex: 'expectedPickupAt', phone: true, title: textKey('shipping', 'batch.expectedPickupAt'), format: 'dateTime', width: 170 },
      { dataIndex: 'estimatedPickupAt', title: textKey('shipping', 'batch.estimatedPickupAt'), format: 'dateTime', width: 170 },
      { dataIndex: 'actualPickupAt', title: textKey('shipping', 'batch.actualPickupAt'), format: 'dateTime', width: 170 },
      { dataIndex: 'plate', title: textKey('shipping', 'batch.plate'), width: 110 },
      { dataIndex: 'contactName', title: textKey('shipping', 'batch.contactName'), defaultHidden: true },
      { dataIndex: 'pickupAddress', title: textKey('shipping', 'batch.pickupAddress'), format: 'ellipsis', defaultHidden: true },
      { dataIndex: 'createdAt', title: textKey('shipping', 'common.createdAt'), format: 'dateTime', sorter: true, width: 170 },
      { key: 'actions', phone: true, title: textKey('shipping', 'common.actions'), fixed: 'right', width: 260, render: (batch) => <BatchActions batch={batch} onDetail={onDetail} onEdit={onEdit} /> },
    ],
  };
}

/**
 * Pick-up batches (spec §3): the merchant gathers CREATED orders for one pick-up, marks the goods
 * ready, and follows the batch as the platform schedules, takes and confirms it.
 */
export function PickupBatchListPage() {
  const { t } = useTranslation('shipping');
  const [detailId, setDetailId] = useState<number | null>(null);
  const [form, setForm] = useState<{ batchId: number | null } | null>(null);
  const config = useMemo(() => batchList({ onDetail: setDetailId, onEdit: (batchId) => setForm({ batchId }) }), []);
  return (
    <Card>
      <ListPage
        config={config}
        toolbar={
          <Access code="logistics:pickup-batch:add">
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setForm({ batchId: null })} data-testid="batch-add">
              {t('batch.create')}
            </Button>
          </Access>
        }
        exportSlot={(params) => <ExportButton code="logistics:pickup-batch:export" label={t('common.export')} run={() => exportPickupBatches(exportFiltersOf(params))} />}
      />
      <PickupBatchFormDialog open={form !== null} batchId={form?.batchId ?? null} onClose={() => setForm(null)} />
      <PickupBatchDetailDrawer batchId={detailId} onClose={() => setDetailId(null)} />
    </Card>
  );
}
