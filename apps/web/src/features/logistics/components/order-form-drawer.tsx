import { useEffect, useState } from 'react';
import { Alert, App, Button, Col, Drawer, Flex, Form, Grid, Input, Row, Spin, Typography, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import type { OrderDetail } from '@portal/shared/logistics-schemas';
import { isCurrency } from '@portal/shared/money';
import { DictSelect } from '../../../components/dict-select.tsx';
import { BusinessError, HttpError } from '../../../lib/http.ts';
import { formatMoney } from '../../../lib/format.ts';
import { duplicateRule, REMOTE_CHECK_DEBOUNCE_MS, ruleCheckRule } from '../../../lib/remote-checks.ts';
import { useAddOrder, useEditOrder, useOrder, type OrderRef } from '../api/orders.ts';
import { checkMerchantOrderNo, checkPhone, checkSize, checkSizesTogether, checkWeight, emptyItem, LIMITS, merchandiseTotal, toOrderEditInput, toOrderInput, type OrderFormValues } from '../order-rules.ts';
import { serverFieldOf } from '../server-field.ts';
import { FreightQuote } from './freight-quote.tsx';
import { useOrderFormRules } from './order-form-rules.ts';
import { ItemsSection } from './order-items-section.tsx';
import { ParcelWeightPick } from './parcel-weight-pick.tsx';
import { QUARTER, Section, THIRD } from './order-form-section.tsx';

const INITIAL_VALUES: OrderFormValues = { currency: 'CNY', items: [emptyItem()] };

/** The form's values of an order being edited. */
export function formValuesOf(detail: OrderDetail): OrderFormValues {
  return {
    merchantOrderNo: detail.merchantOrderNo,
    serviceType: detail.serviceType,
    destinationCountry: detail.destinationCountry as OrderFormValues['destinationCountry'],
    warehouseCode: detail.warehouseCode as OrderFormValues['warehouseCode'],
    currency: isCurrency(detail.currency) ? detail.currency : undefined,
    weight: detail.declaredWeight,
    length: detail.length ?? '',
    width: detail.width ?? '',
    height: detail.height ?? '',
    recipient: { ...detail.recipient },
    items: detail.items.map((item) => ({
      name: item.name,
      category: item.category,
      quantity: item.quantity,
      specifications: item.specifications,
      material: item.material,
      unitPrice: item.unitPrice,
    })),
    remark: detail.remark,
  };
}

type Props = {
  open: boolean;
  /** the order being edited; null creates one */
  orderId: number | null;
  onClose: () => void;
  /** after a successful save, with the order's id and number */
  onSaved?: (order: OrderRef) => void;
};

/**
 * Create or edit an international order: every field of orderInput, checked here with the
 * server's rules, the products as an editable list (1..50), the merchandise value added up exactly
 * (bigint) and a live freight quote. A refusal of the server is shown on the field it names, or at
 * the top. Editing is possible only while the order is CREATED (the detail's `editable`).
 */
export function OrderFormDrawer({ open, orderId, onClose, onSaved }: Props) {
  const { t } = useTranslation('logistics');
  const { message } = App.useApp();
  const screens = Grid.useBreakpoint();
  const [form] = Form.useForm<OrderFormValues>();
  const [serverError, setServerError] = useState<string | null>(null);
  const editing = orderId !== null;
  const order = useOrder(open && editing ? orderId : null);
  const detail = editing ? order.data : undefined;
  const locked = editing && detail !== undefined && !detail.editable;
  const add = useAddOrder();
  const edit = useEditOrder();
  const saving = add.isPending || edit.isPending;

  useEffect(() => {
    if (open && detail) form.setFieldsValue(formValuesOf(detail));
  }, [open, detail, form]);

  const { message: ruleMessage, check, text, selected } = useOrderFormRules();

  const fail = (error: Error) => {
    const status = error instanceof HttpError ? error.status : error instanceof BusinessError ? 200 : null;
    // a lost session is announced and handled by the HTTP client
    if (status === 401) return;
    const values = form.getFieldsValue(true) as OrderFormValues;
    let path = status === 400 || status === 409 ? serverFieldOf(error.message, values.items?.length ?? 0) : null;
    // a duplicate merchant order number (409) names the number, not the field
    const merchantNo = (values.merchantOrderNo ?? '').trim();
    if (!path && status === 409 && merchantNo && error.message.includes(merchantNo)) path = ['merchantOrderNo'];
    if (path) {
      // a path checked against the form's fields by serverFieldOf; antd types it by the values' shape
      form.setFields([{ name: path as Parameters<typeof form.setFields>[0][number]['name'], errors: [error.message] }]);
      form.scrollToField(path, { block: 'center' });
      setServerError(null);
    } else {
      setServerError(error.message || t('form.serverError'));
    }
  };

  const submit = async () => {
    setServerError(null);
    const firstError = await form.validateFields().then(
      () => null,
      (failure: { errorFields?: { name: (string | number)[] }[] }) => failure.errorFields?.[0]?.name ?? [],
    );
    if (firstError) {
      // validateFields does not scroll (the form's scrollToFirstError is for its own submit)
      if (firstError.length > 0) form.scrollToField(firstError, { block: 'center' });
      return;
    }
    const values = form.getFieldsValue(true) as OrderFormValues;
    const done = (saved: OrderRef) => {
      const orderNo = saved.orderNo;
      message.success(editing ? t('form.saved', { orderNo }) : t('form.created', { orderNo }));
      onSaved?.(saved);
      onClose();
    };
    if (editing) edit.mutate(toOrderEditInput(orderId, values), { onSuccess: done, onError: fail });
    else add.mutate(toOrderInput(values), { onSuccess: done, onError: fail });
  };

  const afterOpenChange = (visible: boolean) => {
    if (visible) return;
    form.resetFields();
    setServerError(null);
    add.reset();
    edit.reset();
  };

  const title = editing ? t('form.editTitle', { orderNo: detail?.orderNo ?? '' }) : t('form.createTitle');
  const loading = editing && order.isPending;

  return (
    <Drawer
      open={open}
      title={title}
      size={screens.lg ? 920 : '100%'}
      onClose={onClose}
      afterOpenChange={afterOpenChange}
      forceRender
      mask={{ closable: false }}
      footer={
        <Flex justify="space-between" align="center" gap={12} wrap>
          <FormSummary form={form} />
          <Flex gap={8}>
            <Button onClick={onClose}>{t('form.cancel')}</Button>
            <Button type="primary" loading={saving} disabled={loading || locked || (editing && !detail)} onClick={() => void submit()} data-testid="order-form-submit">
              {editing ? t('form.save') : t('form.submit')}
            </Button>
          </Flex>
        </Flex>
      }
    >
      {loading && (
        <Flex justify="center" style={{ padding: 48 }}>
          <Spin description={t('form.loading')} />
        </Flex>
      )}
      {editing && order.isError && <Alert type="error" showIcon title={order.error.message} style={{ marginBottom: 16 }} />}
      {locked && <Alert type="warning" showIcon title={t('form.notEditable')} style={{ marginBottom: 16 }} data-testid="order-form-locked" />}
      {serverError && <Alert type="error" showIcon title={serverError} style={{ marginBottom: 16 }} data-testid="order-form-error" closable={{ onClose: () => setServerError(null) }} />}
      <Form<OrderFormValues>
        form={form}
        name="order"
        layout="vertical"
        initialValues={INITIAL_VALUES}
        disabled={locked || saving}
        scrollToFirstError={{ block: 'center' }}
        style={{ display: loading ? 'none' : undefined }}
        data-testid="order-form"
      >
        <Section title={t('form.basic')}>
          <Row gutter={16}>
            <Col {...THIRD}>
              <Form.Item
                name="merchantOrderNo"
                label={t('order.merchantOrderNo')}
                required
                // the form's rule, then the stored rule (§5) and the tenant's numbers, once typing pauses
                rules={[check(t('order.merchantOrderNo'), checkMerchantOrderNo), ruleCheckRule('merchant_order_no'), duplicateRule({ tableName: 'log_order', fieldName: 'merchant_order_no', dataId: orderId ?? undefined })]}
                validateFirst
                validateDebounce={REMOTE_CHECK_DEBOUNCE_MS}
              >
                <Input maxLength={LIMITS.merchantOrderNo} autoComplete="off" />
              </Form.Item>
            </Col>
            <Col {...THIRD}>
              <Form.Item name="serviceType" label={t('order.serviceType')} required rules={[selected(t('order.serviceType'))]}>
                <DictSelect code="ServiceType" />
              </Form.Item>
            </Col>
            <Col {...THIRD}>
              <Form.Item name="destinationCountry" label={t('order.destinationCountry')} required rules={[selected(t('order.destinationCountry'))]}>
                <DictSelect code="CountryType" />
              </Form.Item>
            </Col>
            <Col {...THIRD}>
              <Form.Item name="warehouseCode" label={t('order.warehouse')} required rules={[selected(t('order.warehouse'))]}>
                <DictSelect code="LogisticsWarehouse" />
              </Form.Item>
            </Col>
            <Col {...THIRD}>
              <Form.Item name="currency" label={t('order.currency')} required rules={[selected(t('order.currency'))]}>
                <DictSelect code="Currency" allowClear={false} />
              </Form.Item>
            </Col>
          </Row>
        </Section>

        <Section
          title={t('form.parcel')}
          extra={
            <Flex gap={8} align="center" wrap>
              <Typography.Text type="secondary">{t('form.sizeHint')}</Typography.Text>
              {!locked && <ParcelWeightPick onWeight={(kg) => form.setFieldsValue({ weight: kg })} />}
            </Flex>
          }
        >
          <Row gutter={16}>
            <Col {...QUARTER}>
              <Form.Item name="weight" label={t('order.weight')} required rules={[check(t('order.weight'), checkWeight)]}>
                <Input inputMode="decimal" autoComplete="off" />
              </Form.Item>
            </Col>
            {(['length', 'width', 'height'] as const).map((size) => (
              <Col {...QUARTER} key={size}>
                <Form.Item
                  name={size}
                  label={t(`order.${size}`)}
                  dependencies={(['length', 'width', 'height'] as const).filter((other) => other !== size)}
                  rules={[
                    check(t(`order.${size}`), checkSize),
                    ({ getFieldValue }) => ({
                      validator: (_rule, value: unknown) => {
                        // the empty one of a partly filled set is the one to blame
                        const problem = String(value ?? '').trim() === '' ? checkSizesTogether([getFieldValue('length'), getFieldValue('width'), getFieldValue('height')]) : null;
                        return problem ? Promise.reject(new Error(ruleMessage(problem, t(`order.${size}`)))) : Promise.resolve();
                      },
                    }),
                  ]}
                >
                  <Input inputMode="decimal" autoComplete="off" />
                </Form.Item>
              </Col>
            ))}
          </Row>
        </Section>

        <Section title={t('form.recipient')}>
          <Row gutter={16}>
            <Col {...THIRD}>
              <Form.Item name={['recipient', 'name']} label={t('recipient.name')} required rules={[text(t('recipient.name'), LIMITS.recipientName, true)]}>
                <Input maxLength={LIMITS.recipientName} autoComplete="off" />
              </Form.Item>
            </Col>
            <Col {...THIRD}>
              <Form.Item name={['recipient', 'phone']} label={t('recipient.phone')} required rules={[check(t('recipient.phone'), checkPhone)]}>
                <Input maxLength={LIMITS.phoneMax} inputMode="tel" autoComplete="off" />
              </Form.Item>
            </Col>
            <Col {...THIRD}>
              <Form.Item name={['recipient', 'postcode']} label={t('recipient.postcode')} rules={[text(t('recipient.postcode'), LIMITS.postcode, false)]}>
                <Input maxLength={LIMITS.postcode} autoComplete="off" />
              </Form.Item>
            </Col>
            {(['province', 'city', 'district', 'town'] as const).map((part) => (
              <Col {...QUARTER} key={part}>
                <Form.Item name={['recipient', part]} label={t(`recipient.${part}`)} rules={[text(t(`recipient.${part}`), LIMITS.region, false)]}>
                  <Input maxLength={LIMITS.region} autoComplete="off" />
                </Form.Item>
              </Col>
            ))}
            <Col span={24}>
              <Form.Item name={['recipient', 'address']} label={t('recipient.address')} required rules={[text(t('recipient.address'), LIMITS.address, true)]}>
                <Input.TextArea maxLength={LIMITS.address} autoSize={{ minRows: 1, maxRows: 3 }} />
              </Form.Item>
            </Col>
          </Row>
        </Section>

        <ItemsSection form={form} />

        <Section title={t('form.other')}>
          <Form.Item name="remark" label={t('order.remark')} rules={[text(t('order.remark'), LIMITS.remark, false)]}>
            <Input.TextArea maxLength={LIMITS.remark} showCount autoSize={{ minRows: 2, maxRows: 5 }} />
          </Form.Item>
        </Section>
      </Form>
    </Drawer>
  );
}

/** The footer's figures: the merchandise value of the complete lines (exact) and the freight quote. */
function FormSummary({ form }: { form: FormInstance<OrderFormValues> }) {
  const { t } = useTranslation('logistics');
  const values = Form.useWatch([], form) as OrderFormValues | undefined;
  const total = merchandiseTotal(values?.items, values?.currency);
  return (
    <Flex vertical gap={2} style={{ minWidth: 0 }}>
      <Flex gap={8} align="center" wrap>
        <Typography.Text>{t('form.merchandiseTotal')}</Typography.Text>
        <Typography.Text strong data-testid="order-form-total">
          {total === null ? '-' : `${formatMoney(total)} ${values?.currency ?? ''}`}
        </Typography.Text>
      </Flex>
      <FreightQuote inputs={values ?? {}} />
    </Flex>
  );
}
