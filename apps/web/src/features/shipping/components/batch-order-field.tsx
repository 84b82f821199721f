import { useMemo, useState } from 'react';
import { Button, Flex, Table, Typography, type TableColumnType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { OrderRecord } from '@portal/shared/logistics-schemas';
import { DictTag } from '../../../components/dict-tag.tsx';
import { PopupPicker } from '../../../components/popup-picker.tsx';
import type { ListPageConfig } from '../../../components/list-page/list-config.ts';
import { formatWeight } from '../../../lib/format.ts';
import { listPickableOrders, PICKABLE_ORDERS_KEY, type BatchOrder } from '../api/pickup-batches.ts';
import { totalWeight } from '../batch-weight.ts';
import { textKey } from '../../../components/list-page/text-key.ts';

/** Orders that can go into a batch: the tenant's CREATED orders in no other live batch, searched in the popup picker. */
const PICKABLE_ORDERS: ListPageConfig<OrderRecord> = {
  id: 'pickup-batch-order-picker',
  rowKey: 'id',
  queryKey: PICKABLE_ORDERS_KEY,
  fetcher: listPickableOrders,
  defaultSort: { column: 'createdAt', order: 'desc' },
  query: [
    { name: 'orderNo', label: textKey('shipping', 'order.orderNo'), type: 'input' },
    { name: 'merchantOrderNo', label: textKey('shipping', 'order.merchantOrderNo'), type: 'input' },
    { name: 'destinationCountry', label: textKey('shipping', 'order.destinationCountry'), type: 'dict', dict: 'CountryType' },
    { name: 'recipientName', label: textKey('shipping', 'order.recipientName'), type: 'input', hidden: true },
  ],
  columns: [
    { dataIndex: 'orderNo', title: textKey('shipping', 'order.orderNo'), width: 170 },
    { dataIndex: 'merchantOrderNo', title: textKey('shipping', 'order.merchantOrderNo'), width: 150 },
    { dataIndex: 'destinationCountry', title: textKey('shipping', 'order.destinationCountry'), dict: 'CountryType', width: 120 },
    { dataIndex: 'serviceType', title: textKey('shipping', 'order.serviceType'), dict: 'ServiceType', width: 110 },
    { dataIndex: 'recipientName', title: textKey('shipping', 'order.recipientName'), width: 120 },
    { dataIndex: 'weight', title: textKey('shipping', 'order.weight'), format: 'weight', align: 'right', width: 110 },
    { dataIndex: 'createdAt', title: textKey('shipping', 'order.createdAt'), format: 'dateTime', sorter: true, width: 170 },
  ],
};

const toBatchOrder = (order: OrderRecord): BatchOrder => ({ id: order.id, orderNo: order.orderNo, merchantOrderNo: order.merchantOrderNo, status: order.status, weight: order.weight });

/**
 * The orders of a batch as a form field (value and onChange from Form.Item): the chosen orders with
 * their count and estimated weight, more picked from the CREATED orders in no other live batch, any one removed. Read-only
 * for a batch that exists: its orders are fixed.
 */
export function BatchOrderField({ value, onChange, id, readOnly = false }: { value?: BatchOrder[]; onChange?: (orders: BatchOrder[]) => void; id?: string; readOnly?: boolean }) {
  const { t } = useTranslation('shipping');
  const [picking, setPicking] = useState(false);
  const orders = useMemo(() => value ?? [], [value]);
  const weight = totalWeight(orders.map((order) => order.weight));

  const add = (rows: OrderRecord[]) => {
    const known = new Set(orders.map((order) => order.id));
    onChange?.([...orders, ...rows.filter((row) => !known.has(row.id)).map(toBatchOrder)]);
    setPicking(false);
  };
  const remove = (orderId: number) => onChange?.(orders.filter((order) => order.id !== orderId));

  const removeColumn: TableColumnType<BatchOrder> = {
    key: 'remove',
    title: t('common.actions'),
    render: (_, order) => (
      <Button type="link" size="small" danger onClick={() => remove(order.id)} aria-label={`${t('batch.removeOrder')} ${order.orderNo}`}>
        {t('batch.removeOrder')}
      </Button>
    ),
  };

  return (
    <div id={id} data-testid="batch-orders">
      <Flex justify="space-between" align="center" style={{ marginBottom: 8 }}>
        <Typography.Text type="secondary" data-testid="batch-orders-summary">
          {orders.length ? t('batch.selectedSummary', { count: orders.length, weight: formatWeight(weight) }) : t('batch.noOrders')}
        </Typography.Text>
        {!readOnly && (
          <Button icon={<PlusOutlined />} onClick={() => setPicking(true)} data-testid="batch-pick-orders">
            {t('batch.pickOrders')}
          </Button>
        )}
      </Flex>
      {orders.length > 0 && (
        <Table<BatchOrder>
          size="small"
          rowKey="id"
          dataSource={orders}
          pagination={orders.length > 10 ? { pageSize: 10, size: 'small' } : false}
          scroll={{ x: 'max-content' }}
          columns={[
            { key: 'orderNo', dataIndex: 'orderNo', title: t('order.orderNo') },
            { key: 'merchantOrderNo', dataIndex: 'merchantOrderNo', title: t('order.merchantOrderNo') },
            { key: 'status', title: t('order.status'), render: (_, order) => <DictTag code="OrderStatus" value={order.status} /> },
            { key: 'weight', title: t('order.weight'), align: 'right', render: (_, order) => formatWeight(order.weight) },
            ...(readOnly ? [] : [removeColumn]),
          ]}
        />
      )}
      {!readOnly && <PopupPicker<OrderRecord> open={picking} title={t('batch.pickTitle')} config={PICKABLE_ORDERS} onOk={add} onCancel={() => setPicking(false)} />}
    </div>
  );
}
