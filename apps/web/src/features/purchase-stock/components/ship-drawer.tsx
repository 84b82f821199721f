import { useState } from 'react';
import { Button, Col, Descriptions, Drawer, Flex, Form, Input, Result, Row, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CountryCode, ServiceType } from '@portal/shared/logistics';
import { decimalPattern } from '@portal/shared/money';
import { DictSelect } from '../../../components/dict-select.tsx';
import { DictTag } from '../../../components/dict-tag.tsx';
import { ServerError } from '../../../components/server-error.tsx';
import { formatMoney } from '../../../lib/format.ts';
import { useShipStock, type StockItemRecord, type StockShipInput, type StockShipResult } from '../api/stock-items.ts';

/** Where the merchant finds the order made (the international order list). */
export const ORDERS_PATH = '/logistics/international-order';

export type ShipFormValues = {
  merchantOrderNo: string;
  serviceType: ServiceType;
  destinationCountry: CountryCode;
  weight: string;
  recipient: { name: string; phone: string; address: string; province?: string; city?: string; postcode?: string };
  remark?: string;
};

// the server's own rules (logistics-schemas.ts), said here before sending
const WEIGHT = decimalPattern(3);
const PHONE = /^\+?[0-9][0-9 -]{3,30}$/;
const REFERENCE = /^[A-Za-z0-9_-]+$/;

const trimmedOrUndefined = (value: string | undefined) => {
  const text = value?.trim() ?? '';
  return text === '' ? undefined : text;
};

/** The request of the form's values for the selected items. */
export function toShipInput(values: ShipFormValues, items: readonly StockItemRecord[]): StockShipInput {
  const { recipient } = values;
  return {
    stockItemIds: items.map((item) => item.id),
    order: {
      merchantOrderNo: values.merchantOrderNo.trim(),
      serviceType: values.serviceType,
      destinationCountry: values.destinationCountry,
      weight: values.weight.trim(),
      recipient: {
        name: recipient.name.trim(),
        phone: recipient.phone.trim(),
        address: recipient.address.trim(),
        province: trimmedOrUndefined(recipient.province),
        city: trimmedOrUndefined(recipient.city),
        postcode: trimmedOrUndefined(recipient.postcode),
      },
      remark: trimmedOrUndefined(values.remark),
    },
  };
}

type Props = { open: boolean; items: readonly StockItemRecord[]; onClose: () => void; onShipped?: (result: StockShipResult) => void };

const HALF = { xs: 24, sm: 12 };

/**
 * "Ship abroad": an international logistics order from the selected stock items. The items are shown
 * as they will go on the order (one product each, at the price they were bought); the merchant gives
 * the recipient, destination, service, declared weight and their own order number. After the server
 * made the order, its number and the way to the order list. The body mounts with each opening, so a
 * new opening starts with an empty form.
 */
export function ShipDrawer({ open, items, onClose, onShipped }: Props) {
  const { t } = useTranslation('purchase-stock');
  return (
    <Drawer open={open} onClose={onClose} title={t('ship.title')} size="large" destroyOnHidden>
      {open && <ShipForm items={items} onClose={onClose} onShipped={onShipped} />}
    </Drawer>
  );
}

function ShipForm({ items, onClose, onShipped }: Omit<Props, 'open'>) {
  const { t } = useTranslation('purchase-stock');
  const [form] = Form.useForm<ShipFormValues>();
  const ship = useShipStock();
  const [done, setDone] = useState<StockShipResult | null>(null);

  const required = (label: string) => ({ required: true, whitespace: true, message: t('ship.required', { label }) });
  const submit = (values: ShipFormValues) =>
    ship.mutate(toShipInput(values, items), {
      onSuccess: (result) => {
        setDone(result);
        onShipped?.(result);
      },
    });
  const warehouse = items[0]?.warehouseCode ?? '';

  if (done) {
    return (
      <Result
        status="success"
        title={<span data-testid="ship-created">{t('ship.created', { orderNo: done.orderNo })}</span>}
        subTitle={t('ship.createdHint')}
        extra={
          <Link to={ORDERS_PATH} data-testid="ship-orders-link">
            {t('ship.openOrders')}
          </Link>
        }
      />
    );
  }
  return (
    <>
      <ServerError error={ship.error} />
      <Typography.Title level={5}>{t('ship.items')}</Typography.Title>
      <Descriptions size="small" items={[{ key: 'warehouse', label: t('ship.warehouse'), children: <DictTag code="LogisticsWarehouse" value={warehouse} /> }]} style={{ marginBottom: 8 }} />
      <Table<StockItemRecord>
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={[...items]}
        data-testid="ship-items"
        columns={[
          { dataIndex: 'title', title: t('stock.title'), ellipsis: true },
          { dataIndex: 'skuText', title: t('stock.skuText'), ellipsis: true },
          { dataIndex: 'quantity', title: t('common.quantity'), align: 'right', width: 100 },
          { dataIndex: 'unitPrice', title: t('stock.unitPrice'), align: 'right', width: 120, render: (price: string) => formatMoney(price) },
        ]}
        style={{ marginBottom: 24 }}
      />
      <Form<ShipFormValues> form={form} name="ship" layout="vertical" onFinish={submit} initialValues={{ serviceType: 'BASE' }}>
        <Typography.Title level={5}>{t('ship.recipient')}</Typography.Title>
        <Row gutter={12}>
          <Col {...HALF}>
            <Form.Item name={['recipient', 'name']} label={t('ship.recipientName')} rules={[required(t('ship.recipientName'))]}>
              <Input maxLength={100} autoComplete="off" />
            </Form.Item>
          </Col>
          <Col {...HALF}>
            <Form.Item name={['recipient', 'phone']} label={t('ship.recipientPhone')} rules={[required(t('ship.recipientPhone')), { pattern: PHONE, message: t('ship.phoneRule') }]}>
              <Input maxLength={32} autoComplete="off" />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name={['recipient', 'address']} label={t('ship.address')} rules={[required(t('ship.address'))]}>
              <Input maxLength={300} autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={8}>
            <Form.Item name={['recipient', 'province']} label={t('ship.province')}>
              <Input maxLength={64} autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={8}>
            <Form.Item name={['recipient', 'city']} label={t('ship.city')}>
              <Input maxLength={64} autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={8}>
            <Form.Item name={['recipient', 'postcode']} label={t('ship.postcode')}>
              <Input maxLength={16} autoComplete="off" />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={12}>
          <Col {...HALF}>
            <Form.Item name="destinationCountry" label={t('ship.destinationCountry')} rules={[{ required: true, message: t('ship.required', { label: t('ship.destinationCountry') }) }]}>
              <DictSelect code="CountryType" />
            </Form.Item>
          </Col>
          <Col {...HALF}>
            <Form.Item name="serviceType" label={t('ship.serviceType')} rules={[{ required: true, message: t('ship.required', { label: t('ship.serviceType') }) }]}>
              <DictSelect code="ServiceType" allowClear={false} />
            </Form.Item>
          </Col>
          <Col {...HALF}>
            <Form.Item
              name="weight"
              label={t('ship.weight')}
              rules={[
                required(t('ship.weight')),
                {
                  validator: (_: unknown, value: string | undefined) => {
                    const text = (value ?? '').trim();
                    if (!text || (WEIGHT.test(text) && /[1-9]/.test(text))) return Promise.resolve();
                    return Promise.reject(new Error(t('ship.weightRule')));
                  },
                },
              ]}
            >
              <Input inputMode="decimal" suffix="kg" maxLength={12} autoComplete="off" />
            </Form.Item>
          </Col>
          <Col {...HALF}>
            <Form.Item name="merchantOrderNo" label={t('ship.merchantOrderNo')} rules={[required(t('ship.merchantOrderNo')), { pattern: REFERENCE, message: t('ship.referenceRule') }]}>
              <Input maxLength={64} autoComplete="off" />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="remark" label={t('ship.remark')}>
              <Input.TextArea maxLength={500} rows={2} />
            </Form.Item>
          </Col>
        </Row>
      </Form>
      <Flex justify="end" gap={8}>
        <Button onClick={onClose}>{t('ship.cancel')}</Button>
        <Button type="primary" loading={ship.isPending} onClick={() => form.submit()} data-testid="ship-submit">
          {t('ship.submit')}
        </Button>
      </Flex>
    </>
  );
}
