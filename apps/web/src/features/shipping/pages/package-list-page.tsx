import { useMemo, useState } from 'react';
import { Button, Card, Space } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ParcelRecord } from '@portal/shared/logistics-schemas';
import { Access } from '../../../components/access.tsx';
import { ConfirmedAction } from '../../../components/confirmed-action.tsx';
import { ListPage } from '../../../components/list-page/list-page.tsx';
import type { ListPageConfig } from '../../../components/list-page/list-config.ts';
import { ExportButton } from '../../../components/export-button.tsx';
import { formatDecimal } from '../../../lib/format.ts';
import { listParcels, PARCEL_LIST_KEY, useDeleteParcel, exportParcels } from '../api/parcels.ts';
import { ParcelFormDialog } from '../components/parcel-form-dialog.tsx';
import { exportFiltersOf } from '../export-filters.ts';
import { textKey } from '../../../components/list-page/text-key.ts';

const cm = (value: string | null) => formatDecimal(value, 1);

/** Only a forecast parcel is the merchant's to change: once received, the warehouse's measure stands. */
const changeable = (parcel: ParcelRecord) => parcel.status === 'FORECAST';

function ParcelActions({ parcel, onEdit }: { parcel: ParcelRecord; onEdit: (parcel: ParcelRecord) => void }) {
  const { t } = useTranslation('shipping');
  const remove = useDeleteParcel();
  if (!changeable(parcel)) return null;
  return (
    <Space size={0}>
      <Access code="logistics:package:edit">
        <Button type="link" size="small" onClick={() => onEdit(parcel)} data-testid="parcel-edit">
          {t('common.edit')}
        </Button>
      </Access>
      <ConfirmedAction
        code="logistics:package:delete"
        label={t('common.delete')}
        title={t('common.confirmTitle')}
        description={t('parcel.deleteConfirm', { trackingNo: parcel.trackingNo })}
        cancelText={t('common.cancel')}
        danger
        pending={remove.isPending}
        run={() => remove.mutateAsync(parcel.id)}
        done={t('common.deleted')}
        testId="parcel-delete"
      />
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
      { name: 'trackingNo', label: textKey('shipping', 'parcel.trackingNo'), type: 'input' },
      { name: 'orderNo', label: textKey('shipping', 'parcel.orderNo'), type: 'input' },
      { name: 'status', label: textKey('shipping', 'parcel.status'), type: 'dict', dict: 'ParcelStatus' },
      { name: 'createdAt', label: textKey('shipping', 'common.createdAt'), type: 'date-range', hidden: true },
      { name: 'storageTime', label: textKey('shipping', 'parcel.storageTime'), type: 'date-range', hidden: true },
    ],
    columns: [
      { dataIndex: 'trackingNo', phone: true, title: textKey('shipping', 'parcel.trackingNo'), sorter: true, fixed: 'left', width: 180 },
      { dataIndex: 'logisticsOrderNo', title: textKey('shipping', 'parcel.orderNo'), width: 170 },
      { dataIndex: 'status', phone: true, title: textKey('shipping', 'parcel.status'), dict: 'ParcelStatus', width: 110 },
      { dataIndex: 'weight', phone: true, title: textKey('shipping', 'parcel.weight'), format: 'weight', align: 'right', width: 110 },
      { dataIndex: 'length', title: textKey('shipping', 'parcel.length'), align: 'right', width: 90, render: (parcel) => cm(parcel.length) },
      { dataIndex: 'width', title: textKey('shipping', 'parcel.width'), align: 'right', width: 90, render: (parcel) => cm(parcel.width) },
      { dataIndex: 'height', title: textKey('shipping', 'parcel.height'), align: 'right', width: 90, render: (parcel) => cm(parcel.height) },
      { dataIndex: 'warehouseCode', title: textKey('shipping', 'parcel.warehouse'), dict: 'LogisticsWarehouse', width: 120 },
      { dataIndex: 'storageTime', title: textKey('shipping', 'parcel.storageTime'), format: 'dateTime', width: 170 },
      { dataIndex: 'shipmentTime', title: textKey('shipping', 'parcel.shipmentTime'), format: 'dateTime', width: 170 },
      { dataIndex: 'remark', title: textKey('shipping', 'common.remark'), format: 'ellipsis', defaultHidden: true },
      { dataIndex: 'createdAt', title: textKey('shipping', 'common.createdAt'), format: 'dateTime', sorter: true, width: 170 },
      { key: 'actions', phone: true, title: textKey('shipping', 'common.actions'), fixed: 'right', width: 130, render: (parcel) => <ParcelActions parcel={parcel} onEdit={onEdit} /> },
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
