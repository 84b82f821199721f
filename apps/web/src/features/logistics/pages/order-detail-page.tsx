import { useState, type ReactNode } from 'react';
import { Button, Card, Col, Descriptions, Empty, Flex, Grid, Row, Skeleton, Space, Table, Typography, type DescriptionsProps } from 'antd';
import { EditOutlined, ReloadOutlined, StopOutlined } from '@ant-design/icons';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { OrderDetail, ParcelRecord } from '@portal/shared/logistics-schemas';
import { CURRENCY_EXPONENTS, currencyFromMinor, currencyToMinor, decimalPattern, isCurrency } from '@portal/shared/money';
import { Access } from '../../../components/access.tsx';
import { DictTag } from '../../../components/dict-tag.tsx';
import { StatusMessage } from '../../../components/status-message.tsx';
import { formatCount, formatDateTime, formatMoney, formatWeight } from '../../../lib/format.ts';
import { HttpError } from '../../../lib/http.ts';
import { useOrder } from '../api/orders.ts';
import { CancelOrderDialog, type CancelTarget } from '../components/cancel-order-dialog.tsx';
import { OrderFormDrawer } from '../components/order-form-drawer.tsx';
import { ORDER_STATUS_DICT } from '../components/status-tabs.tsx';
import { TrackingTimeline } from '../components/tracking-timeline.tsx';

/** `?id=` as an order id, or null when it is not a positive integer. */
export function orderIdOf(value: string | null): number | null {
  if (value === null || !/^[1-9]\d{0,15}$/.test(value.trim())) return null;
  const id = Number(value.trim());
  return Number.isSafeInteger(id) ? id : null;
}

/** unit price x quantity, exactly; null when the price does not fit its currency. */
export function lineTotal(unitPrice: string, quantity: number, currency: string): string | null {
  if (!isCurrency(currency) || !decimalPattern(CURRENCY_EXPONENTS[currency]).test(unitPrice) || !Number.isSafeInteger(quantity)) return null;
  return currencyFromMinor(currencyToMinor(unitPrice, currency) * BigInt(quantity), currency);
}

const money = (amount: string | null, currency: string | null): ReactNode => (amount === null ? '-' : `${formatMoney(amount)} ${currency ?? ''}`.trim());
const weight = (kg: string | null): ReactNode => (kg === null ? '-' : formatWeight(kg));
const size = (length: string | null, width: string | null, height: string | null) => (length && width && height ? `${length} × ${width} × ${height}` : '-');
const orDash = (value: string | null | undefined): ReactNode => (value ? value : '-');

/** Spec §9: detail lists have at most 4 columns; fewer as the screen narrows. */
const DESCRIPTION_COLUMNS: DescriptionsProps['column'] = { xs: 1, sm: 2, lg: 3, xxl: 4 };

/**
 * One international order (menu logistics/international-order-detail, `?id=`): opened from the lists
 * in a tab of its own. Order information, recipient, products, parcels, weights and fees, and the
 * tracking timeline; edit (while CREATED) and cancel (before warehouse-in) as the server allows.
 */
export function OrderDetailPage() {
  const { t } = useTranslation('logistics');
  const [search] = useSearchParams();
  const id = orderIdOf(search.get('id'));
  if (id === null) return <StatusMessage status="warning" title={t('detail.badId')} data-testid="order-detail-bad-id" />;
  return <OrderDetailView id={id} />;
}

function OrderDetailView({ id }: { id: number }) {
  const { t } = useTranslation('logistics');
  const order = useOrder(id);
  // a phone keeps its width for the content: smaller card padding
  const phone = Grid.useBreakpoint().md === false;
  const cardSize = phone ? 'small' : undefined;
  const [editing, setEditing] = useState(false);
  // the form is drawn the first time it is wanted
  const [formMounted, setFormMounted] = useState(false);
  const [cancelTarget, setCancelTarget] = useState<CancelTarget | null>(null);

  if (order.isPending) {
    return (
      <Card>
        <Skeleton active paragraph={{ rows: 8 }} />
      </Card>
    );
  }
  if (order.isError) {
    const missing = order.error instanceof HttpError && order.error.status === 404;
    return (
      <Card>
        <StatusMessage
          status="warning"
          title={missing ? t('detail.notFound') : t('detail.loadFailed')}
          description={missing ? t('detail.notFoundHint') : order.error.message}
          data-testid="order-detail-error"
          extra={
            missing ? undefined : (
              <Button icon={<ReloadOutlined />} onClick={() => void order.refetch()}>
                {t('detail.retry')}
              </Button>
            )
          }
        />
      </Card>
    );
  }

  const detail = order.data;
  return (
    <Flex vertical gap={phone ? 12 : 16} data-testid="order-detail">
      <Card
        size={cardSize}
        title={
          <Flex align="center" gap={8} wrap>
            <Typography.Title level={4} style={{ margin: 0 }} copyable={{ text: detail.orderNo }} data-testid="order-detail-no">
              {detail.orderNo}
            </Typography.Title>
            <DictTag code={ORDER_STATUS_DICT} value={detail.status} />
          </Flex>
        }
        extra={
          <Space wrap>
            {detail.editable && (
              <Access code="logistics:order:edit">
                <Button icon={<EditOutlined />} onClick={() => {
                    setFormMounted(true);
                    setEditing(true);
                  }} data-testid="order-detail-edit">
                  {t('list.edit')}
                </Button>
              </Access>
            )}
            {detail.cancellable && (
              <Access code="logistics:order:cancel">
                <Button danger icon={<StopOutlined />} onClick={() => setCancelTarget({ id: detail.id, orderNo: detail.orderNo })} data-testid="order-detail-cancel">
                  {t('list.cancel')}
                </Button>
              </Access>
            )}
            <Button icon={<ReloadOutlined />} loading={order.isFetching} onClick={() => void order.refetch()} aria-label={t('detail.refresh')} />
          </Space>
        }
        styles={{ header: { flexWrap: 'wrap', rowGap: 8, paddingBlock: 8 } }}
      >
        <Typography.Title level={5} style={{ marginTop: 0 }}>
          {t('detail.orderInfo')}
        </Typography.Title>
        <OrderInfo detail={detail} />
      </Card>

      <Row gutter={[16, 16]}>
        <Col xs={24} xl={12}>
          <Card size={cardSize} title={t('detail.recipient')} style={{ height: '100%' }} data-testid="order-detail-recipient">
            <Recipient detail={detail} />
          </Card>
        </Col>
        <Col xs={24} xl={12}>
          <Card size={cardSize} title={t('detail.fees')} style={{ height: '100%' }} data-testid="order-detail-fees">
            <Fees detail={detail} />
          </Card>
        </Col>
      </Row>

      <Card size={cardSize} title={t('detail.products')} data-testid="order-detail-products">
        <Products detail={detail} />
      </Card>

      <Card size={cardSize} title={t('detail.parcels')} data-testid="order-detail-parcels">
        <Parcels parcels={detail.parcels} />
      </Card>

      <Card size={cardSize} title={t('detail.tracking')} data-testid="order-detail-tracking">
        <TrackingTimeline events={detail.events} />
      </Card>

      {formMounted && <OrderFormDrawer open={editing} orderId={detail.id} onClose={() => setEditing(false)} />}
      <CancelOrderDialog target={cancelTarget} onClose={() => setCancelTarget(null)} />
    </Flex>
  );
}

function OrderInfo({ detail }: { detail: OrderDetail }) {
  const { t } = useTranslation('logistics');
  const items: DescriptionsProps['items'] = [
    { key: 'orderNo', label: t('order.orderNo'), children: detail.orderNo },
    { key: 'merchantOrderNo', label: t('order.merchantOrderNo'), children: detail.merchantOrderNo },
    { key: 'status', label: t('order.status'), children: <DictTag code={ORDER_STATUS_DICT} value={detail.status} /> },
    { key: 'serviceType', label: t('order.serviceType'), children: <DictTag code="ServiceType" value={detail.serviceType} plain /> },
    { key: 'destinationCountry', label: t('order.destinationCountry'), children: <DictTag code="CountryType" value={detail.destinationCountry} plain /> },
    { key: 'warehouse', label: t('order.warehouse'), children: <DictTag code="LogisticsWarehouse" value={detail.warehouseCode} plain /> },
    { key: 'waybillNo', label: t('order.waybillNo'), children: orDash(detail.waybillNo) },
    { key: 'itemQuantity', label: t('order.itemQuantity'), children: formatCount(detail.itemQuantity) },
    { key: 'merchandiseValue', label: t('order.merchandiseValue'), children: money(detail.merchandiseValue, detail.currency) },
    { key: 'createdAt', label: t('order.createdAt'), children: formatDateTime(detail.createdAt) },
    { key: 'statusUpdatedAt', label: t('order.statusUpdatedAt'), children: formatDateTime(detail.statusUpdatedAt) },
    { key: 'remark', label: t('order.remark'), children: orDash(detail.remark) },
  ];
  return <Descriptions size="small" column={DESCRIPTION_COLUMNS} items={items} data-testid="order-detail-info" />;
}

function Recipient({ detail }: { detail: OrderDetail }) {
  const { t } = useTranslation('logistics');
  const { recipient } = detail;
  const items: DescriptionsProps['items'] = [
    { key: 'name', label: t('recipient.name'), children: recipient.name },
    { key: 'phone', label: t('recipient.phone'), children: recipient.phone },
    { key: 'province', label: t('recipient.province'), children: orDash(recipient.province) },
    { key: 'city', label: t('recipient.city'), children: orDash(recipient.city) },
    { key: 'district', label: t('recipient.district'), children: orDash(recipient.district) },
    { key: 'town', label: t('recipient.town'), children: orDash(recipient.town) },
    { key: 'postcode', label: t('recipient.postcode'), children: orDash(recipient.postcode) },
    { key: 'address', label: t('recipient.address'), children: recipient.address, span: 'filled' },
  ];
  return <Descriptions size="small" column={{ xs: 1, sm: 2 }} items={items} />;
}

function Fees({ detail }: { detail: OrderDetail }) {
  const { t } = useTranslation('logistics');
  const items: DescriptionsProps['items'] = [
    { key: 'declaredWeight', label: t('detail.declaredWeight'), children: weight(detail.declaredWeight) },
    { key: 'actualWeight', label: t('detail.actualWeight'), children: weight(detail.actualWeight) },
    { key: 'size', label: t('detail.size'), children: size(detail.length, detail.width, detail.height) },
    { key: 'chargeableWeight', label: t('detail.chargeableWeight'), children: weight(detail.chargeableWeight) },
    { key: 'freightQuote', label: t('detail.freightQuote'), children: money(detail.freightQuote, detail.freightCurrency) },
    { key: 'freightCharge', label: t('detail.freightCharge'), children: money(detail.freightCharge, detail.freightCurrency) },
  ];
  return <Descriptions size="small" column={{ xs: 1, sm: 2 }} items={items} />;
}

type ItemRow = OrderDetail['items'][number] & { key: number };

function Products({ detail }: { detail: OrderDetail }) {
  const { t } = useTranslation('logistics');
  const rows: ItemRow[] = detail.items.map((item, index) => ({ ...item, key: index }));
  return (
    <Table<ItemRow>
      size="small"
      rowKey="key"
      dataSource={rows}
      pagination={false}
      scroll={{ x: 'max-content' }}
      columns={[
        { key: 'name', dataIndex: 'name', title: t('item.name') },
        { key: 'category', dataIndex: 'categoryName', title: t('item.category') },
        { key: 'specifications', dataIndex: 'specifications', title: t('item.specifications'), render: (value: string) => orDash(value) },
        { key: 'material', dataIndex: 'material', title: t('item.material'), render: (value: string) => orDash(value) },
        { key: 'unitPrice', dataIndex: 'unitPrice', title: t('item.unitPrice'), align: 'right', render: (_value, item) => money(item.unitPrice, item.currency) },
        { key: 'quantity', dataIndex: 'quantity', title: t('item.quantity'), align: 'right', render: (value: number) => formatCount(value) },
        { key: 'subtotal', title: t('item.subtotal'), align: 'right', render: (_value, item) => money(lineTotal(item.unitPrice, item.quantity, item.currency), item.currency) },
      ]}
      summary={() => (
        <Table.Summary.Row>
          <Table.Summary.Cell index={0} colSpan={5}>
            <Typography.Text strong>{t('detail.total')}</Typography.Text>
          </Table.Summary.Cell>
          <Table.Summary.Cell index={5} align="right">
            <Typography.Text strong>{formatCount(detail.itemQuantity)}</Typography.Text>
          </Table.Summary.Cell>
          <Table.Summary.Cell index={6} align="right">
            <Typography.Text strong data-testid="order-detail-products-total">
              {money(detail.merchandiseValue, detail.currency)}
            </Typography.Text>
          </Table.Summary.Cell>
        </Table.Summary.Row>
      )}
    />
  );
}

function Parcels({ parcels }: { parcels: readonly ParcelRecord[] }) {
  const { t } = useTranslation('logistics');
  if (parcels.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('detail.noParcels')} />;
  return (
    <Table<ParcelRecord>
      size="small"
      rowKey="id"
      dataSource={[...parcels]}
      pagination={false}
      scroll={{ x: 'max-content' }}
      columns={[
        { key: 'trackingNo', dataIndex: 'trackingNo', title: t('parcel.trackingNo') },
        { key: 'logisticsOrderNo', dataIndex: 'logisticsOrderNo', title: t('parcel.logisticsOrderNo'), render: (value: string | null) => orDash(value) },
        { key: 'status', dataIndex: 'status', title: t('parcel.status'), render: (value: string) => <DictTag code="ParcelStatus" value={value} /> },
        { key: 'weight', dataIndex: 'weight', title: t('parcel.weight'), align: 'right', render: (value: string | null) => weight(value) },
        { key: 'size', title: t('parcel.size'), render: (_value, parcel) => size(parcel.length, parcel.width, parcel.height) },
        { key: 'warehouse', dataIndex: 'warehouseCode', title: t('parcel.warehouse'), render: (value: string | null) => (value ? <DictTag code="LogisticsWarehouse" value={value} plain /> : '-') },
        { key: 'storageTime', dataIndex: 'storageTime', title: t('parcel.storageTime'), render: (value: string | null) => orDash(formatDateTime(value)) },
        { key: 'shipmentTime', dataIndex: 'shipmentTime', title: t('parcel.shipmentTime'), render: (value: string | null) => orDash(formatDateTime(value)) },
      ]}
    />
  );
}
