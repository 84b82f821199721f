import { useMemo, useRef, useState } from 'react';
import { Alert, Button, Card, Col, Descriptions, Empty, Form, Input, Row, Space, Tag, type InputRef } from 'antd';
import { ScanOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { WarehouseCode } from '@portal/shared/logistics';
import type { ReceiveStatus } from '@portal/shared/purchase-stock-schemas';
import { DictSelect } from '../../../components/dict-select.tsx';
import { ExportButton } from '../../../components/export-button.tsx';
import { ListPage } from '../../../components/list-page/list-page.tsx';
import type { ListPageConfig } from '../../../components/list-page/list-config.ts';
import { textKey } from '../../../components/list-page/text-key.ts';
import { PURCHASE_PLATFORM_OPTIONS } from '../../../entities/purchase-platform/platforms.ts';
import { withinPages } from '../../../components/list-page/within-pages.ts';
import { HttpError } from '../../../lib/http.ts';
import { useCan } from '../../../lib/permissions.ts';
import { exportPurchaseReceipts, listPurchaseReceipts, PURCHASE_RECEIPTS_KEY, useReceivePurchase, type PurchaseReceiveResult, type WarehousePurchaseRecord } from '../api/purchase-receipts.ts';
import { tenantQueryField } from '../../../entities/tenant/tenant-options.ts';

export const PURCHASE_SCAN_PERMISSION = 'warehouse:purchase-receive:scan';

const TABS: readonly ReceiveStatus[] = ['SELLER_SHIPPED', 'IN_STOCK'];

type Scan = { expressNo: string; result: PurchaseReceiveResult | null; message: string | null };
type FormValues = { expressNo: string; warehouseCode: WarehouseCode };

function purchaseList(status: ReceiveStatus): ListPageConfig<WarehousePurchaseRecord> {
  return {
    id: 'warehouse-purchase-receive',
    rowKey: 'id',
    queryKey: [...PURCHASE_RECEIPTS_KEY, { status }],
    fetcher: withinPages((params, signal) => listPurchaseReceipts({ ...params, status }, signal)),
    defaultSort: { column: 'createdAt', order: 'desc' },
    query: [
      { name: 'expressNo', label: textKey('purchase-stock', 'receive.expressNo'), type: 'input', placeholder: 'components.query.numberPlaceholder' },
      { name: 'purchaseNo', label: textKey('purchase-stock', 'common.purchaseNo'), type: 'input', placeholder: 'components.query.numberPlaceholder' },
      tenantQueryField(textKey('purchase-stock', 'common.tenant')),
      { name: 'warehouseCode', label: textKey('purchase-stock', 'common.warehouse'), type: 'dict', dict: 'LogisticsWarehouse', hidden: true },
      // the server takes receivedFrom / receivedTo (range-params.ts)
      { name: 'received', label: textKey('purchase-stock', 'common.receivedAt'), type: 'date-range', hidden: true },
    ],
    columns: [
      { dataIndex: 'expressNo', title: textKey('purchase-stock', 'receive.expressNo'), width: 180, fixed: 'left' },
      { dataIndex: 'expressCompany', title: textKey('purchase-stock', 'receive.expressCompany'), width: 120 },
      { dataIndex: 'purchaseNo', title: textKey('purchase-stock', 'common.purchaseNo'), width: 170 },
      { dataIndex: 'preOrderNo', title: textKey('purchase-stock', 'common.preOrderNo'), width: 170 },
      { dataIndex: 'tenantName', title: textKey('purchase-stock', 'common.tenant'), width: 150 },
      {
        dataIndex: 'platform',
        title: textKey('purchase-stock', 'common.platform'),
        width: 90,
        options: PURCHASE_PLATFORM_OPTIONS,
      },
      { dataIndex: 'storeName', title: textKey('purchase-stock', 'receive.storeName'), width: 150, format: 'ellipsis' },
      { dataIndex: 'lineCount', title: textKey('purchase-stock', 'receive.lineCount'), width: 80, align: 'right', format: 'count' },
      { dataIndex: 'quantity', title: textKey('purchase-stock', 'common.quantity'), width: 80, align: 'right', format: 'count' },
      { dataIndex: 'warehouseCode', title: textKey('purchase-stock', 'common.warehouse'), width: 110, dict: 'LogisticsWarehouse' },
      { dataIndex: 'shippedAt', title: textKey('purchase-stock', 'receive.shippedAt'), width: 170, format: 'dateTime' },
      { dataIndex: 'receivedAt', title: textKey('purchase-stock', 'common.receivedAt'), width: 170, format: 'dateTime' },
    ],
  };
}

function ResultPanel({ last }: { last: Scan | null }) {
  const { t } = useTranslation('purchase-stock');
  if (!last) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('receive.resultEmpty')} />;
  if (!last.result) return <Alert type="error" showIcon title={t('receive.refused', { expressNo: last.expressNo })} description={<span data-testid="purchase-receive-error">{last.message}</span>} />;
  const { result } = last;
  return (
    <div data-testid="purchase-receive-result">
      <Alert type="success" showIcon title={t('receive.received', { expressNo: result.expressNo })} style={{ marginBottom: 12 }} />
      <Descriptions
        column={1}
        size="small"
        bordered
        items={[
          { key: 'tenant', label: t('common.tenant'), children: result.tenantName },
          { key: 'purchaseNos', label: t('receive.purchaseNos'), children: result.purchaseNos.map((no) => <Tag key={no}>{no}</Tag>) },
          { key: 'items', label: t('receive.items'), children: t('receive.itemsText', { count: result.itemCount, quantity: result.quantity }) },
        ]}
      />
    </div>
  );
}

function ScanForm({ onScanned }: { onScanned: (scan: Scan) => void }) {
  const { t } = useTranslation('purchase-stock');
  const [form] = Form.useForm<FormValues>();
  const input = useRef<InputRef>(null);
  const receive = useReceivePurchase();
  const refocus = () => window.setTimeout(() => input.current?.focus({ cursor: 'all' }), 0);
  const submit = (values: FormValues) => {
    const expressNo = values.expressNo.trim();
    receive.mutate(
      { expressNo, warehouseCode: values.warehouseCode },
      {
        onSuccess: (result) => {
          onScanned({ expressNo, result, message: null });
          form.setFieldsValue({ expressNo: '' });
          refocus();
        },
        onError: (error) => {
          // the HTTP client words a 404 generically: say which number was not found
          const message = error instanceof HttpError && error.status === 404 ? t('receive.notFound', { expressNo }) : error.message;
          onScanned({ expressNo, result: null, message });
          refocus();
        },
      },
    );
  };
  return (
    <Card
      title={
        <Space>
          <ScanOutlined />
          {t('receive.scanTitle')}
        </Space>
      }
    >
      <Form<FormValues> form={form} name="purchase-receive" layout="vertical" onFinish={submit} requiredMark={false}>
        <Form.Item name="warehouseCode" label={t('receive.warehouse')} rules={[{ required: true, message: t('receive.warehouseRequired') }]} style={{ maxWidth: 280 }}>
          <DictSelect code="LogisticsWarehouse" allowClear={false} />
        </Form.Item>
        <Form.Item name="expressNo" label={t('receive.expressNo')} rules={[{ required: true, whitespace: true, message: t('receive.expressRequired') }]} extra={t('receive.hint')}>
          <Input ref={input} size="large" autoFocus autoComplete="off" spellCheck={false} maxLength={64} prefix={<ScanOutlined />} placeholder={t('receive.expressPlaceholder')} style={{ fontSize: 20, fontFamily: 'monospace' }} />
        </Form.Item>
        <Button type="primary" htmlType="submit" size="large" icon={<ScanOutlined />} loading={receive.isPending} data-testid="purchase-receive-submit">
          {t('receive.submit')}
        </Button>
      </Form>
    </Card>
  );
}

/**
 * Purchased goods into the warehouse (platform): the seller's parcel is scanned by its domestic
 * express number and its purchase orders become the merchant's stock. Below, the purchase orders of
 * every merchant awaiting their goods, and those received.
 */
export function PurchaseReceivePage() {
  const { t } = useTranslation('purchase-stock');
  const can = useCan();
  const [last, setLast] = useState<Scan | null>(null);
  const [tab, setTab] = useState<ReceiveStatus>('SELLER_SHIPPED');
  const config = useMemo(() => purchaseList(tab), [tab]);
  return (
    <Row gutter={[16, 16]}>
      {can(PURCHASE_SCAN_PERMISSION) ? (
        <>
          <Col xs={24} xl={14}>
            <ScanForm onScanned={setLast} />
          </Col>
          <Col xs={24} xl={10}>
            <Card title={t('receive.result')} style={{ height: '100%' }}>
              <div aria-live="polite">
                <ResultPanel last={last} />
              </div>
            </Card>
          </Col>
        </>
      ) : (
        <Col span={24}>
          <Alert type="info" showIcon title={t('receive.noPermission')} />
        </Col>
      )}
      <Col span={24}>
        <Card tabList={TABS.map((key) => ({ key, label: t(`receive.tabs.${key}`) }))} activeTabKey={tab} onTabChange={(key) => setTab(key as ReceiveStatus)} tabProps={{ size: 'middle' }}>
          <ListPage
            config={config}
            exportSlot={(params) => <ExportButton code="warehouse:purchase-receive:export" label={t('common.export')} run={(timeZone) => exportPurchaseReceipts({ ...params, status: tab }, timeZone)} />}
          />
        </Card>
      </Col>
    </Row>
  );
}
