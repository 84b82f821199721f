import { Alert, App, Descriptions, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RefundRecord } from '@portal/shared/finance-schemas';
import { ServerError } from '../../../components/server-error.tsx';
import { useIdempotencyKey } from '../../../lib/idempotency.ts';
import { useVerifyRefund } from '../api/refunds.ts';
import { financeRules } from '../form-rules.ts';
import { REFUND_KIND_OPTIONS } from '../../../entities/refund/kinds.ts';
import { Money, moneyText } from '../../../components/money.tsx';
import { OptionTag } from '../../../components/option-tag.tsx';

export type RefundDecision = { record: RefundRecord; approve: boolean };

type Values = { reason?: string };
const REASON_MAX = 500;

/**
 * Verifying a refund is when its money moves (docs/finance.md): approving says where it goes, rejecting
 * needs a reason. Refusals (the submitter's own refund, more than the wallet holds) stay in the dialog.
 */
export function RefundDecisionDialog({ decision, onClose }: { decision: RefundDecision; onClose: () => void }) {
  const { t } = useTranslation('finance');
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const rules = financeRules(t);
  const verify = useVerifyRefund();
  const { key, renew } = useIdempotencyKey();
  const { record, approve } = decision;

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    verify.mutate(
      { input: { id: record.id, approve, reason: (values.reason ?? '').trim() }, idempotencyKey: key },
      {
        onSuccess: () => {
          renew();
          message.success(t(approve ? 'refund.approved' : 'refund.rejected', { refundNo: record.refundNo }));
          onClose();
        },
      },
    );
  };

  const amount = moneyText(record.amount, record.currency);
  const okText = approve ? t('refund.approveOk') : t('common.reject');
  return (
    <Modal
      open
      title={t(approve ? 'refund.approveTitle' : 'refund.rejectTitle', { refundNo: record.refundNo })}
      okText={okText}
      okButtonProps={{ danger: !approve }}
      cancelText={t('common.back')}
      confirmLoading={verify.isPending}
      onOk={() => void submit()}
      onCancel={onClose}
      width={560}
    >
      <ServerError error={verify.error} notFound={t('common.notFound')} />
      <Descriptions
        size="small"
        column={1}
        style={{ marginBottom: 12 }}
        items={[
          { key: 'tenant', label: t('common.tenant'), children: record.tenantName },
          { key: 'kind', label: t('refund.kind'), children: <OptionTag options={REFUND_KIND_OPTIONS} value={record.kind} /> },
          { key: 'amount', label: t('refund.amount'), children: <Money amount={record.amount} currency={record.currency} /> },
          ...(record.kind === 'BALANCE'
            ? [{ key: 'payee', label: t('refund.payeeName'), children: `${record.payeeName} · ${record.payeeBank} · ${record.payeeAccount}` }]
            : [{ key: 'payOrderNo', label: t('refund.payOrderNo'), children: `${record.payOrderNo ?? ''} (${record.orderNo ?? ''})` }]),
          { key: 'reason', label: t('refund.reason'), children: record.reason },
        ]}
      />
      {approve && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          title={t(record.kind === 'BALANCE' ? 'refund.approveBalance' : 'refund.approveCharge', { tenant: record.tenantName, currency: record.currency, amount })}
        />
      )}
      <Form<Values> form={form} layout="vertical" name={approve ? 'refundApprove' : 'refundReject'}>
        <Form.Item
          name="reason"
          label={approve ? t('refund.decisionRemark') : t('common.reason')}
          required={!approve}
          rules={approve ? rules.optionalText(t('refund.decisionRemark'), REASON_MAX) : rules.requiredText(t('common.reason'), REASON_MAX)}
        >
          <Input.TextArea rows={3} maxLength={REASON_MAX} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
