import { App, DatePicker, Form, Input, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import type { CurrencyCode } from '@portal/shared/money';
import { FINANCE_TIME_ZONE } from '@portal/shared/finance';
import { ServerError } from '../../../components/server-error.tsx';
import { useIdempotencyKey } from '../../../lib/idempotency.ts';
import { useGenerateStatement } from '../api/statements.ts';
import { financeRules } from '../form-rules.ts';
import { CurrencySelect } from './currency-select.tsx';

type Values = { month?: Dayjs | null; currency?: CurrencyCode; remark?: string };

const REMARK_MAX = 500;
export const MONTH_FORMAT = 'YYYY-MM';

/** The month now in the business time zone: statements count Asia/Shanghai months, whatever the browser's clock says. */
export const businessMonth = (now: Date = new Date()): string => {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: FINANCE_TIME_ZONE, year: 'numeric', month: '2-digit' }).formatToParts(now);
  return `${parts.find((part) => part.type === 'year')?.value ?? ''}-${parts.find((part) => part.type === 'month')?.value ?? ''}`;
};

/** A month that has not begun (in Asia/Shanghai) has no statement; the current one has, so far. */
export const isFutureMonth = (month: Dayjs, now: Date = new Date()) => month.format(MONTH_FORMAT) > businessMonth(now);

/**
 * (Re)generates one wallet's statement of a month from its posted entries: the same month generated
 * again gives the same figures. Drawn while it is open: one opening, one idempotency key.
 */
export function StatementGenerateDialog({ onClose, onGenerated }: { onClose: () => void; onGenerated: (id: number) => void }) {
  const { t } = useTranslation('finance');
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const rules = financeRules(t);
  const generate = useGenerateStatement();
  const { key, renew } = useIdempotencyKey();

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values?.month || !values.currency) return;
    const input = { month: values.month.format(MONTH_FORMAT), currency: values.currency, remark: (values.remark ?? '').trim() };
    generate.mutate(
      { input, idempotencyKey: key },
      {
        onSuccess: (statement) => {
          renew();
          message.success(t('statement.generated', { month: input.month, currency: input.currency }));
          onClose();
          onGenerated(statement.id);
        },
      },
    );
  };

  return (
    <Modal open title={t('statement.generateTitle')} okText={t('statement.generate')} cancelText={t('common.cancel')} confirmLoading={generate.isPending} onOk={() => void submit()} onCancel={onClose} width={480}>
      <ServerError error={generate.error} notFound={t('common.notFound')} />
      <Typography.Paragraph type="secondary">{t('statement.generateHelp')}</Typography.Paragraph>
      <Form<Values> form={form} layout="vertical" name="statementGenerate" initialValues={{ month: dayjs(`${businessMonth()}-01`).subtract(1, 'month'), currency: 'CNY', remark: '' }}>
        <Form.Item
          name="month"
          label={t('statement.month')}
          required
          rules={[
            { required: true, message: t('rules.selectRequired', { label: t('statement.month') }) },
            { validator: (_rule, value: Dayjs | null | undefined) => (value && isFutureMonth(value) ? Promise.reject(new Error(t('rules.monthFuture'))) : Promise.resolve()) },
          ]}
        >
          <DatePicker picker="month" format={MONTH_FORMAT} allowClear={false} disabledDate={(month) => isFutureMonth(month)} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="currency" label={t('common.currency')} rules={rules.select(t('common.currency'))} required>
          <CurrencySelect />
        </Form.Item>
        <Form.Item name="remark" label={t('common.remark')} rules={rules.optionalText(t('common.remark'), REMARK_MAX)}>
          <Input.TextArea rows={2} maxLength={REMARK_MAX} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
