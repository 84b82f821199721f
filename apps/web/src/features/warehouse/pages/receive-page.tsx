import { useEffect, useRef, useState, type KeyboardEvent as ReactKeyboardEvent } from 'react';
import { Alert, Button, Card, Col, Descriptions, Empty, Form, Input, Row, Space, Typography, type InputRef } from 'antd';
import { ScanOutlined, WarningOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { WarehouseCode } from '@portal/shared/logistics';
import { RECEIVE_MAX_SIDE_CM, RECEIVE_MAX_WEIGHT_KG } from '@portal/shared/logistics-schemas';
import { decimalPattern } from '@portal/shared/money';
import { DictSelect } from '../../../components/dict-select.tsx';
import { DictTag } from '../../../components/dict-tag.tsx';
import { ListPage } from '../../../components/list-page/list-page.tsx';
import type { ListPageConfig } from '../../../components/list-page/list-config.ts';
import { useAuth } from '../../../lib/auth.ts';
import { HttpError } from '../../../lib/http.ts';
import { storage, userChoiceKey } from '../../../lib/storage.ts';
import { formatMoney, formatWeight } from '../../../lib/format.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { menuTitle } from '../../../lib/menu-title.ts';
import { useCan } from '../../../lib/permissions.ts';
import { listParcels, PARCEL_LIST_KEY, type WarehouseParcel, useReceiveParcel, type ReceiveInput } from '../api/parcels.ts';
import { textKey } from '../../../components/list-page/text-key.ts';
import { ScanList, type Scan } from '../components/scan-list.tsx';

export const SCAN_PERMISSION = 'warehouse:receive:scan';
/** The receive screen's own "report exception" button; the registration itself is warehouse:exception:add. */
export const REPORT_PERMISSION = 'warehouse:receive:exception';
const EXCEPTION_ADD_PERMISSION = 'warehouse:exception:add';

/**
 * Opens the exception screen's register form for the order just scanned (the form lives with that
 * screen: /warehouse/exception?register=<orderNo>), for goods found damaged, prohibited or unlabelled.
 */
function ReportExceptionButton({ orderNo }: { orderNo: string }) {
  const navigate = useNavigate();
  const language = useLanguage();
  return (
    <Button icon={<WarningOutlined />} onClick={() => void navigate(`/warehouse/exception?register=${encodeURIComponent(orderNo)}`)} data-testid="receive-report-exception" style={{ marginTop: 12 }}>
      {menuTitle('button.reportException', language)}
    </Button>
  );
}

/** The warehouse an operator works at: chosen once, remembered for that user on this computer. */
const warehouseKey = (userId: number) => userChoiceKey(userId, 'RECEIVE_WAREHOUSE');

type FormValues = { number: string; warehouseCode: WarehouseCode; weight: string; length: string; width: string; height: string };
type MeasureName = 'weight' | 'length' | 'width' | 'height';
const MEASURES: MeasureName[] = ['weight', 'length', 'width', 'height'];

/** A scan of this session: what was scanned, and the order it found or why it was refused. */
/** The order the first wrong field is looked for in when a submit is refused. */
const FIELD_ORDER: (keyof FormValues)[] = ['warehouseCode', 'number', 'weight', 'length', 'width', 'height'];
/**
 * Where Enter in a field goes while something is missing: the parcel's own fields first, the warehouse
 * (remembered, so rarely missing) last, so that a weight typed after the scan lands in the weight.
 */
const ENTER_ORDER: (keyof FormValues)[] = ['number', 'weight', 'length', 'width', 'height', 'warehouseCode'];
const FIELD_PREFIX = 'receive_';
/** How many scans the session list keeps: a shift's worth, without slowing the page. */
const SCANS_KEPT = 500;

const WEIGHT_PATTERN = decimalPattern(3);
const LENGTH_PATTERN = decimalPattern(1);
const positive = (value: string) => /[1-9]/.test(value);

export const PARCEL_LIST: ListPageConfig<WarehouseParcel> = {
  id: 'warehouse-parcel',
  rowKey: 'id',
  queryKey: PARCEL_LIST_KEY,
  fetcher: listParcels,
  defaultSort: { column: 'storageTime', order: 'desc' },
  query: [
    { name: 'trackingNo', label: textKey('warehouse', 'parcel.trackingNo'), type: 'input' },
    { name: 'orderNo', label: textKey('warehouse', 'parcel.orderNo'), type: 'input' },
    { name: 'status', label: textKey('warehouse', 'parcel.status'), type: 'dict', dict: 'ParcelStatus' },
    { name: 'warehouseCode', label: textKey('warehouse', 'parcel.warehouse'), type: 'dict', dict: 'LogisticsWarehouse' },
    // the server takes storageFrom / storageTo (range-params.ts)
    { name: 'storage', label: textKey('warehouse', 'parcel.storageTime'), type: 'date-range', hidden: true },
  ],
  columns: [
    { dataIndex: 'trackingNo', title: textKey('warehouse', 'parcel.trackingNo'), width: 180 },
    { dataIndex: 'logisticsOrderNo', title: textKey('warehouse', 'parcel.orderNo'), width: 170 },
    { dataIndex: 'tenantName', title: textKey('warehouse', 'common.tenant'), width: 140 },
    { dataIndex: 'status', title: textKey('warehouse', 'parcel.status'), width: 100, dict: 'ParcelStatus' },
    { dataIndex: 'weight', title: textKey('warehouse', 'parcel.weight'), width: 110, align: 'right', format: 'weight' },
    {
      key: 'dimensions',
      title: textKey('warehouse', 'parcel.dimensions'),
      width: 180,
      render: (parcel) => (parcel.length && parcel.width && parcel.height ? <span style={{ whiteSpace: 'nowrap' }}>{`${parcel.length} × ${parcel.width} × ${parcel.height}`}</span> : ''),
    },
    { dataIndex: 'warehouseCode', title: textKey('warehouse', 'parcel.warehouse'), width: 110, dict: 'LogisticsWarehouse' },
    { dataIndex: 'storageTime', title: textKey('warehouse', 'parcel.storageTime'), width: 170, format: 'dateTime', sorter: true },
    { dataIndex: 'shipmentTime', title: textKey('warehouse', 'parcel.shipmentTime'), width: 170, format: 'dateTime', defaultHidden: true },
    { dataIndex: 'createdAt', title: textKey('warehouse', 'parcel.createdAt'), width: 170, format: 'dateTime', defaultHidden: true },
  ],
};

function ResultPanel({ last }: { last: Scan | null }) {
  const { t } = useTranslation('warehouse');
  const can = useCan();
  if (!last) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('receive.resultEmpty')} />;
  if (!last.result) {
    return (
      <Alert
        type="error"
        showIcon
        title={t('receive.refused', { number: last.number })}
        description={<span data-testid="receive-error">{last.message}</span>}
      />
    );
  }
  const { result } = last;
  return (
    <div data-testid="receive-result">
      <Alert type="success" showIcon title={t('receive.received', { number: last.number })} style={{ marginBottom: 12 }} />
      <Descriptions
        column={1}
        size="small"
        bordered
        items={[
          { key: 'orderNo', label: t('order.orderNo'), children: <Typography.Text strong copyable style={{ fontSize: 16 }}>{result.orderNo}</Typography.Text> },
          { key: 'tenant', label: t('common.tenant'), children: <span data-testid="receive-tenant">{result.tenantName}</span> },
          { key: 'status', label: t('order.status'), children: <DictTag code="LOGOrderStateEnum" value={result.status} /> },
          { key: 'chargeable', label: t('receive.chargeableWeight'), children: result.chargeableWeight ? `${formatWeight(result.chargeableWeight)} kg` : '—' },
          {
            key: 'freight',
            label: t('receive.freightCharge'),
            children: <span data-testid="receive-freight">{result.freightCharge ? `${formatMoney(result.freightCharge)} ${result.freightCurrency ?? ''}`.trim() : t('receive.noRate')}</span>,
          },
        ]}
      />
      {can(REPORT_PERMISSION) && can(EXCEPTION_ADD_PERMISSION) && <ReportExceptionButton orderNo={result.orderNo} />}
    </div>
  );
}

function ScanForm({ onScanned }: { onScanned: (scan: Scan) => void }) {
  const { t } = useTranslation('warehouse');
  const [form] = Form.useForm<FormValues>();
  const numberInput = useRef<InputRef>(null);
  const receive = useReceiveParcel();
  const nextKey = useRef(1);
  const userId = useAuth((state) => state.userInfo?.id);
  const [initialWarehouse] = useState(() => (userId === undefined ? undefined : (storage.get<WarehouseCode>(warehouseKey(userId)) ?? undefined)));
  const rememberWarehouse = (code: unknown) => {
    if (userId === undefined) return;
    if (typeof code === 'string' && code) storage.set(warehouseKey(userId), code);
    else storage.remove(warehouseKey(userId));
  };

  // A measure belongs to the number it was taken for: empty, untouched and without messages for the next one.
  const clearMeasures = () => form.resetFields(MEASURES);

  // a scanner types into whatever has the focus: a key pressed while nothing has it goes to the number
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const idle = document.activeElement === null || document.activeElement === document.body;
      if (idle && event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey) numberInput.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  const refocus = () => {
    // back to the number for the next parcel: a scanner types into whatever has the focus
    window.setTimeout(() => numberInput.current?.focus({ cursor: 'all' }), 0);
  };

  const measureRules = (name: MeasureName, label: string) => [
    { required: true, whitespace: true, message: t('receive.measureRequired', { label }) },
    {
      validator: (_: unknown, value: string | undefined) => {
        const text = (value ?? '').trim();
        if (!text) return Promise.resolve();
        const weight = name === 'weight';
        const ok = (weight ? WEIGHT_PATTERN : LENGTH_PATTERN).test(text) && positive(text);
        if (!ok) return Promise.reject(new Error(weight ? t('receive.weightRule') : t('receive.lengthRule', { label })));
        // the server's limits, said here before sending (a bound, not an amount: a number compares it well)
        const max = weight ? RECEIVE_MAX_WEIGHT_KG : RECEIVE_MAX_SIDE_CM;
        if (Number(text) > max) return Promise.reject(new Error(weight ? t('receive.weightMax', { max }) : t('receive.lengthMax', { label, max })));
        return Promise.resolve();
      },
    },
  ];

  const submit = (values: FormValues) => {
    const input: ReceiveInput = {
      number: values.number.trim(),
      warehouseCode: values.warehouseCode,
      weight: values.weight.trim(),
      length: values.length.trim(),
      width: values.width.trim(),
      height: values.height.trim(),
    };
    const key = nextKey.current++;
    receive.mutate(input, {
      onSuccess: (result) => {
        onScanned({ key, at: new Date(), number: input.number, weight: input.weight, result, message: null });
        // the next parcel is weighed and measured anew; the warehouse stays
        form.setFieldsValue({ number: '' });
        clearMeasures();
        refocus();
      },
      onError: (error) => {
        const message = error instanceof HttpError && error.status === 404 ? t('receive.notFound', { number: input.number }) : error.message;
        onScanned({ key, at: new Date(), number: input.number, weight: input.weight, result: null, message });
        // the number stays (selected, so the next scan replaces it); the measure does not: a scanner's
        // next number and Enter must not send this parcel's measure with another parcel
        clearMeasures();
        refocus();
      },
    });
  };

  // a number typed or scanned anew starts without a measure: none taken before it can be sent with it
  const onValuesChange = (changed: Partial<FormValues>) => {
    if ('number' in changed && MEASURES.some((name) => form.getFieldValue(name) !== undefined)) clearMeasures();
  };

  // Enter in a field with something missing goes to the field to fill next, quietly: a field turns red only
  // once it was left wrong, or when Enter is pressed in it empty (and the warehouse when the walk reaches it)
  const onKeyDown = (event: ReactKeyboardEvent<HTMLFormElement>) => {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    const at = ENTER_ORDER.find((name) => (event.target as HTMLElement).id === FIELD_PREFIX + name);
    // the picker's own Enter chooses an option; the button sends
    if (!at || at === 'warehouseCode') return;
    const missing = ENTER_ORDER.find((name) => !String(form.getFieldValue(name) ?? '').trim());
    if (!missing) return;
    event.preventDefault();
    if (missing === at || missing === 'warehouseCode') form.validateFields([missing]).catch(() => undefined);
    form.focusField(missing);
  };

  // a refused submit (the button, or Enter with every field filled) goes to the first wrong field
  const onFinishFailed = ({ errorFields }: { errorFields: { name: (string | number)[] }[] }) => {
    const first = FIELD_ORDER.find((name) => errorFields.some((field) => field.name[0] === name));
    if (first) form.focusField(first);
  };

  return (
    <Card
      title={
        <Space>
          <ScanOutlined />
          {t('receive.title')}
        </Space>
      }
    >
      <Form<FormValues>
        form={form}
        name="receive"
        layout="vertical"
        onFinish={submit}
        onFinishFailed={onFinishFailed}
        onValuesChange={onValuesChange}
        onKeyDown={onKeyDown}
        initialValues={{ warehouseCode: initialWarehouse }}
        requiredMark={false}
      >
        <Form.Item name="warehouseCode" label={t('receive.warehouse')} rules={[{ required: true, message: t('receive.warehouseRequired') }]} style={{ maxWidth: 280 }}>
          <DictSelect code="LogisticsWarehouse" allowClear={false} onChange={rememberWarehouse} />
        </Form.Item>
        <Form.Item name="number" label={t('receive.number')} rules={[{ required: true, whitespace: true, message: t('receive.numberRequired') }]} extra={t('receive.hint')}>
          <Input
            ref={numberInput}
            size="large"
            autoFocus
            autoComplete="off"
            spellCheck={false}
            maxLength={64}
            prefix={<ScanOutlined />}
            placeholder={t('receive.numberPlaceholder')}
            style={{ fontSize: 22, fontFamily: 'monospace' }}
          />
        </Form.Item>
        <Row gutter={12}>
          <Col xs={24} sm={6}>
            <Form.Item name="weight" label={t('receive.weight')} rules={measureRules('weight', t('receive.weight'))}>
              <Input inputMode="decimal" autoComplete="off" suffix="kg" maxLength={12} />
            </Form.Item>
          </Col>
          {(['length', 'width', 'height'] as const).map((name) => (
            <Col xs={8} sm={6} key={name}>
              <Form.Item name={name} label={t(`receive.${name}`)} rules={measureRules(name, t(`receive.${name}`))}>
                <Input inputMode="decimal" autoComplete="off" suffix="cm" maxLength={10} />
              </Form.Item>
            </Col>
          ))}
        </Row>
        <Button type="primary" htmlType="submit" size="large" icon={<ScanOutlined />} loading={receive.isPending} data-testid="receive-submit">
          {t('receive.submit')}
        </Button>
      </Form>
    </Card>
  );
}

/**
 * Warehouse-in by scan (platform): the parcel's or the order's number, the warehouse, what the scale
 * and the tape say; the server moves the order to WHIN, charges the freight and answers the order and
 * its merchant. Built for a barcode scanner: the number field has the focus after every scan, and
 * Enter anywhere either goes to the field still missing or sends. Below, the received parcels.
 */
export function ReceivePage() {
  const { t } = useTranslation('warehouse');
  const can = useCan();
  const queryClient = useQueryClient();
  const [scans, setScans] = useState<Scan[]>([]);
  const onScanned = (scan: Scan) => {
    setScans((current) => [scan, ...current].slice(0, SCANS_KEPT));
    if (scan.result) void queryClient.invalidateQueries({ queryKey: PARCEL_LIST_KEY });
  };
  const last = scans[0] ?? null;
  return (
    <Row gutter={[16, 16]}>
      {can(SCAN_PERMISSION) ? (
        <>
          <Col xs={24} xl={14}>
            <ScanForm onScanned={onScanned} />
          </Col>
          <Col xs={24} xl={10}>
            <Card title={t('receive.result')} style={{ height: '100%' }}>
              {/* announced to screen readers: the operator's eyes are on the parcel, not the screen */}
              <div aria-live="polite">
                <ResultPanel last={last} />
              </div>
            </Card>
          </Col>
          <Col span={24}>
            <ScanList scans={scans} onClear={() => setScans([])} />
          </Col>
        </>
      ) : (
        <Col span={24}>
          <Alert type="info" showIcon title={t('receive.noPermission')} />
        </Col>
      )}
      <Col span={24}>
        <Card title={t('receive.parcels')}>
          <ListPage config={PARCEL_LIST} />
        </Card>
      </Col>
    </Row>
  );
}
