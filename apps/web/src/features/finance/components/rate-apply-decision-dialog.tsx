import { Alert, App, Col, DatePicker, Descriptions, Form, Input, Modal, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import type { RateApplyRecord } from '@portal/shared/finance-schemas';
import { ServerError } from '../../../components/server-error.tsx';
import { DATE_TIME_FORMAT } from '../../../lib/format.ts';
import { useIdempotencyKey } from '../../../lib/idempotency.ts';
import { useDecideRateApply } from '../api/rate-applies.ts';
import { financeRules } from '../form-rules.ts';
import { Money } from '../../../components/money.tsx';

export type RateApplyDecision = { record: RateApplyRecord; approve: boolean };

type Values = { approvedRate?: string; validUntil?: Dayjs | null; reason?: string };

const REASON_MAX = 500;
/** docs/finance.md: an approved rate holds 7 days unless finance says otherwise. */
export const VALIDITY_DAYS = 7;

/**
 * Finance's decision on a rate application: approving grants a rate (the one asked for unless changed)
 * until a time (a week from now unless changed); rejecting needs a reason.
 */
export function RateApplyDecisionDialog({ decision, onClose }: { decision: RateApplyDecision; onClose: () => void }) {
  const { t } = useTranslation('finance');
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const rules = financeRules(t);
  const decide = useDecideRateApply();
  const { key, renew } = useIdempotencyKey();
  const { record, approve } = decision;

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const reason = (values.reason ?? '').trim();
    const input = approve
      ? { id: record.id, approve, reason, approvedRate: (values.approvedRate ?? '').trim(), ...(values.validUntil ? { validUntil: values.validUntil.millisecond(0).format() } : {}) }
      : { id: record.id, approve, reason };
    decide.mutate(
      { input, idempotencyKey: key },
      {
        onSuccess: () => {
          renew();
          message.success(t(approve ? 'review.approved' : 'review.rejected', { applyNo: record.applyNo }));
          onClose();
        },
      },
    );
  };

  const okText = approve ? t('common.approve') : t('common.reject');
  return (
    <Modal
      open
      title={t(approve ? 'review.approveTitle' : 'review.rejectTitle', { applyNo: record.applyNo })}
      okText={okText}
      okButtonProps={{ danger: !approve }}
      cancelText={t('common.back')}
      confirmLoading={decide.isPending}
      onOk={() => void submit()}
      onCancel={onClose}
      width={600}
    >
      <ServerError error={decide.error} notFound={t('common.notFound')} />
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2 }}
        style={{ marginBottom: 12 }}
        items={[
          { key: 'tenant', label: t('common.tenant'), children: record.tenantName },
          { key: 'pair', label: t('rateApply.pair'), children: `${record.baseCurrency}/${record.quoteCurrency}` },
          { key: 'amount', label: t('rateApply.amount'), children: <Money amount={record.amount} currency={record.baseCurrency} /> },
          { key: 'requestedRate', label: t('rateApply.requestedRate'), children: record.requestedRate },
          { key: 'marketRate', label: t('rateApply.marketRate'), children: record.marketRate ?? '—' },
          { key: 'reason', label: t('rateApply.reason'), children: record.reason, span: 'filled' as const },
        ]}
      />
      {approve && <Alert type="info" showIcon style={{ marginBottom: 12 }} title={t('review.approveHelp')} />}
      <Form<Values>
        form={form}
        layout="vertical"
        name={approve ? 'rateApplyApprove' : 'rateApplyReject'}
        initialValues={{ approvedRate: record.requestedRate, validUntil: dayjs().add(VALIDITY_DAYS, 'day').second(0), reason: '' }}
      >
        {approve && (
          <Row gutter={16}>
            <Col xs={24} sm={12}>
              <Form.Item name="approvedRate" label={t('rateApply.approvedRate')} rules={rules.rate(t('rateApply.approvedRate'))} required>
                <Input inputMode="decimal" autoComplete="off" spellCheck={false} />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12}>
              <Form.Item
                name="validUntil"
                label={t('rateApply.validUntil')}
                extra={t('review.validUntilHelp')}
                rules={[{ required: true, message: t('rules.selectRequired', { label: t('rateApply.validUntil') }) }]}
                required
              >
                <DatePicker showTime format={DATE_TIME_FORMAT} allowClear={false} disabledDate={(day) => day.isBefore(dayjs().startOf('day'))} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
          </Row>
        )}
        <Form.Item
          name="reason"
          label={approve ? t('review.remark') : t('common.reason')}
          required={!approve}
          rules={approve ? rules.optionalText(t('review.remark'), REASON_MAX) : rules.requiredText(t('common.reason'), REASON_MAX)}
        >
          <Input.TextArea rows={3} maxLength={REASON_MAX} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
