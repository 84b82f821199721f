import { useMemo, useState } from 'react';
import { App, Button, Card, Popconfirm, Space, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { PickupBatchRecord } from '@portal/shared/logistics-schemas';
import { Access } from '../../../components/access.tsx';
import { DictTag } from '../../../components/dict-tag.tsx';
import { ListPage } from '../../../components/list-page/list-page.tsx';
import type { ListPageConfig } from '../../../components/list-page/list-config.ts';
import { ExportButton } from '../../../components/export-button.tsx';
import { failureMessage } from '../../../components/server-error.tsx';
import { listPickupBatches, PICKUP_BATCH_LIST_KEY, useReadyPickupBatch, useCancelPickupBatch, exportPickupBatches } from '../api/pickup-batches.ts';
import { PickupBatchDetailDrawer } from '../components/pickup-batch-detail-drawer.tsx';
import { PickupBatchFormDialog } from '../components/pickup-batch-form-dialog.tsx';
import { exportFiltersOf } from '../export-filters.ts';
import { sk } from '../texts.ts';

/** Only a batch still waiting for its goods is the merchant's to change, mark ready or cancel. */
const open = (batch: PickupBatchRecord) => batch.status === 'WAIT_PREPARE_GOODS' && !batch.cancelled;

const CANCELLED_OPTIONS = [
  { value: 'true', label: sk('common.yes') },
  { value: 'false', label: sk('common.no') },
] as const;

type Handlers = { onDetail: (id: number) => void; onEdit: (id: number) => void };

function BatchActions({ batch, onDetail, onEdit }: { batch: PickupBatchRecord } & Handlers) {
  const { t } = useTranslation('shipping');
  const { message } = App.useApp();
  const ready = useReadyPickupBatch();
  const cancel = useCancelPickupBatch();
  const run = (action: typeof ready, done: string) => () =>
    action.mutateAsync(batch.id).then(
      () => void message.success(done),
      (error: unknown) => {
        const text = failureMessage(error);
        if (text) void message.error(text);
      },
    );
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
          <Access code="logistics:pickup-batch:ready">
            <Popconfirm
              title={t('batch.ready')}
              description={t('batch.readyConfirm', { batchNo: batch.batchNo, count: batch.shipmentTotal })}
              okText={t('batch.ready')}
              cancelText={t('common.cancel')}
              okButtonProps={{ loading: ready.isPending }}
              onConfirm={run(ready, t('batch.readyDone'))}
            >
              <Button type="link" size="small" data-testid="batch-ready">
                {t('batch.ready')}
              </Button>
            </Popconfirm>
          </Access>
          <Access code="logistics:pickup-batch:cancel">
            <Popconfirm
              title={t('batch.cancelBatch')}
              description={t('batch.cancelConfirm', { batchNo: batch.batchNo })}
              okText={t('batch.cancelBatch')}
              cancelText={t('common.close')}
              okButtonProps={{ danger: true, loading: cancel.isPending }}
              onConfirm={run(cancel, t('batch.cancelDone'))}
            >
              <Button type="link" size="small" danger data-testid="batch-cancel">
                {t('batch.cancelBatch')}
              </Button>
            </Popconfirm>
          </Access>
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
      { name: 'batchNo', label: sk('batch.batchNo'), type: 'input' },
      { name: 'status', label: sk('batch.status'), type: 'dict', dict: 'COLOrderStatusEnum' },
      { name: 'cancelled', label: sk('batch.cancelled'), type: 'select', options: CANCELLED_OPTIONS, hidden: true },
      { name: 'createdAt', label: sk('common.createdAt'), type: 'date-range', hidden: true },
      { name: 'expectedPickupAt', label: sk('batch.expectedPickupAt'), type: 'date-range', hidden: true },
    ],
    columns: [
      {
        dataIndex: 'batchNo',
        title: sk('batch.batchNo'),
        fixed: 'left',
        width: 180,
        render: (batch) => (
          <Button type="link" size="small" style={{ padding: 0 }} onClick={() => onDetail(batch.id)}>
            {batch.batchNo}
          </Button>
        ),
      },
      { dataIndex: 'status', title: sk('batch.status'), width: 150, render: (batch) => <BatchStatus batch={batch} /> },
      { dataIndex: 'shipmentTotal', title: sk('batch.shipmentTotal'), format: 'count', align: 'right', width: 100 },
      { dataIndex: 'estimatedWeight', title: sk('batch.estimatedWeight'), format: 'weight', align: 'right', width: 130 },
      { dataIndex: 'actualWeight', title: sk('batch.actualWeight'), format: 'weight', align: 'right', width: 130 },
      { dataIndex: 'expectedPickupAt', title: sk('batch.expectedPickupAt'), format: 'dateTime', width: 170 },
      { dataIndex: 'estimatedPickupAt', title: sk('batch.estimatedPickupAt'), format: 'dateTime', width: 170 },
      { dataIndex: 'actualPickupAt', title: sk('batch.actualPickupAt'), format: 'dateTime', width: 170 },
      { dataIndex: 'plate', title: sk('batch.plate'), width: 110 },
      { dataIndex: 'contactName', title: sk('batch.contactName'), defaultHidden: true },
      { dataIndex: 'pickupAddress', title: sk('batch.pickupAddress'), format: 'ellipsis', defaultHidden: true },
      { dataIndex: 'createdAt', title: sk('common.createdAt'), format: 'dateTime', sorter: true, width: 170 },
      { key: 'actions', title: sk('common.actions'), fixed: 'right', width: 260, render: (batch) => <BatchActions batch={batch} onDetail={onDetail} onEdit={onEdit} /> },
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
