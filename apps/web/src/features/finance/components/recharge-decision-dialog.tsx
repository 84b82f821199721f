import { Alert, App, Descriptions, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RechargeRecord } from '@portal/shared/finance-schemas';
import { ServerError } from '../../../components/server-error.tsx';
import { useIdempotencyKey } from '../../../lib/idempotency.ts';
import { useDecideRecharge, useReverseRecharge } from '../api/recharges.ts';
import { financeRules } from '../form-rules.ts';
import { Money, moneyText } from '../../../components/money.tsx';

export type RechargeMove = 'approve' | 'reject' | 'reverse';

/** What finance decided to do with a recharge; `credit` is what approving credits (the review preview's figure). */
export type RechargeDecision = { record: RechargeRecord; move: RechargeMove; credit?: { amount: string | null; currency: string } };

type Values = { reason?: string };

const REJECT_MAX = 500;
const REVERSE_MAX = 300;

/**
 * The last step before money moves (or a recharge is refused): approving names the amount it credits,
 * rejecting and reversing need a reason. The server's refusals stay in the dialog (409: the submitter's
 * own recharge, a wallet that no longer holds the money). Drawn while open: one idempotency key each.
 */
export function RechargeDecisionDialog({ decision, onClose, onDone }: { decision: RechargeDecision; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation('finance');
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const rules = financeRules(t);
  const decide = useDecideRecharge();
  const reverse = useReverseRecharge();
  const { key, renew } = useIdempotencyKey();
  const { record, move } = decision;
  const mutation = move === 'reverse' ? reverse : decide;
  const reasonMax = move === 'reverse' ? REVERSE_MAX : REJECT_MAX;

  const succeed = (done: string) => () => {
    renew();
    message.success(done);
    onClose();
    onDone();
  };

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const reason = (values.reason ?? '').trim();
    if (move === 'reverse') reverse.mutate({ input: { rechargeId: record.id, reason }, idempotencyKey: key }, { onSuccess: succeed(t('recharge.reversed')) });
    else decide.mutate({ input: { id: record.id, approve: move === 'approve', reason }, idempotencyKey: key }, { onSuccess: succeed(t(move === 'approve' ? 'recharge.approved' : 'recharge.rejected', { rechargeNo: record.rechargeNo })) });
  };

  const credit = decision.credit ?? { amount: record.receivedAmount, currency: record.receivedCurrency };
  const title =
    move === 'approve'
      ? t('recharge.approveTitle', { rechargeNo: record.rechargeNo })
      : move === 'reject'
        ? t('recharge.rejectTitle', { rechargeNo: record.rechargeNo })
        : t('recharge.reverseTitle', { rechargeNo: record.rechargeNo });
  const okText = move === 'approve' ? t('recharge.approveOk') : move === 'reject' ? t('common.reject') : t('recharge.reverseOk');

  return (
    <Modal
      open
      title={title}
      okText={okText}
      okButtonProps={{ danger: move !== 'approve', 'aria-label': okText }}
      cancelText={t('common.back')}
      confirmLoading={mutation.isPending}
      onOk={() => void submit()}
      onCancel={onClose}
      width={560}
      data-testid={`recharge-${move}-dialog`}
    >
      <ServerError error={mutation.error} notFound={t('common.notFound')} />
      <Descriptions
        size="small"
        column={1}
        style={{ marginBottom: 12 }}
        items={[
          { key: 'tenant', label: t('common.tenant'), children: record.tenantName },
          { key: 'transfer', label: t('recharge.transferAmount'), children: <Money amount={record.transferAmount} currency={record.transferCurrency} /> },
          {
            key: 'received',
            label: move === 'approve' ? t('recharge.willCredit') : t('recharge.receivedAmount'),
            children: <Money amount={move === 'approve' ? credit.amount : record.receivedAmount} currency={move === 'approve' ? credit.currency : record.receivedCurrency} />,
          },
        ]}
      />
      {move === 'approve' && (
        <Alert type="info" showIcon title={t('recharge.approveConfirm', { tenant: record.tenantName, currency: credit.currency, amount: moneyText(credit.amount, credit.currency) })} />
      )}
      {move === 'reverse' && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          title={t('recharge.reverseHelp', { tenant: record.tenantName, currency: record.receivedCurrency, amount: moneyText(record.receivedAmount, record.receivedCurrency) })}
        />
      )}
      {move === 'reject' && <Alert type="warning" showIcon style={{ marginBottom: 12 }} title={t('recharge.rejectHelp')} />}
      {/* always drawn: approving validates an empty form, the others their reason */}
      <Form<Values> form={form} layout="vertical" name={`recharge-${move}`}>
        {move !== 'approve' && (
          <Form.Item name="reason" label={t('common.reason')} rules={rules.requiredText(t('common.reason'), reasonMax)} required>
            <Input.TextArea rows={3} maxLength={reasonMax} showCount />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
