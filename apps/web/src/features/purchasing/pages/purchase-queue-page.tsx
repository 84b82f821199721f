import { useMemo, useState } from 'react';
import { App, Button, Card, Space, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import type { QueueRecord } from '@portal/shared/purchasing-schemas';
import { Access } from '../../../components/access.tsx';
import { ExportButton } from '../../../components/export-button.tsx';
import { ListPage } from '../../../components/list-page/list-page.tsx';
import type { ListPageConfig } from '../../../components/list-page/list-config.ts';
import { textKey } from '../../../components/list-page/text-key.ts';
import { Money } from '../../../components/money.tsx';
import { exportQueue, listQueue, QUEUE_LIST_KEY, useCancelPreOrder, useQueueDetail, useTakePreOrder } from '../api/purchase-queue.ts';
import { QueueDetailDrawer } from '../components/queue-detail-drawer.tsx';
import { ReasonDialog } from '../components/reason-dialog.tsx';
import { SplitDialog } from '../components/split-dialog.tsx';
import { PURCHASE_PLATFORM_OPTIONS } from '../../../entities/purchase-platform/platforms.ts';
import { QUEUE_STATUS_OPTIONS } from '../statuses.ts';
import { tenantQueryField } from '../../../entities/tenant/tenant-options.ts';

type Open = { kind: 'detail' | 'split' | 'cancel'; record: QueueRecord } | null;

/** The split dialog once the pre-order's lines are loaded. */
function SplitLoader({ record, onClose }: { record: QueueRecord; onClose: () => void }) {
  const detail = useQueueDetail({ tenantId: record.tenantId, id: record.id });
  if (!detail.data) return <Spin />;
  return <SplitDialog preOrder={detail.data} onClose={onClose} />;
}

function CancelDialog({ record, onClose }: { record: QueueRecord; onClose: () => void }) {
  const { t } = useTranslation('purchasing');
  const { message } = App.useApp();
  const cancel = useCancelPreOrder();
  return (
    <ReasonDialog
      title={t('queue.cancelTitle', { preOrderNo: record.preOrderNo })}
      hint={t('queue.cancelHint')}
      pending={cancel.isPending}
      error={cancel.error}
      onClose={onClose}
      onSubmit={(reason) =>
        cancel.mutate(
          { tenantId: record.tenantId, id: record.id, reason },
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

function RowActions({ record, open }: { record: QueueRecord; open: (next: Open) => void }) {
  const { t } = useTranslation('purchasing');
  const { message } = App.useApp();
  const take = useTakePreOrder();
  return (
    <Space size={0}>
      <Button type="link" size="small" onClick={() => open({ kind: 'detail', record })}>
        {t('common.detail')}
      </Button>
      {record.status === 'PAID' && (
        <Access code="purchasing:queue:take">
          <Button type="link" size="small" loading={take.isPending} onClick={() => take.mutate({ tenantId: record.tenantId, id: record.id }, { onSuccess: () => message.success(t('queue.taken', { preOrderNo: record.preOrderNo })) })} data-testid="queue-take">
            {t('queue.take')}
          </Button>
        </Access>
      )}
      {record.status === 'PURCHASING' && (
        <Access code="purchasing:queue:split">
          <Button type="link" size="small" onClick={() => open({ kind: 'split', record })} data-testid="queue-split">
            {t('queue.split')}
          </Button>
        </Access>
      )}
      <Access code="purchasing:queue:cancel">
        <Button type="link" size="small" danger onClick={() => open({ kind: 'cancel', record })} data-testid="queue-cancel">
          {t('queue.cancel')}
        </Button>
      </Access>
    </Space>
  );
}

function queueList(open: (next: Open) => void): ListPageConfig<QueueRecord> {
  return {
    id: 'purchasing-queue',
    rowKey: (record) => `${record.tenantId}:${record.id}`,
    queryKey: QUEUE_LIST_KEY,
    fetcher: listQueue,
    query: [
      { name: 'preOrderNo', label: textKey('purchasing', 'queue.preOrderNo'), type: 'input' },
      { name: 'status', label: textKey('purchasing', 'common.status'), type: 'select', options: QUEUE_STATUS_OPTIONS.slice(0, 2) },
      { name: 'platform', label: textKey('purchasing', 'common.platform'), type: 'select', options: PURCHASE_PLATFORM_OPTIONS },
      tenantQueryField(textKey('purchasing', 'common.tenant')),
    ],
    columns: [
      { dataIndex: 'preOrderNo', title: textKey('purchasing', 'queue.preOrderNo'), fixed: 'left', width: 180, phone: true },
      { dataIndex: 'tenantName', title: textKey('purchasing', 'common.tenant'), width: 140 },
      { dataIndex: 'platform', title: textKey('purchasing', 'common.platform'), options: PURCHASE_PLATFORM_OPTIONS, width: 90 },
      { dataIndex: 'status', title: textKey('purchasing', 'common.status'), options: QUEUE_STATUS_OPTIONS, width: 100, phone: true },
      { dataIndex: 'lineCount', title: textKey('purchasing', 'queue.lineCount'), width: 80, align: 'right' },
      { dataIndex: 'totalAmount', title: textKey('purchasing', 'queue.totalAmount'), width: 130, align: 'right', render: (record) => <Money amount={record.totalAmount} currency="CNY" /> },
      { dataIndex: 'purchaser', title: textKey('purchasing', 'queue.purchaser'), width: 120 },
      { dataIndex: 'paidAt', title: textKey('purchasing', 'queue.paidAt'), format: 'dateTime', sorter: true, width: 170 },
      { key: 'actions', title: textKey('purchasing', 'common.actions'), fixed: 'right', width: 260, phone: true, render: (record) => <RowActions record={record} open={open} /> },
    ],
  };
}

/** The purchasers' queue: paid pre-purchase orders of every merchant, oldest payment first. */
export function PurchaseQueuePage() {
  const { t } = useTranslation(['purchasing', 'purchase-stock']);
  const [open, setOpen] = useState<Open>(null);
  const config = useMemo(() => queueList(setOpen), []);
  const close = () => setOpen(null);
  return (
    <Card>
      <ListPage config={config} exportSlot={(params) => <ExportButton code="purchasing:queue:export" label={t('common.export')} run={() => exportQueue({ preOrderNo: params.preOrderNo, status: params.status, platform: params.platform, tenantId: params.tenantId })} />} />
      {open?.kind === 'detail' && <QueueDetailDrawer target={{ tenantId: open.record.tenantId, id: open.record.id }} onClose={close} />}
      {open?.kind === 'split' && <SplitLoader record={open.record} onClose={close} />}
      {open?.kind === 'cancel' && <CancelDialog record={open.record} onClose={close} />}
    </Card>
  );
}
