import { useEffect } from 'react';
import { App, Col, DatePicker, Form, Input, Modal, Row, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import { ServerError } from '../../../components/server-error.tsx';
import { useAuth } from '../../../lib/auth.ts';
import { useAddPickupBatch, type PickupBatchInput, useEditPickupBatch, usePickupBatch, type BatchOrder, type PickupBatchDetail } from '../api/pickup-batches.ts';
import { shippingRules } from '../form-rules.ts';
import { BatchOrderField } from './batch-order-field.tsx';

/** The contract's limit of orders in one batch (pickupBatchInput). */
export const BATCH_ORDERS_MAX = 500;

type Values = { orders: BatchOrder[]; expectedPickupAt: Dayjs | null; contactName: string; contactPhone: string; pickupAddress: string; remark?: string };

/** The form's values as the contract's pickupBatchInput: order ids, the time with the user's offset, trimmed texts. */
export function pickupBatchInputOf(values: Values): PickupBatchInput {
  return {
    orderIds: values.orders.map((order) => order.id),
    expectedPickupAt: (values.expectedPickupAt ?? dayjs()).second(0).millisecond(0).format(),
    contactName: values.contactName.trim(),
    contactPhone: values.contactPhone.trim(),
    pickupAddress: values.pickupAddress.trim(),
    remark: values.remark?.trim() ?? '',
  };
}

const valuesOf = (batch: PickupBatchDetail): Values => ({
  orders: batch.orders,
  expectedPickupAt: dayjs(batch.expectedPickupAt),
  contactName: batch.contactName,
  contactPhone: batch.contactPhone,
  pickupAddress: batch.pickupAddress,
  remark: batch.remark,
});

/**
 * A new pick-up batch from the tenant's CREATED orders, or a change to one still waiting for its goods
 * (`batchId`): which orders, when the truck may come, whom to call and where.
 */
export function PickupBatchFormDialog({ open, batchId, onClose }: { open: boolean; batchId: number | null; onClose: () => void }) {
  const { t } = useTranslation('shipping');
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const user = useAuth((state) => state.userInfo);
  const existing = usePickupBatch(open ? batchId : null);
  const add = useAddPickupBatch();
  const edit = useEditPickupBatch();
  const rules = shippingRules(t);
  const loading = batchId !== null && existing.isPending;

  useEffect(() => {
    if (!open) return;
    if (batchId === null) {
      form.setFieldsValue({ orders: [], expectedPickupAt: null, contactName: user?.realname ?? '', contactPhone: user?.phone ?? '', pickupAddress: '', remark: '' });
    } else if (existing.data) {
      form.setFieldsValue(valuesOf(existing.data));
    }
  }, [open, batchId, existing.data, form, user]);

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const input = pickupBatchInputOf(values);
    const done = () => {
      message.success(t('common.saved'));
      onClose();
    };
    if (batchId !== null) {
      // a batch keeps its orders: the edit takes everything else
      edit.mutate({ id: batchId, expectedPickupAt: input.expectedPickupAt, contactName: input.contactName, contactPhone: input.contactPhone, pickupAddress: input.pickupAddress, remark: input.remark }, { onSuccess: done });
    } else add.mutate(input, { onSuccess: done });
  };

  return (
    <Modal
      open={open}
      title={batchId !== null && existing.data ? t('batch.editTitle', { batchNo: existing.data.batchNo }) : t('batch.create')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={add.isPending || edit.isPending}
      okButtonProps={{ disabled: loading }}
      onOk={() => void submit()}
      onCancel={onClose}
      afterClose={() => {
        form.resetFields();
        add.reset();
        edit.reset();
      }}
      width={880}
      forceRender
    >
      <ServerError error={add.error ?? edit.error} />
      <Spin spinning={loading}>
        <Form<Values> form={form} layout="vertical" name="pickupBatch" onFinish={() => void submit()}>
          <Form.Item
            name="orders"
            label={t('batch.orders')}
            required
            rules={[
              {
                validator: (_rule, orders: BatchOrder[] | undefined) => {
                  if (!orders?.length) return Promise.reject(new Error(t('batch.ordersRequired')));
                  if (orders.length > BATCH_ORDERS_MAX) return Promise.reject(new Error(t('batch.ordersMax', { max: BATCH_ORDERS_MAX })));
                  return Promise.resolve();
                },
              },
            ]}
          >
            <BatchOrderField readOnly={batchId !== null} />
          </Form.Item>
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item
                name="expectedPickupAt"
                label={t('batch.expectedPickupAt')}
                required
                rules={[
                  {
                    validator: (_rule, value: Dayjs | null | undefined) => {
                      const label = t('batch.expectedPickupAt');
                      if (!value) return Promise.reject(new Error(t('rules.selectRequired', { label })));
                      if (!value.isAfter(dayjs())) return Promise.reject(new Error(t('rules.future', { label })));
                      return Promise.resolve();
                    },
                  },
                ]}
              >
                <DatePicker
                  showTime={{ format: 'HH:mm', minuteStep: 5 }}
                  format="YYYY-MM-DD HH:mm"
                  style={{ width: '100%' }}
                  disabledDate={(day) => day.isBefore(dayjs(), 'day')}
                  placeholder={t('batch.expectedPickupAt')}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="contactName" label={t('batch.contactName')} rules={rules.requiredText(t('batch.contactName'), 100)} required>
                <Input maxLength={100} autoComplete="name" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="contactPhone" label={t('batch.contactPhone')} rules={rules.phone(t('batch.contactPhone'))} required>
                <Input maxLength={32} autoComplete="tel" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="pickupAddress" label={t('batch.pickupAddress')} rules={rules.requiredText(t('batch.pickupAddress'), 300)} required>
                <Input maxLength={300} autoComplete="street-address" />
              </Form.Item>
            </Col>
            <Col span={24}>
              <Form.Item name="remark" label={t('common.remark')} rules={rules.optionalText(t('common.remark'), 500)}>
                <Input.TextArea rows={2} maxLength={500} showCount />
              </Form.Item>
            </Col>
          </Row>
        </Form>
      </Spin>
    </Modal>
  );
}
