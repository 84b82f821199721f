import { useEffect } from 'react';
import { App, Col, Form, Input, Modal, Row, Space, type FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ParcelRecord } from '@portal/shared/logistics-schemas';
import { ORDER_PICKER, ReportPickButton } from '../../../components/report-pick-button.tsx';
import { ServerError } from '../../../components/server-error.tsx';
import { duplicateRule, REMOTE_CHECK_DEBOUNCE_MS, ruleCheckRule } from '../../../lib/remote-checks.ts';
import { useAddParcel, type ParcelInput, useEditParcel } from '../api/parcels.ts';
import { shippingRules } from '../form-rules.ts';
import { PARCEL_KG_MAX, SIDE_CM_MAX } from '../value-rules.ts';

const SIDES = ['length', 'width', 'height'] as const;
const othersOf = (side: (typeof SIDES)[number]) => SIDES.filter((other) => other !== side);

type Values = { trackingNo: string; orderNo?: string; weight?: string; length?: string; width?: string; height?: string; remark?: string };

const optional = (value: string | undefined) => {
  const text = value?.trim() ?? '';
  return text === '' ? undefined : text;
};

/** The form's values as the contract's parcelInput: trimmed, empty optional fields left out. */
export function parcelInputOf(values: Values): ParcelInput {
  return {
    trackingNo: values.trackingNo.trim(),
    orderNo: optional(values.orderNo),
    weight: optional(values.weight),
    length: optional(values.length),
    width: optional(values.width),
    height: optional(values.height),
    remark: values.remark?.trim() ?? '',
  };
}

const valuesOf = (parcel: ParcelRecord): Values => ({
  trackingNo: parcel.trackingNo,
  orderNo: parcel.logisticsOrderNo ?? '',
  weight: parcel.weight ?? '',
  length: parcel.length ?? '',
  width: parcel.width ?? '',
  height: parcel.height ?? '',
  remark: parcel.remark,
});

/** Forecast a parcel (its domestic tracking number, and what the merchant knows of it), or change one. */
export function ParcelFormDialog({ open, parcel, onClose }: { open: boolean; parcel: ParcelRecord | null; onClose: () => void }) {
  const { t } = useTranslation('shipping');
  const { t: common } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const add = useAddParcel();
  const edit = useEditParcel();
  const saving = add.isPending || edit.isPending;
  const rules = shippingRules(t);
  // a volumetric weight needs all three sizes: the server takes all of them or none
  const sizesTogether: FormRule = ({ getFieldValue }) => ({
    validator: (_rule, value: string | undefined) => {
      const given = SIDES.filter((side) => Boolean((getFieldValue(side) as string | undefined)?.trim()));
      return given.length > 0 && given.length < SIDES.length && !value?.trim() ? Promise.reject(new Error(t('rules.sizesTogether'))) : Promise.resolve();
    },
  });

  useEffect(() => {
    if (open) form.setFieldsValue(parcel ? valuesOf(parcel) : { trackingNo: '', orderNo: '', weight: '', length: '', width: '', height: '', remark: '' });
  }, [open, parcel, form]);

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const input = parcelInputOf(values);
    const done = () => {
      message.success(t('common.saved'));
      onClose();
    };
    if (parcel) edit.mutate({ ...input, id: parcel.id }, { onSuccess: done });
    else add.mutate(input, { onSuccess: done });
  };

  return (
    <Modal
      open={open}
      title={parcel ? t('parcel.editTitle', { trackingNo: parcel.trackingNo }) : t('parcel.forecast')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      onOk={() => void submit()}
      onCancel={onClose}
      afterClose={() => {
        form.resetFields();
        add.reset();
        edit.reset();
      }}
      width={640}
      forceRender
    >
      <ServerError error={add.error ?? edit.error} />
      <Form<Values> form={form} layout="vertical" name="parcel" onFinish={() => void submit()}>
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item
              name="trackingNo"
              label={t('parcel.trackingNo')}
              // the form's rule, then the stored rule (§5) and the tenant's numbers, once typing pauses
              rules={[...rules.reference(t('parcel.trackingNo')), ruleCheckRule('tracking_number'), duplicateRule({ tableName: 'log_parcel', fieldName: 'tracking_no', dataId: parcel?.id })]}
              validateFirst
              validateDebounce={REMOTE_CHECK_DEBOUNCE_MS}
              required
            >
              <Input maxLength={64} autoComplete="off" />
            </Form.Item>
          </Col>
          <Col span={12}>
            {/* the order can be picked from the merchant's orders (the built-in order report) rather than typed */}
            <Form.Item label={t('parcel.orderNo')} htmlFor="parcel_orderNo" extra={t('parcel.orderNoHelp')}>
              <Space.Compact style={{ width: '100%' }}>
                <Form.Item name="orderNo" noStyle rules={rules.optionalText(t('parcel.orderNo'), 32)}>
                  <Input maxLength={32} autoComplete="off" />
                </Form.Item>
                <ReportPickButton
                  config={ORDER_PICKER}
                  label={common('components.reportPicker.orders')}
                  iconOnly
                  onPick={([picked]) => picked && form.setFieldsValue({ orderNo: picked.orderNo })}
                  testId="parcel-order-pick"
                />
              </Space.Compact>
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item name="weight" label={t('parcel.weight')} rules={rules.weight(t('parcel.weight'), { optional: true, max: PARCEL_KG_MAX })}>
              <Input inputMode="decimal" />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item name="length" label={t('parcel.length')} dependencies={othersOf('length')} rules={[...rules.length(t('parcel.length'), { optional: true, max: SIDE_CM_MAX }), sizesTogether]}>
              <Input inputMode="decimal" />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item name="width" label={t('parcel.width')} dependencies={othersOf('width')} rules={[...rules.length(t('parcel.width'), { optional: true, max: SIDE_CM_MAX }), sizesTogether]}>
              <Input inputMode="decimal" />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item name="height" label={t('parcel.height')} dependencies={othersOf('height')} rules={[...rules.length(t('parcel.height'), { optional: true, max: SIDE_CM_MAX }), sizesTogether]}>
              <Input inputMode="decimal" />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="remark" label={t('common.remark')} rules={rules.optionalText(t('common.remark'), 500)}>
              <Input.TextArea rows={2} maxLength={500} showCount />
            </Form.Item>
          </Col>
        </Row>
        {/* Enter in a field submits the dialog */}
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </Form>
    </Modal>
  );
}
