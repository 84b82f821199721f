import { App, Col, DatePicker, Form, Input, Modal, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import type { RateInput } from '@portal/shared/finance-schemas';
import type { CurrencyCode } from '@portal/shared/money';
import { ServerError } from '../../../components/server-error.tsx';
import { DATE_TIME_FORMAT } from '../../../lib/format.ts';
import { useIdempotencyKey } from '../../../lib/idempotency.ts';
import { useAddRate } from '../api/rates.ts';
import { financeRules } from '../form-rules.ts';
import { CurrencySelect } from './currency-select.tsx';

type Values = { baseCurrency?: CurrencyCode; quoteCurrency?: CurrencyCode; rate?: string; effectiveFrom?: Dayjs | null; remark?: string };

const REMARK_MAX = 200;

/** A pair of currencies: 1 base = rate quote. */
export type RatePair = { baseCurrency: CurrencyCode; quoteCurrency: CurrencyCode };

/**
 * A new rate for a pair (`pair`: the one of the row it was opened from). The effective time left empty
 * is "now" as the server reads it when the rate arrives (a time filled in when the dialog opened would
 * be past by then); a later time schedules it.
 */
export function RateFormDialog({ pair, onClose }: { pair?: RatePair; onClose: () => void }) {
  const { t } = useTranslation('finance');
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const rules = financeRules(t);
  const add = useAddRate();
  const { key, renew } = useIdempotencyKey();

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values?.baseCurrency || !values.quoteCurrency) return;
    const input: RateInput = {
      baseCurrency: values.baseCurrency,
      quoteCurrency: values.quoteCurrency,
      rate: (values.rate ?? '').trim(),
      remark: (values.remark ?? '').trim(),
      ...(values.effectiveFrom ? { effectiveFrom: values.effectiveFrom.millisecond(0).format() } : {}),
    };
    add.mutate(
      { input, idempotencyKey: key },
      {
        onSuccess: () => {
          renew();
          message.success(t('rate.added'));
          onClose();
        },
      },
    );
  };

  return (
    <Modal open title={t('rate.addTitle')} okText={t('common.confirm')} cancelText={t('common.cancel')} confirmLoading={add.isPending} onOk={() => void submit()} onCancel={onClose} width={560}>
      <ServerError error={add.error} notFound={t('common.notFound')} />
      <Form<Values> form={form} layout="vertical" name="rateAdd" initialValues={{ baseCurrency: 'USD', quoteCurrency: 'CNY', ...pair, rate: '', effectiveFrom: null, remark: '' }}>
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item name="baseCurrency" label={t('rate.baseCurrency')} rules={rules.select(t('rate.baseCurrency'))} required>
              <CurrencySelect />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="quoteCurrency" label={t('rate.quoteCurrency')} dependencies={['baseCurrency']} rules={rules.otherCurrency(t('rate.quoteCurrency'), 'baseCurrency')} required>
              <CurrencySelect />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="rate" label={t('rate.rate')} rules={rules.rate(t('rate.rate'))} extra={t('rateApply.rateHelp')} required>
              <Input inputMode="decimal" autoComplete="off" spellCheck={false} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="effectiveFrom" label={t('rate.effectiveFrom')} extra={t('rate.effectiveHelp')}>
              <DatePicker
                showTime
                format={DATE_TIME_FORMAT}
                placeholder={t('rate.now')}
                disabledDate={(day) => day.isBefore(dayjs().startOf('day'))}
                style={{ width: '100%' }}
              />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="remark" label={t('common.remark')} rules={rules.optionalText(t('common.remark'), REMARK_MAX)}>
          <Input.TextArea rows={2} maxLength={REMARK_MAX} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
