import { useEffect } from 'react';
import { App, Button, Col, Form, Input, Modal, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RateApplyInput, RateApplyRecord } from '@portal/shared/finance-schemas';
import type { CurrencyCode } from '@portal/shared/money';
import { Access } from '../../../components/access.tsx';
import { ServerError } from '../../../components/server-error.tsx';
import { useIdempotencyKey } from '../../../lib/idempotency.ts';
import { useAddRateApply, useEditRateApply } from '../api/rate-applies.ts';
import { financeRules } from '../form-rules.ts';
import { CurrencySelect } from './currency-select.tsx';

type Values = { baseCurrency?: CurrencyCode; quoteCurrency?: CurrencyCode; amount?: string; requestedRate?: string; reason?: string };

export const REASON_MAX = 500;

const valuesOf = (record: RateApplyRecord | null): Values =>
  record
    ? { baseCurrency: record.baseCurrency, quoteCurrency: record.quoteCurrency, amount: record.amount, requestedRate: record.requestedRate, reason: record.reason }
    : { baseCurrency: 'USD', quoteCurrency: 'CNY', amount: '', requestedRate: '', reason: '' };

/**
 * A new rate application or a draft being changed: saved as a draft, or submitted for finance's review.
 * The rate stays the text the user typed (a decimal string, up to 10 decimals), never a float.
 * Drawn while it is open: each opening is one action with one idempotency key.
 */
export function RateApplyFormDialog({ record, onClose }: { record: RateApplyRecord | null; onClose: () => void }) {
  const { t } = useTranslation('finance');
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const rules = financeRules(t);
  const add = useAddRateApply();
  const edit = useEditRateApply();
  const { key, renew } = useIdempotencyKey();
  const pending = add.isPending || edit.isPending;
  const error = record ? edit.error : add.error;
  const baseCurrency = Form.useWatch('baseCurrency', form);

  useEffect(() => {
    form.setFieldsValue(valuesOf(record));
  }, [record, form]);

  const save = async (draft: boolean) => {
    const values = await form.validateFields().catch(() => null);
    if (!values?.baseCurrency || !values.quoteCurrency) return;
    const input: RateApplyInput = {
      baseCurrency: values.baseCurrency,
      quoteCurrency: values.quoteCurrency,
      amount: (values.amount ?? '').trim(),
      requestedRate: (values.requestedRate ?? '').trim(),
      reason: (values.reason ?? '').trim(),
      draft,
    };
    const onSuccess = () => {
      renew();
      message.success(t(draft ? 'rateApply.saved' : 'rateApply.submitted'));
      onClose();
    };
    if (record) edit.mutate({ input: { ...input, id: record.id }, idempotencyKey: key }, { onSuccess });
    else add.mutate({ input, idempotencyKey: key }, { onSuccess });
  };

  return (
    <Modal
      open
      title={record ? t('rateApply.editTitle', { applyNo: record.applyNo }) : t('rateApply.addTitle')}
      onCancel={onClose}
      width={600}
      footer={[
        <Button key="cancel" onClick={onClose}>
          {t('common.cancel')}
        </Button>,
        <Button key="draft" loading={pending} onClick={() => void save(true)} data-testid="rate-apply-draft">
          {t('rateApply.saveDraft')}
        </Button>,
        <Access key="submit" code="finance:rate-apply:submit">
          <Button type="primary" loading={pending} onClick={() => void save(false)} data-testid="rate-apply-submit">
            {t('rateApply.submitNow')}
          </Button>
        </Access>,
      ]}
    >
      <ServerError error={error} notFound={t('common.notFound')} />
      <Form<Values> form={form} layout="vertical" name="rateApply" initialValues={valuesOf(record)}>
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item name="baseCurrency" label={t('rateApply.baseCurrency')} rules={rules.select(t('rateApply.baseCurrency'))} required>
              <CurrencySelect data-testid="rate-apply-base" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="quoteCurrency" label={t('rateApply.quoteCurrency')} dependencies={['baseCurrency']} rules={rules.otherCurrency(t('rateApply.quoteCurrency'), 'baseCurrency')} required>
              <CurrencySelect data-testid="rate-apply-quote" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="amount" label={t('rateApply.amount')} dependencies={['baseCurrency']} rules={rules.amount(t('rateApply.amount'), 'baseCurrency')} required>
              <Input inputMode="decimal" autoComplete="off" suffix={<span>{baseCurrency ?? ''}</span>} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="requestedRate" label={t('rateApply.requestedRate')} rules={rules.rate(t('rateApply.requestedRate'))} extra={t('rateApply.rateHelp')} required>
              <Input inputMode="decimal" autoComplete="off" spellCheck={false} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="reason" label={t('rateApply.reason')} rules={rules.requiredText(t('rateApply.reason'), REASON_MAX)} required>
          <Input.TextArea rows={3} maxLength={REASON_MAX} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
