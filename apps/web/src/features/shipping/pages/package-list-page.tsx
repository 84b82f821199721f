import { useMemo, useState } from 'react';
import { App, Button, Card, Popconfirm, Space } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ParcelRecord } from '@portal/shared/logistics-schemas';
import { Access } from '../../../components/access.tsx';
import { ListPage } from '../../../components/list-page/list-page.tsx';
import type { ListPageConfig } from '../../../components/list-page/list-config.ts';
import { ExportButton } from '../../../components/export-button.tsx';
import { failureMessage } from '../../../components/server-error.tsx';
import { formatDecimal } from '../../../lib/format.ts';
import { listParcels, PARCEL_LIST_KEY, useDeleteParcel, exportParcels } from '../api/parcels.ts';
import { ParcelFormDialog } from '../components/parcel-form-dialog.tsx';
import { exportFiltersOf } from '../export-filters.ts';
import { sk } from '../texts.ts';

const cm = (value: string | null) => formatDecimal(value, 1);

/** Only a forecast parcel is the merchant's to change: once received, the warehouse's measure stands. */
const changeable = (parcel: ParcelRecord) => parcel.status === 'FORECAST';

function ParcelActions({ parcel, onEdit }: { parcel: ParcelRecord; onEdit: (parcel: ParcelRecord) => void }) {
  const { t } = useTranslation('shipping');
  const { message } = App.useApp();
  const remove = useDeleteParcel();
  if (!changeable(parcel)) return null;
  return (
    <Space size={0}>
      <Access code="logistics:package:edit">
        <Button type="link" size="small" onClick={() => onEdit(parcel)} data-testid="parcel-edit">
          {t('common.edit')}
        </Button>
      </Access>
      <Access code="logistics:package:delete">
        <Popconfirm
          title={t('common.confirmTitle')}
          description={t('parcel.deleteConfirm', { trackingNo: parcel.trackingNo })}
          okText={t('common.delete')}
          cancelText={t('common.cancel')}
          okButtonProps={{ danger: true, loading: remove.isPending }}
          onConfirm={() =>
            remove.mutateAsync(parcel.id).then(
              () => void message.success(t('common.deleted')),
              (error: unknown) => {
                const text = failureMessage(error);
                if (text) void message.error(text);
              },
            )
          }
        >
          <Button type="link" size="small" danger data-testid="parcel-delete">
            {t('common.delete')}
          </Button>
        </Popconfirm>
      </Access>
    </Space>
  );
}

function parcelList(onEdit: (parcel: ParcelRecord) => void): ListPageConfig<ParcelRecord> {
  return {
    id: 'logistics-package',
    rowKey: 'id',
    queryKey: PARCEL_LIST_KEY,
    fetcher: listParcels,
    defaultSort: { column: 'createdAt', order: 'desc' },
    query: [
      { name: 'trackingNo', label: sk('parcel.trackingNo'), type: 'input' },
      { name: 'orderNo', label: sk('parcel.orderNo'), type: 'input' },
      { name: 'status', label: sk('parcel.status'), type: 'dict', dict: 'ParcelStatus' },
      { name: 'createdAt', label: sk('common.createdAt'), type: 'date-range', hidden: true },
      { name: 'storageTime', label: sk('parcel.storageTime'), type: 'date-range', hidden: true },
    ],
    columns: [
      { dataIndex: 'trackingNo', title: sk('parcel.trackingNo'), sorter: true, fixed: 'left', width: 180 },
      { dataIndex: 'logisticsOrderNo', title: sk('parcel.orderNo'), width: 170 },
      { dataIndex: 'status', title: sk('parcel.status'), dict: 'ParcelStatus', width: 110 },
      { dataIndex: 'weight', title: sk('parcel.weight'), format: 'weight', align: 'right', width: 110 },
      { dataIndex: 'length', title: sk('parcel.length'), align: 'right', width: 90, render: (parcel) => cm(parcel.length) },
      { dataIndex: 'width', title: sk('parcel.width'), align: 'right', width: 90, render: (parcel) => cm(parcel.width) },
      { dataIndex: 'height', title: sk('parcel.height'), align: 'right', width: 90, render: (parcel) => cm(parcel.height) },
      { dataIndex: 'warehouseCode', title: sk('parcel.warehouse'), dict: 'LogisticsWarehouse', width: 120 },
      { dataIndex: 'storageTime', title: sk('parcel.storageTime'), format: 'dateTime', width: 170 },
      { dataIndex: 'shipmentTime', title: sk('parcel.shipmentTime'), format: 'dateTime', width: 170 },
      { dataIndex: 'remark', title: sk('common.remark'), format: 'ellipsis', defaultHidden: true },
      { dataIndex: 'createdAt', title: sk('common.createdAt'), format: 'dateTime', sorter: true, width: 170 },
      { key: 'actions', title: sk('common.actions'), fixed: 'right', width: 130, render: (parcel) => <ParcelActions parcel={parcel} onEdit={onEdit} /> },
    ],
  };
}

/** Package management (spec §2, §3 parcel fields): the merchant's forecast parcels and what the warehouse measured. */
export function PackageListPage() {
  const { t } = useTranslation('shipping');
  const [dialog, setDialog] = useState<{ parcel: ParcelRecord | null } | null>(null);
  const config = useMemo(() => parcelList((parcel) => setDialog({ parcel })), []);
  return (
    <Card>
      <ListPage
        config={config}
        toolbar={
          <Access code="logistics:package:add">
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ parcel: null })} data-testid="parcel-add">
              {t('parcel.forecast')}
            </Button>
          </Access>
        }
        exportSlot={(params) => <ExportButton code="logistics:package:export" label={t('common.export')} run={() => exportParcels(exportFiltersOf(params))} />}
      />
      <ParcelFormDialog open={dialog !== null} parcel={dialog?.parcel ?? null} onClose={() => setDialog(null)} />
    </Card>
  );
}
