import { useEffect } from 'react';
import { App, Col, Form, Input, InputNumber, Modal, Row, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CountryCode, ServiceType } from '@portal/shared/logistics';
import type { RateCardRecord } from '@portal/shared/logistics-schemas';
import type { CurrencyCode } from '@portal/shared/money';
import { DictSelect } from '../../../components/dict-select.tsx';
import { ServerError } from '../../../components/server-error.tsx';
import { useAddRateCard, type RateCardInput, useEditRateCard } from '../api/rate-cards.ts';
import { shippingRules } from '../form-rules.ts';
import { STEP_KG_MAX, VOLUMETRIC_DIVISOR_DEFAULT, VOLUMETRIC_DIVISOR_MAX, VOLUMETRIC_DIVISOR_MIN } from '../value-rules.ts';
import { FreightExamplePanel, type RateCardFormDraft } from './freight-example-panel.tsx';
import { useRouteName } from './route-name.ts';

type Values = {
  destinationCountry?: CountryCode;
  serviceType?: ServiceType;
  currency?: CurrencyCode;
  firstWeight?: string;
  firstPrice?: string;
  stepWeight?: string;
  stepPrice?: string;
  volumetricDivisor?: number | null;
  active?: boolean;
  remark?: string;
};

const EMPTY: Values = { currency: 'CNY', firstWeight: '0.5', firstPrice: '', stepWeight: '0.5', stepPrice: '', volumetricDivisor: VOLUMETRIC_DIVISOR_DEFAULT, active: true, remark: '' };

const valuesOf = (card: RateCardRecord): Values => ({
  destinationCountry: card.destinationCountry as CountryCode,
  serviceType: card.serviceType,
  currency: card.currency as CurrencyCode,
  firstWeight: card.firstWeight,
  firstPrice: card.firstPrice,
  stepWeight: card.stepWeight,
  stepPrice: card.stepPrice,
  volumetricDivisor: card.volumetricDivisor,
  active: card.active,
  remark: card.remark,
});

/** The form's values as the contract's rateCardInput (validated before: every required value is there). */
export function rateCardInputOf(values: Values): RateCardInput {
  return {
    destinationCountry: values.destinationCountry as CountryCode,
    serviceType: values.serviceType as ServiceType,
    currency: values.currency as CurrencyCode,
    firstWeight: values.firstWeight?.trim() ?? '',
    firstPrice: values.firstPrice?.trim() ?? '',
    stepWeight: values.stepWeight?.trim() ?? '',
    stepPrice: values.stepPrice?.trim() ?? '',
    volumetricDivisor: values.volumetricDivisor ?? VOLUMETRIC_DIVISOR_DEFAULT,
    active: values.active ?? true,
    remark: values.remark?.trim() ?? '',
  };
}

/**
 * A rate card (platform): the first weight at one price, each further step at another, on the greater
 * of actual and volumetric weight. Prices in the card's currency with its own decimals (JPY and KRW
 * none); the examples below show what the card charges before it is saved.
 */
export function RateCardFormDialog({ open, card, onClose }: { open: boolean; card: RateCardRecord | null; onClose: () => void }) {
  const { t } = useTranslation('shipping');
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const add = useAddRateCard();
  const edit = useEditRateCard();
  const rules = shippingRules(t);
  const routeName = useRouteName();
  const draft = (Form.useWatch([], form) ?? {}) as RateCardFormDraft;
  const currencyNow = () => form.getFieldValue('currency') as unknown;

  useEffect(() => {
    if (open) form.setFieldsValue(card ? valuesOf(card) : { ...EMPTY, destinationCountry: undefined, serviceType: undefined });
  }, [open, card, form]);

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const input = rateCardInputOf(values);
    const done = () => {
      message.success(t('common.saved'));
      onClose();
    };
    if (card) edit.mutate({ ...input, id: card.id }, { onSuccess: done });
    else add.mutate(input, { onSuccess: done });
  };

  return (
    <Modal
      open={open}
      title={card ? t('rateCard.editTitle', routeName(card)) : t('rateCard.addTitle')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={add.isPending || edit.isPending}
      onOk={() => void submit()}
      onCancel={onClose}
      afterClose={() => {
        form.resetFields();
        add.reset();
        edit.reset();
      }}
      width={760}
      forceRender
    >
      <ServerError error={add.error ?? edit.error} />
      <Form<Values> form={form} layout="vertical" name="rateCard" onFinish={() => void submit()}>
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <Form.Item name="destinationCountry" label={t('rateCard.destinationCountry')} rules={rules.select(t('rateCard.destinationCountry'))} required>
              <DictSelect code="CountryType" allowClear={false} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="serviceType" label={t('rateCard.serviceType')} rules={rules.select(t('rateCard.serviceType'))} required>
              <DictSelect code="ServiceType" allowClear={false} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="currency" label={t('rateCard.currency')} rules={rules.select(t('rateCard.currency'))} required>
              <DictSelect code="Currency" allowClear={false} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="firstWeight" label={t('rateCard.firstWeight')} rules={rules.weight(t('rateCard.firstWeight'), { max: STEP_KG_MAX })} required>
              <Input inputMode="decimal" />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="firstPrice" label={t('rateCard.firstPrice')} dependencies={['currency']} rules={rules.amount(t('rateCard.firstPrice'), currencyNow)} required>
              <Input inputMode="decimal" suffix={<span>{draft.currency}</span>} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="stepWeight" label={t('rateCard.stepWeight')} rules={rules.weight(t('rateCard.stepWeight'), { max: STEP_KG_MAX })} required>
              <Input inputMode="decimal" />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="stepPrice" label={t('rateCard.stepPrice')} dependencies={['currency']} rules={rules.amount(t('rateCard.stepPrice'), currencyNow)} required>
              <Input inputMode="decimal" suffix={<span>{draft.currency}</span>} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="volumetricDivisor"
              label={t('rateCard.volumetricDivisor')}
              extra={t('rateCard.volumetricHelp')}
              required
              rules={[
                {
                  validator: (_rule, value: number | null | undefined) =>
                    typeof value === 'number' && Number.isInteger(value) && value >= VOLUMETRIC_DIVISOR_MIN && value <= VOLUMETRIC_DIVISOR_MAX
                      ? Promise.resolve()
                      : Promise.reject(new Error(t('rules.divisor', { label: t('rateCard.volumetricDivisor'), min: VOLUMETRIC_DIVISOR_MIN, max: VOLUMETRIC_DIVISOR_MAX }))),
                },
              ]}
            >
              <InputNumber precision={0} step={500} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="active" label={t('rateCard.active')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="remark" label={t('common.remark')} rules={rules.optionalText(t('common.remark'), 500)}>
              <Input.TextArea rows={2} maxLength={500} showCount />
            </Form.Item>
          </Col>
        </Row>
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </Form>
      <FreightExamplePanel draft={draft} />
    </Modal>
  );
}
