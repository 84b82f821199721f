import { useEffect } from 'react';
import { App, DatePicker, Form, Input, Modal, type FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import { ServerError } from '../../../components/server-error.tsx';
import { type PickupRecord, useSchedulePickup, useTakePickup, useConfirmPickup } from '../api/pickups.ts';
import { shippingRules } from '../form-rules.ts';
import { BATCH_KG_MAX, PLATE_MAX } from '../value-rules.ts';

export type PickupAction = 'schedule' | 'take' | 'confirm';

type Values = { estimatedPickupAt?: Dayjs | null; actualPickupAt?: Dayjs | null; plate?: string; actualWeight?: string };

const TITLES = { schedule: 'pickup.scheduleTitle', take: 'pickup.takeTitle', confirm: 'pickup.confirmTitle' } as const;
const DONE = { schedule: 'pickup.scheduled', take: 'pickup.taken', confirm: 'pickup.confirmed' } as const;

/**
 * The platform's three steps of a pick-up: schedule (when, which truck), take (the goods are on the
 * truck: plate and time, now unless said) and confirm (arrived at the warehouse: the weighed total).
 */
export function PickupActionDialog({ action, pickup, onClose }: { action: PickupAction | null; pickup: PickupRecord | null; onClose: () => void }) {
  const { t } = useTranslation('shipping');
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const schedule = useSchedulePickup();
  const take = useTakePickup();
  const confirm = useConfirmPickup();
  const rules = shippingRules(t);
  const open = action !== null && pickup !== null;
  const mutation = action === 'take' ? take : action === 'confirm' ? confirm : schedule;

  useEffect(() => {
    if (!open) return;
    form.setFieldsValue({
      estimatedPickupAt: pickup.estimatedPickupAt ? dayjs(pickup.estimatedPickupAt) : dayjs(pickup.expectedPickupAt),
      plate: pickup.plate,
      actualPickupAt: null,
      actualWeight: pickup.estimatedWeight,
    });
  }, [open, pickup, form]);

  const submit = async () => {
    if (!action || !pickup) return;
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const done = () => {
      message.success(t(DONE[action]));
      onClose();
    };
    const plate = values.plate?.trim() ?? '';
    if (action === 'schedule') schedule.mutate({ id: pickup.id, estimatedPickupAt: (values.estimatedPickupAt ?? dayjs()).second(0).millisecond(0).format(), plate }, { onSuccess: done });
    if (action === 'take') take.mutate({ id: pickup.id, ...(plate ? { plate } : {}), ...(values.actualPickupAt ? { actualPickupAt: values.actualPickupAt.second(0).millisecond(0).format() } : {}) }, { onSuccess: done });
    if (action === 'confirm') confirm.mutate({ id: pickup.id, actualWeight: values.actualWeight?.trim() ?? '' }, { onSuccess: done });
  };

  // the truck must be known once it has left with the goods: taking needs a plate unless scheduling gave one
  const plateRequired = action === 'schedule' || (action === 'take' && !pickup?.plate);
  // what was taken was taken by now (the server allows the clock of the operator's device 5 minutes)
  const notFuture = (label: string): FormRule => ({
    validator: (_rule, value: Dayjs | null | undefined) => (value && value.isAfter(dayjs().add(5, 'minute')) ? Promise.reject(new Error(t('rules.notFuture', { label }))) : Promise.resolve()),
  });

  return (
    <Modal
      open={open}
      title={action && pickup ? t(TITLES[action], { batchNo: pickup.batchNo }) : ''}
      okText={action ? t(`pickup.${action}`) : ''}
      cancelText={t('common.cancel')}
      confirmLoading={mutation.isPending}
      onOk={() => void submit()}
      onCancel={onClose}
      afterClose={() => {
        form.resetFields();
        schedule.reset();
        take.reset();
        confirm.reset();
      }}
      forceRender
    >
      <ServerError error={mutation.error} />
      <Form<Values> form={form} layout="vertical" name={`pickup-${action ?? 'none'}`} onFinish={() => void submit()}>
        {action === 'schedule' && (
          <Form.Item name="estimatedPickupAt" label={t('batch.estimatedPickupAt')} required rules={rules.select(t('batch.estimatedPickupAt'))}>
            <DatePicker showTime={{ format: 'HH:mm', minuteStep: 5 }} format="YYYY-MM-DD HH:mm" style={{ width: '100%' }} placeholder={t('batch.estimatedPickupAt')} />
          </Form.Item>
        )}
        {(action === 'schedule' || action === 'take') && (
          <Form.Item name="plate" label={t('batch.plate')} required={plateRequired} rules={rules.plate(t('batch.plate'), { optional: !plateRequired })}>
            <Input maxLength={PLATE_MAX} autoComplete="off" />
          </Form.Item>
        )}
        {action === 'take' && (
          <Form.Item name="actualPickupAt" label={t('batch.actualPickupAt')} extra={t('pickup.takeHelp')} rules={[notFuture(t('batch.actualPickupAt'))]}>
            <DatePicker
              showTime={{ format: 'HH:mm', minuteStep: 5 }}
              format="YYYY-MM-DD HH:mm"
              style={{ width: '100%' }}
              placeholder={t('batch.actualPickupAt')}
              disabledDate={(day) => day.isAfter(dayjs(), 'day')}
            />
          </Form.Item>
        )}
        {action === 'confirm' && (
          <Form.Item name="actualWeight" label={t('batch.actualWeight')} required rules={rules.weight(t('batch.actualWeight'), { max: BATCH_KG_MAX })} extra={t('pickup.confirmHelp')}>
            <Input inputMode="decimal" />
          </Form.Item>
        )}
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </Form>
    </Modal>
  );
}
