import { App, Alert, Col, Form, Input, Modal, Radio, Row, Select, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RefundKind } from '@portal/shared/finance';
import type { PayOrderRecord, RefundInput, RefundRecord, WalletBalance } from '@portal/shared/finance-schemas';
import { CURRENCY_CODES, type CurrencyCode } from '@portal/shared/money';
import { ServerError } from '../../../components/server-error.tsx';
import { REFUND_KIND_OPTIONS } from '../../../entities/refund/kinds.ts';
import { formatMoney } from '../../../lib/format.ts';
import { useIdempotencyKey } from '../../../lib/idempotency.ts';
import { useWalletDetails } from '../../../entities/wallet/wallet-details.ts';
import { useBalance } from '../api/wallets.ts';
import { usePayOrders, useSubmitRefund } from '../api/refunds.ts';
import { walletRules } from '../form-rules.ts';
import { amountAbove, amountLess } from '../money.ts';
import { CurrencySuffix } from './currency-suffix.tsx';

type Values = {
  kind: RefundKind;
  currency?: CurrencyCode;
  payOrderNo?: string;
  amount?: string;
  payeeName?: string;
  payeeAccount?: string;
  payeeBank?: string;
  reason?: string;
};

const NAME_MAX = 100;
const ACCOUNT_MAX = 64;
const BANK_MAX = 100;
const REASON_MAX = 500;

/**
 * What a balance refund may take, as the server checks it: the balance less every refund of the company
 * already waiting (finance pays each from it). Not the wallet's pendingRefund, which counts only the refunds
 * the reader's own list shows.
 */
const availableOf = (wallet: WalletBalance | undefined): string | null => wallet?.available ?? null;

function BalanceLine({ wallet, loading }: { wallet: WalletBalance | undefined; loading: boolean }) {
  const { t } = useTranslation('wallet');
  if (loading) return <Skeleton.Input active size="small" style={{ marginBottom: 16 }} />;
  const available = availableOf(wallet);
  if (!wallet || available === null) return null;
  return (
    <Alert
      type="info"
      showIcon
      style={{ marginBottom: 16 }}
      data-testid="refund-available"
      title={t('refund.form.available', { amount: `${formatMoney(available)} ${wallet.currency}` })}
      description={t('refund.form.availableHelp', { balance: `${formatMoney(wallet.balance)} ${wallet.currency}`, pending: `${formatMoney(amountLess(wallet.balance, available, wallet.currency))} ${wallet.currency}` })}
    />
  );
}

const payOrderLabel = (order: PayOrderRecord, refundable: string) => `${order.payOrderNo} · ${order.orderNo} · ${refundable} ${formatMoney(order.refundable)} ${order.currency}`;

/**
 * "Request refund": a balance refund pays wallet money back to the merchant's bank (currency, amount,
 * payee); a charge refund returns (part of) a paid charge to the wallet. Nothing moves until finance
 * verifies it. The parent mounts the dialog anew per opening: one idempotency key per request.
 */
export function RefundFormDialog({ onDone, onClose }: { onDone?: (refund: RefundRecord) => void; onClose: () => void }) {
  // the kinds' texts are the finance namespace's (entities/refund)
  const { t } = useTranslation(['wallet', 'finance']);
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const submit = useSubmitRefund();
  const { key } = useIdempotencyKey();
  const rules = walletRules(t);
  const kind = Form.useWatch('kind', form) ?? 'BALANCE';
  const currency = Form.useWatch('currency', form);
  const payOrderNo = Form.useWatch('payOrderNo', form);
  const wallets = useWalletDetails();
  const balance = useBalance(kind === 'BALANCE' ? currency : undefined);
  const payOrders = usePayOrders(kind === 'CHARGE');
  const payOrder = payOrders.data?.find((order) => order.payOrderNo === payOrderNo);
  // the currencies the merchant holds money in come first; any other has nothing to refund
  const held = (wallets.data?.wallets ?? []).map((wallet) => wallet.currency);
  const currencies = held.length > 0 ? held : CURRENCY_CODES;

  const maxOf = () => (kind === 'BALANCE' ? availableOf(balance.data) : (payOrder?.refundable ?? null));
  const currencyOf = () => (kind === 'BALANCE' ? currency : payOrder?.currency);

  const send = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const amount = (values.amount ?? '').trim();
    const reason = (values.reason ?? '').trim();
    const input: RefundInput =
      values.kind === 'BALANCE'
        ? { kind: 'BALANCE', currency: values.currency ?? 'CNY', amount, payeeName: (values.payeeName ?? '').trim(), payeeAccount: (values.payeeAccount ?? '').trim(), payeeBank: (values.payeeBank ?? '').trim(), reason }
        : { kind: 'CHARGE', payOrderNo: values.payOrderNo ?? '', amount, reason };
    submit.mutate(
      { input, idempotencyKey: key },
      {
        onSuccess: (refund: RefundRecord) => {
          message.success(t('refund.form.submitted', { refundNo: refund.refundNo }));
          onDone?.(refund);
          onClose();
        },
      },
    );
  };

  return (
    <Modal open title={t('refund.form.title')} okText={t('refund.form.submit')} cancelText={t('common.cancel')} onOk={() => void send()} onCancel={onClose} confirmLoading={submit.isPending} width={680} destroyOnHidden>
      <ServerError error={submit.error} />
      <Form<Values>
        form={form}
        layout="vertical"
        name="refundForm"
        initialValues={{ kind: 'BALANCE' }}
        onValuesChange={(changed: Partial<Values>) => {
          // the limit changed with the wallet or charge: the amount is checked against the new one
          if (('currency' in changed || 'payOrderNo' in changed || 'kind' in changed) && form.getFieldValue('amount')) void form.validateFields(['amount']).catch(() => undefined);
        }}
      >
        <Form.Item name="kind" label={t('refund.field.kind')}>
          <Radio.Group
            optionType="button"
            buttonStyle="solid"
            options={REFUND_KIND_OPTIONS.map((option) => ({ value: option.value, label: tc(option.label) }))}
          />
        </Form.Item>
        <Alert type="info" title={kind === 'BALANCE' ? t('refund.form.balanceHelp') : t('refund.form.chargeHelp')} style={{ marginBottom: 16 }} />
        {kind === 'BALANCE' ? (
          <>
            <Form.Item name="currency" label={t('common.currency')} rules={rules.select(t('common.currency'))}>
              <Select placeholder={tc('components.query.selectPlaceholder', { label: t('common.currency') })} options={currencies.map((code) => ({ value: code, label: code }))} data-testid="refund-currency" />
            </Form.Item>
            <BalanceLine wallet={balance.data} loading={balance.isFetching && !balance.data} />
          </>
        ) : (
          <Form.Item name="payOrderNo" label={t('refund.field.payOrderNo')} rules={rules.select(t('refund.field.payOrderNo'))} extra={payOrder ? t('refund.form.paidCharge', { amount: `${formatMoney(payOrder.amount)} ${payOrder.currency}`, refunded: `${formatMoney(payOrder.refunded)} ${payOrder.currency}` }) : undefined}>
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              loading={payOrders.isPending}
              placeholder={tc('components.query.selectPlaceholder', { label: t('refund.field.payOrderNo') })}
              notFoundContent={payOrders.isPending ? undefined : t('refund.form.noPayOrders')}
              options={(payOrders.data ?? []).map((order) => ({ value: order.payOrderNo, label: payOrderLabel(order, t('refund.field.refundable')), disabled: !amountAbove(order.refundable, '0') }))}
              data-testid="refund-pay-order"
            />
          </Form.Item>
        )}
        <Form.Item name="amount" label={t('refund.field.amount')} rules={rules.amount(t('refund.field.amount'), currencyOf, maxOf)} required>
          <Input inputMode="decimal" autoComplete="off" suffix={<CurrencySuffix currency={currencyOf()} />} style={{ fontVariantNumeric: 'tabular-nums' }} />
        </Form.Item>
        {kind === 'BALANCE' && (
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item name="payeeName" label={t('refund.field.payeeName')} rules={rules.requiredText(t('refund.field.payeeName'), NAME_MAX)} required>
                <Input maxLength={NAME_MAX} autoComplete="off" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="payeeAccount" label={t('refund.field.payeeAccount')} rules={rules.requiredText(t('refund.field.payeeAccount'), ACCOUNT_MAX)} required>
                <Input maxLength={ACCOUNT_MAX} autoComplete="off" spellCheck={false} />
              </Form.Item>
            </Col>
            <Col span={24}>
              <Form.Item name="payeeBank" label={t('refund.field.payeeBank')} rules={rules.requiredText(t('refund.field.payeeBank'), BANK_MAX)} required>
                <Input maxLength={BANK_MAX} autoComplete="off" />
              </Form.Item>
            </Col>
          </Row>
        )}
        <Form.Item name="reason" label={t('refund.field.reason')} rules={rules.optionalText(t('refund.field.reason'), REASON_MAX)}>
          <Input.TextArea rows={3} maxLength={REASON_MAX} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
