import type { PermissionCode } from '@portal/shared/permissions';
import { useMemo, useState } from 'react';
import { Button, Card, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Access } from '../../../components/access.tsx';
import { DictTag } from '../../../components/dict-tag.tsx';
import { ListPage } from '../../../components/list-page/list-page.tsx';
import type { ListPageConfig } from '../../../components/list-page/list-config.ts';
import { ExportButton } from '../../../components/export-button.tsx';
import { listPickups, PICKUP_LIST_KEY, type PickupRecord, exportPickups } from '../api/pickups.ts';
import { PickupActionDialog, type PickupAction } from '../components/pickup-action-dialog.tsx';
import { exportFiltersOf } from '../export-filters.ts';
import { textKey } from '../../../components/list-page/text-key.ts';

/**
 * What the platform may do with a batch in its status (apps/server/src/modules/pickup/batch-lifecycle.ts):
 * once the goods are ready, schedule the truck and take them; once taken, confirm them at the warehouse.
 */
export function pickupActions(pickup: PickupRecord): PickupAction[] {
  if (pickup.cancelled) return [];
  switch (pickup.status) {
    case 'WAIT_PREPARE_GOODS':
      return [];
    case 'WAIT_TAKE_GOODS':
      return ['schedule', 'take'];
    case 'WAIT_CONFIRM_TAKE':
      return ['confirm'];
    case 'FINISH_TAKE_GOODS':
      return [];
  }
}

const PERMISSIONS: Record<PickupAction, PermissionCode> = { schedule: 'warehouse:pickup:schedule', take: 'warehouse:pickup:take', confirm: 'warehouse:pickup:confirm' };

function PickupButtons({ pickup, onAction }: { pickup: PickupRecord; onAction: (action: PickupAction, pickup: PickupRecord) => void }) {
  const { t } = useTranslation('shipping');
  return (
    <Space size={0}>
      {pickupActions(pickup).map((action) => (
        <Access key={action} code={PERMISSIONS[action]}>
          <Button type="link" size="small" onClick={() => onAction(action, pickup)} data-testid={`pickup-${action}`}>
            {t(`pickup.${action}`)}
          </Button>
        </Access>
      ))}
    </Space>
  );
}

function PickupStatus({ pickup }: { pickup: PickupRecord }) {
  const { t } = useTranslation('shipping');
  return pickup.cancelled ? <Tag color="red">{t('batch.cancelled')}</Tag> : <DictTag code="COLOrderStatusEnum" value={pickup.status} />;
}

function pickupList(onAction: (action: PickupAction, pickup: PickupRecord) => void): ListPageConfig<PickupRecord> {
  return {
    id: 'warehouse-pickup-confirm',
    rowKey: 'id',
    queryKey: PICKUP_LIST_KEY,
    fetcher: listPickups,
    defaultSort: { column: 'expectedPickupAt', order: 'desc' },
    query: [
      { name: 'batchNo', label: textKey('shipping', 'batch.batchNo'), type: 'input' },
      { name: 'status', label: textKey('shipping', 'batch.status'), type: 'dict', dict: 'COLOrderStatusEnum' },
      { name: 'expectedPickupAt', label: textKey('shipping', 'batch.expectedPickupAt'), type: 'date-range', hidden: true },
    ],
    columns: [
      { dataIndex: 'batchNo', title: textKey('shipping', 'batch.batchNo'), fixed: 'left', width: 180 },
      { dataIndex: 'tenantName', title: textKey('shipping', 'pickup.tenant'), width: 140 },
      { dataIndex: 'status', title: textKey('shipping', 'batch.status'), width: 150, render: (pickup) => <PickupStatus pickup={pickup} /> },
      { dataIndex: 'shipmentTotal', title: textKey('shipping', 'batch.shipmentTotal'), format: 'count', align: 'right', width: 100 },
      { dataIndex: 'estimatedWeight', title: textKey('shipping', 'batch.estimatedWeight'), format: 'weight', align: 'right', width: 130 },
      { dataIndex: 'actualWeight', title: textKey('shipping', 'batch.actualWeight'), format: 'weight', align: 'right', width: 130 },
      { dataIndex: 'expectedPickupAt', title: textKey('shipping', 'batch.expectedPickupAt'), format: 'dateTime', sorter: true, width: 170 },
      { dataIndex: 'estimatedPickupAt', title: textKey('shipping', 'batch.estimatedPickupAt'), format: 'dateTime', width: 170 },
      { dataIndex: 'actualPickupAt', title: textKey('shipping', 'batch.actualPickupAt'), format: 'dateTime', width: 170 },
      { dataIndex: 'plate', title: textKey('shipping', 'batch.plate'), width: 110 },
      { dataIndex: 'contactName', title: textKey('shipping', 'batch.contactName'), width: 110 },
      { dataIndex: 'contactPhone', title: textKey('shipping', 'batch.contactPhone'), width: 140 },
      { dataIndex: 'pickupAddress', title: textKey('shipping', 'batch.pickupAddress'), format: 'ellipsis' },
      { dataIndex: 'createdAt', title: textKey('shipping', 'common.createdAt'), format: 'dateTime', sorter: true, defaultHidden: true, width: 170 },
      { key: 'actions', title: textKey('shipping', 'common.actions'), fixed: 'right', width: 200, render: (pickup) => <PickupButtons pickup={pickup} onAction={onAction} /> },
    ],
  };
}

/** Pick-up confirmation (platform): every tenant's batches, scheduled, taken and confirmed at the warehouse. */
export function PickupConfirmPage() {
  // the area's texts are there before the list draws its titles with them
  const { t } = useTranslation('shipping');
  const [current, setCurrent] = useState<{ action: PickupAction; pickup: PickupRecord } | null>(null);
  const config = useMemo(() => pickupList((action, pickup) => setCurrent({ action, pickup })), []);
  return (
    <Card>
      <ListPage config={config} exportSlot={(params) => <ExportButton code="warehouse:pickup:export" label={t('common.export')} run={() => exportPickups(exportFiltersOf(params))} />} />
      <PickupActionDialog action={current?.action ?? null} pickup={current?.pickup ?? null} onClose={() => setCurrent(null)} />
    </Card>
  );
}
