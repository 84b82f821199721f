import { useState } from 'react';
import { Alert, Button, Card, Col, Form, Input, Popconfirm, Row, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { CheckCircleFilled, CloseCircleFilled, ExportOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ListPage } from '../../../components/list-page/list-page.tsx';
import type { ListPageConfig } from '../../../components/list-page/list-config.ts';
import { formatMoney } from '../../../lib/format.ts';
import { useCan } from '../../../lib/permissions.ts';
import { listWarehouseOrders, ORDER_LIST_KEY, type WarehouseOrder, useShipOut, type ShipOutResult } from '../api/orders.ts';
import { mergeOrderNumbers, parseOrderNumbers } from '../order-numbers.ts';
import { textKey } from '../../../components/list-page/text-key.ts';

export const SHIP_OUT_PERMISSION = 'warehouse:ship-out:scan';
/** The contract's limit of one ship-out (shipOutInput). */
export const SHIP_OUT_MAX = 500;
const ORDER_NO_MAX_LENGTH = 32;
const WAYBILL_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/** Orders in the warehouse (WHIN), every tenant's: the ones that can ship out. */
export const WHIN_ORDER_LIST: ListPageConfig<WarehouseOrder> = {
  id: 'warehouse-ship-out',
  rowKey: 'orderNo',
  queryKey: [...ORDER_LIST_KEY, 'WHIN'],
  fetcher: (params, signal) => listWarehouseOrders({ ...params, status: 'WHIN' }, signal),
  // the parcels that have waited longest first
  defaultSort: { column: 'createdAt', order: 'asc' },
  query: [
    { name: 'orderNo', label: textKey('warehouse', 'order.orderNo'), type: 'input' },
    { name: 'waybillNo', label: textKey('warehouse', 'order.waybillNo'), type: 'input', hidden: true },
    { name: 'destinationCountry', label: textKey('warehouse', 'order.destinationCountry'), type: 'dict', dict: 'CountryType' },
    { name: 'warehouseCode', label: textKey('warehouse', 'order.warehouse'), type: 'dict', dict: 'LogisticsWarehouse' },
    // createdFrom / createdTo (range-params.ts)
    { name: 'created', label: textKey('warehouse', 'order.createdAt'), type: 'date-range', hidden: true },
  ],
  columns: [
    { dataIndex: 'orderNo', title: textKey('warehouse', 'order.orderNo'), width: 170 },
    { dataIndex: 'tenantName', title: textKey('warehouse', 'common.tenant'), width: 140 },
    { dataIndex: 'merchantOrderNo', title: textKey('warehouse', 'order.merchantOrderNo'), width: 160 },
    { dataIndex: 'destinationCountry', title: textKey('warehouse', 'order.destinationCountry'), width: 110, dict: 'CountryType' },
    { dataIndex: 'serviceType', title: textKey('warehouse', 'order.serviceType'), width: 110, dict: 'ServiceType' },
    { dataIndex: 'warehouseCode', title: textKey('warehouse', 'order.warehouse'), width: 110, dict: 'LogisticsWarehouse' },
    { dataIndex: 'weight', title: textKey('warehouse', 'order.weight'), width: 110, align: 'right', format: 'weight' },
    { dataIndex: 'itemQuantity', title: textKey('warehouse', 'order.itemQuantity'), width: 90, align: 'right', format: 'count' },
    { key: 'freight', title: textKey('warehouse', 'order.freight'), width: 130, align: 'right', render: (order) => (order.freight ? `${formatMoney(order.freight)} ${order.freightCurrency ?? ''}` : '') },
    { dataIndex: 'statusUpdatedAt', title: textKey('warehouse', 'order.receivedAt'), width: 170, format: 'dateTime' },
    { dataIndex: 'createdAt', title: textKey('warehouse', 'order.createdAt'), width: 170, format: 'dateTime', sorter: true },
  ],
};

function ShipOutResults({ results, onClose }: { results: ShipOutResult[]; onClose: () => void }) {
  const { t } = useTranslation('warehouse');
  const ok = results.filter((result) => result.ok).length;
  const columns: TableColumnsType<ShipOutResult> = [
    { key: 'orderNo', title: t('order.orderNo'), width: 200, render: (_, result) => <Typography.Text code>{result.orderNo}</Typography.Text> },
    {
      key: 'outcome',
      title: t('common.outcome'),
      width: 110,
      render: (_, result) =>
        result.ok ? (
          <Tag color="success" icon={<CheckCircleFilled />}>
            {t('common.success')}
          </Tag>
        ) : (
          <Tag color="error" icon={<CloseCircleFilled />}>
            {t('common.failed')}
          </Tag>
        ),
    },
    { key: 'message', title: t('shipOut.message'), render: (_, result) => (result.ok ? result.message : <Typography.Text type="danger">{result.message}</Typography.Text>) },
  ];
  return (
    <Card title={t('shipOut.results')} extra={<Button size="small" onClick={onClose}>{t('common.close')}</Button>} data-testid="ship-out-results">
      <Alert
        type={ok === results.length ? 'success' : ok === 0 ? 'error' : 'warning'}
        showIcon
        title={t('shipOut.resultSummary', { ok, failed: results.length - ok })}
        style={{ marginBottom: 12 }}
      />
      <Table<ShipOutResult> size="small" rowKey="orderNo" columns={columns} dataSource={results} pagination={results.length > 20 ? { pageSize: 20, showSizeChanger: false } : false} />
    </Card>
  );
}

/**
 * Ship out (platform): orders in the warehouse, chosen in the list or pasted / scanned into the box,
 * leave with the line-haul waybill number; the server moves each to WHOUT and answers per order.
 */
export function ShipOutPage() {
  const { t } = useTranslation('warehouse');
  const can = useCan();
  const queryClient = useQueryClient();
  const shipOut = useShipOut();
  const [selected, setSelected] = useState<string[]>([]);
  const [typed, setTyped] = useState('');
  const [waybill, setWaybill] = useState('');
  const [results, setResults] = useState<ShipOutResult[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const typedNumbers = parseOrderNumbers(typed);
  const orderNos = mergeOrderNumbers(selected, typedNumbers);
  const waybillNo = waybill.trim();
  const waybillError = waybillNo && !WAYBILL_PATTERN.test(waybillNo) ? t('shipOut.waybillRule') : null;
  const tooLong = typedNumbers.find((number) => number.length > ORDER_NO_MAX_LENGTH);
  const numbersError = orderNos.length > SHIP_OUT_MAX ? t('shipOut.tooMany', { max: SHIP_OUT_MAX, count: orderNos.length }) : tooLong ? t('shipOut.tooLong', { number: tooLong.slice(0, 40) }) : null;
  const canSend = orderNos.length > 0 && !waybillError && !numbersError;

  const send = () => {
    if (!canSend) return;
    setFailure(null);
    shipOut.mutate(
      { orderNos, ...(waybillNo ? { waybillNo } : {}) },
      {
        onSuccess: (answer) => {
          setResults(answer);
          const shipped = new Set(answer.filter((result) => result.ok).map((result) => result.orderNo));
          // what shipped leaves the selection and the box; what failed stays there to be looked at
          setSelected((current) => current.filter((orderNo) => !shipped.has(orderNo)));
          setTyped(
            parseOrderNumbers(typed)
              .filter((orderNo) => !shipped.has(orderNo))
              .join('\n'),
          );
          if (shipped.size > 0) setWaybill('');
          void queryClient.invalidateQueries({ queryKey: ORDER_LIST_KEY });
        },
        onError: (error) => setFailure(error.message),
      },
    );
  };

  return (
    <Row gutter={[16, 16]}>
      {can(SHIP_OUT_PERMISSION) && (
        <Col span={24}>
          <Card
            title={
              <Space>
                <ExportOutlined />
                {t('shipOut.title')}
              </Space>
            }
          >
            {/* no <form>: Enter in the waybill box must not ship anything without the confirmation */}
            <Form layout="vertical" component={false} requiredMark={false}>
              <Row gutter={16}>
                <Col xs={24} md={8}>
                  <Form.Item label={t('shipOut.waybillNo')} htmlFor="shipOut_waybillNo" validateStatus={waybillError ? 'error' : undefined} help={waybillError ?? t('shipOut.waybillHint')}>
                    <Input id="shipOut_waybillNo" value={waybill} onChange={(event) => setWaybill(event.target.value)} maxLength={64} autoComplete="off" spellCheck={false} />
                  </Form.Item>
                </Col>
                <Col xs={24} md={16}>
                  <Form.Item
                    label={t('shipOut.typed')}
                    htmlFor="shipOut_orderNos"
                    validateStatus={numbersError ? 'error' : undefined}
                    help={numbersError ?? t('shipOut.typedHint')}
                  >
                    <Input.TextArea id="shipOut_orderNos" value={typed} onChange={(event) => setTyped(event.target.value)} autoSize={{ minRows: 2, maxRows: 8 }} spellCheck={false} />
                  </Form.Item>
                </Col>
              </Row>
              <Space wrap style={{ marginTop: 8 }}>
                <Popconfirm title={t('shipOut.confirm', { count: orderNos.length })} onConfirm={send} disabled={!canSend}>
                  <Button type="primary" icon={<ExportOutlined />} loading={shipOut.isPending} disabled={!canSend} data-testid="ship-out-submit">
                    {t('shipOut.submit', { count: orderNos.length })}
                  </Button>
                </Popconfirm>
                <Typography.Text type="secondary" data-testid="ship-out-count">
                  {t('shipOut.count', { selected: selected.length, total: orderNos.length })}
                </Typography.Text>
                {selected.length > 0 && (
                  <Button type="link" onClick={() => setSelected([])}>
                    {t('shipOut.clearSelection')}
                  </Button>
                )}
              </Space>
              {failure && <Alert type="error" showIcon title={failure} style={{ marginTop: 12 }} />}
            </Form>
          </Card>
        </Col>
      )}
      {results && (
        <Col span={24}>
          <ShipOutResults results={results} onClose={() => setResults(null)} />
        </Col>
      )}
      <Col span={24}>
        <Card title={t('shipOut.waiting')}>
          <ListPage
            config={WHIN_ORDER_LIST}
            rowSelection={
              can(SHIP_OUT_PERMISSION)
                ? {
                    selectedRowKeys: selected,
                    // rows of other pages stay chosen while the operator pages through
                    preserveSelectedRowKeys: true,
                    onChange: (keys) => setSelected(keys.map(String)),
                  }
                : undefined
            }
          />
        </Card>
      </Col>
    </Row>
  );
}
