import { useRef } from 'react';
import { Alert, App, Button, Col, DatePicker, Descriptions, Form, Input, Modal, Row, Select, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { RECEIVING_ACCOUNTS } from '@portal/shared/finance';
import type { RechargeInput, RechargeRecord } from '@portal/shared/finance-schemas';
import { CURRENCY_CODES, type CurrencyCode } from '@portal/shared/money';
import { Access } from '../../../components/access.tsx';
import { ServerError } from '../../../components/server-error.tsx';
import { DATE_TIME_FORMAT, formatMoney } from '../../../lib/format.ts';
import { useIdempotencyKey } from '../../../lib/idempotency.ts';
import { useEditRecharge, useSubmitRecharge } from '../api/recharges.ts';
import { useRates } from '../api/wallets.ts';
import { walletRules } from '../form-rules.ts';
import { amountProblem, convertedAmount } from '../money.ts';
import { CurrencySuffix } from './currency-suffix.tsx';
import { voucherFilesOf, voucherIdsOf, VoucherUpload, type VoucherFile } from './voucher-upload.tsx';

/** What the form holds; the contract's limits (finance-schemas.ts rechargeInput). */
type Values = {
  transferCurrency?: CurrencyCode;
  transferAmount?: string;
  receivedCurrency?: CurrencyCode;
  receivingAccountCode?: string;
  payerName?: string;
  payerAccount?: string;
  transferredAt?: Dayjs | null;
  remark?: string;
  vouchers?: VoucherFile[];
};

type Intent = 'draft' | 'submit';

const PAYER_NAME_MAX = 100;
const PAYER_ACCOUNT_MAX = 64;
const REMARK_MAX = 500;

/** A merchant can wire only to an account the platform has in that currency. */
const TRANSFER_CURRENCIES = [...new Set(RECEIVING_ACCOUNTS.map((account) => account.currency))];
const accountsIn = (currency: CurrencyCode | undefined) => RECEIVING_ACCOUNTS.filter((account) => account.currency === currency);
const accountOf = (code: string | undefined) => RECEIVING_ACCOUNTS.find((account) => account.code === code);

function valuesOf(draft: RechargeRecord | null): Values {
  if (!draft) return { transferCurrency: undefined, transferAmount: '', receivedCurrency: undefined, receivingAccountCode: undefined, payerName: '', payerAccount: '', transferredAt: null, remark: '', vouchers: [] };
  return {
    transferCurrency: draft.transferCurrency,
    transferAmount: draft.transferAmount,
    receivedCurrency: draft.receivedCurrency,
    receivingAccountCode: draft.receivingAccountCode,
    payerName: draft.payerName,
    payerAccount: draft.payerAccount,
    transferredAt: draft.transferredAt ? dayjs(draft.transferredAt) : null,
    remark: draft.remark,
    vouchers: voucherFilesOf(draft.vouchers),
  };
}

/**
 * The form's values as the contract's body (validated before: the selects are set). The form does not show a
 * draft's rate application (another client set it): it goes back with the draft while the currencies it is for
 * stay, since the edit replaces the draft and would otherwise drop it.
 */
function inputOf(values: Values, draft: boolean, stored: RechargeRecord | null): RechargeInput {
  const rateApplyId = stored?.rateApplyId ?? null;
  const samePair = stored !== null && values.transferCurrency === stored.transferCurrency && values.receivedCurrency === stored.receivedCurrency;
  return {
    transferCurrency: values.transferCurrency ?? 'CNY',
    transferAmount: (values.transferAmount ?? '').trim(),
    receivedCurrency: values.receivedCurrency ?? 'CNY',
    receivingAccountCode: values.receivingAccountCode ?? '',
    payerName: (values.payerName ?? '').trim(),
    payerAccount: (values.payerAccount ?? '').trim(),
    // with the user's offset: the server keeps the instant the user meant
    ...(values.transferredAt ? { transferredAt: values.transferredAt.format() } : {}),
    ...(rateApplyId !== null && samePair ? { rateApplyId } : {}),
    remark: (values.remark ?? '').trim(),
    voucherIds: voucherIdsOf(values.vouchers),
    draft,
  };
}

/** Where to wire: bank, account number (copyable) and holder of the chosen receiving account. */
function ReceivingAccount({ code }: { code: string | undefined }) {
  const { t } = useTranslation('wallet');
  const account = accountOf(code);
  if (!account) return null;
  return (
    <Descriptions
      size="small"
      bordered
      column={1}
      style={{ marginTop: -8, marginBottom: 16 }}
      data-testid="receiving-account"
      items={[
        { key: 'bank', label: t('recharge.field.receivingBank'), children: account.bank },
        { key: 'accountNo', label: t('recharge.field.receivingAccountNo'), children: <Typography.Text copyable>{account.accountNo}</Typography.Text> },
        { key: 'holder', label: t('recharge.field.accountHolder'), children: account.holder },
      ]}
    />
  );
}

/** "≈ X CNY at rate R" when the wallet credited is in another currency than the transfer, from today's rates. */
function Estimate({ from, to, amount }: { from: CurrencyCode | undefined; to: CurrencyCode | undefined; amount: string | undefined }) {
  const { t } = useTranslation('wallet');
  const converts = from !== undefined && to !== undefined && from !== to;
  const rates = useRates(converts ? from : undefined);
  if (!converts || !rates.data) return null;
  const quote = rates.data.rates.find((rate) => rate.quoteCurrency === to);
  if (!quote) return <Alert type="warning" showIcon title={t('recharge.form.noRate', { from, to })} style={{ marginBottom: 16 }} data-testid="recharge-estimate" />;
  const valid = amount !== undefined && amountProblem(amount, from) === null;
  const text = valid
    ? t('recharge.form.estimate', { amount: formatMoney(convertedAmount(amount, from, to, quote.rate)), currency: to, from, rate: quote.rate })
    : t('recharge.form.rateOnly', { from, to, rate: quote.rate });
  return <Alert type="info" showIcon title={text} description={t('recharge.form.estimateHelp')} style={{ marginBottom: 16 }} data-testid="recharge-estimate" />;
}

/**
 * A new recharge, or a draft's changes (the parent mounts the dialog anew, by its key, for each
 * draft or new recharge it opens: the form starts from `draft`): what was wired (currency, amount, from whom, to which of the
 * platform's accounts, when), the wallet currency to credit, and the bank vouchers. "Save draft" keeps
 * it; "Submit for review" sends it to finance and needs a voucher. One idempotency key per opening:
 * a retry after a failure sends the same key, so a lost answer never records the recharge twice.
 */
export function RechargeFormDialog({ open, draft, onDone, onClose }: { open: boolean; draft: RechargeRecord | null; onDone?: (record: RechargeRecord) => void; onClose: () => void }) {
  const { t } = useTranslation('wallet');
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const submit = useSubmitRecharge();
  const edit = useEditRecharge();
  const mutation = draft ? edit : submit;
  const { key, renew } = useIdempotencyKey();
  // which button is validating: a voucher is required only to submit (read by the rule, not in render)
  const intent = useRef<Intent>('draft');
  const rules = walletRules(t);

  const transferCurrency = Form.useWatch('transferCurrency', form);
  const receivedCurrency = Form.useWatch('receivedCurrency', form);
  const transferAmount = Form.useWatch('transferAmount', form);
  const accountCode = Form.useWatch('receivingAccountCode', form);

  const onValuesChange = (changed: Values) => {
    if (!('transferCurrency' in changed)) return;
    const currency = changed.transferCurrency;
    const accounts = accountsIn(currency);
    const current = form.getFieldValue('receivingAccountCode') as string | undefined;
    // the account must take that currency; with one only, it is the one
    if (!accounts.some((account) => account.code === current)) form.setFieldValue('receivingAccountCode', accounts.length === 1 ? accounts[0]?.code : undefined);
    if (!form.getFieldValue('receivedCurrency')) form.setFieldValue('receivedCurrency', currency);
    if (form.getFieldValue('transferAmount')) void form.validateFields(['transferAmount']).catch(() => undefined);
  };

  const send = async (next: Intent) => {
    intent.current = next;
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const input = inputOf(values, next === 'draft', draft);
    const done = (record: RechargeRecord) => {
      message.success(t(next === 'draft' ? 'recharge.form.saved' : 'recharge.form.submitted', { rechargeNo: record.rechargeNo }));
      renew();
      onDone?.(record);
      onClose();
    };
    if (draft) edit.mutate({ input: { ...input, id: draft.id }, idempotencyKey: key }, { onSuccess: done });
    else submit.mutate({ input, idempotencyKey: key }, { onSuccess: done });
  };

  const pendingIntent = mutation.isPending ? (mutation.variables?.input.draft ? 'draft' : 'submit') : null;

  return (
    <Modal
      open={open}
      title={draft ? t('recharge.form.editTitle', { rechargeNo: draft.rechargeNo }) : t('recharge.form.title')}
      onCancel={onClose}
      afterClose={() => {
        form.resetFields();
        submit.reset();
        edit.reset();
        renew();
      }}
      width={780}
      forceRender
      footer={[
        <Button key="cancel" onClick={onClose}>
          {t('common.cancel')}
        </Button>,
        <Button key="draft" loading={pendingIntent === 'draft'} disabled={pendingIntent === 'submit'} onClick={() => void send('draft')} data-testid="recharge-save-draft">
          {t('recharge.form.saveDraft')}
        </Button>,
        // submitting for review is a permission of its own (the server checks it too)
        <Access key="submit" code="wallet:recharge:submit">
          <Button type="primary" loading={pendingIntent === 'submit'} disabled={pendingIntent === 'draft'} onClick={() => void send('submit')} data-testid="recharge-submit">
            {t('recharge.form.submit')}
          </Button>
        </Access>,
      ]}
    >
      <ServerError error={mutation.error} />
      {/* initial values, not an effect: a page kept alive in a hidden tab re-runs its effects when shown again, and would wipe what was typed */}
      <Form<Values> form={form} layout="vertical" name="rechargeForm" initialValues={valuesOf(draft)} onValuesChange={onValuesChange} requiredMark>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="transferCurrency" label={t('recharge.field.transferCurrency')} rules={rules.select(t('recharge.field.transferCurrency'))} extra={t('recharge.form.transferCurrencyHelp')}>
              <Select
                placeholder={tc('components.query.selectPlaceholder', { label: t('recharge.field.transferCurrency') })}
                options={TRANSFER_CURRENCIES.map((currency) => ({ value: currency, label: currency }))}
                data-testid="recharge-transfer-currency"
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="transferAmount" label={t('recharge.field.transferAmount')} rules={rules.amount(t('recharge.field.transferAmount'), () => form.getFieldValue('transferCurrency') as CurrencyCode | undefined)} required>
              <Input inputMode="decimal" autoComplete="off" suffix={<CurrencySuffix currency={transferCurrency} />} style={{ fontVariantNumeric: 'tabular-nums' }} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="receivingAccountCode" label={t('recharge.field.receivingAccount')} rules={rules.select(t('recharge.field.receivingAccount'))}>
              <Select
                placeholder={transferCurrency ? tc('components.query.selectPlaceholder', { label: t('recharge.field.receivingAccount') }) : t('recharge.form.pickCurrencyFirst')}
                disabled={!transferCurrency}
                options={accountsIn(transferCurrency).map((account) => ({ value: account.code, label: `${account.bank} · ${account.accountNo}` }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="receivedCurrency" label={t('recharge.field.receivedCurrency')} rules={rules.select(t('recharge.field.receivedCurrency'))} extra={t('recharge.form.receivedCurrencyHelp')}>
              <Select
                showSearch
                placeholder={tc('components.query.selectPlaceholder', { label: t('recharge.field.receivedCurrency') })}
                options={CURRENCY_CODES.map((currency) => ({ value: currency, label: currency }))}
                data-testid="recharge-received-currency"
              />
            </Form.Item>
          </Col>
        </Row>
        <ReceivingAccount code={accountCode} />
        <Estimate from={transferCurrency} to={receivedCurrency} amount={transferAmount} />
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="payerName" label={t('recharge.field.payerName')} rules={rules.requiredText(t('recharge.field.payerName'), PAYER_NAME_MAX)} required>
              <Input maxLength={PAYER_NAME_MAX} autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="payerAccount" label={t('recharge.field.payerAccount')} rules={rules.optionalText(t('recharge.field.payerAccount'), PAYER_ACCOUNT_MAX)}>
              <Input maxLength={PAYER_ACCOUNT_MAX} autoComplete="off" spellCheck={false} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="transferredAt" label={t('recharge.field.transferredAt')}>
              <DatePicker showTime format={DATE_TIME_FORMAT} style={{ width: '100%' }} disabledDate={(date) => date.isAfter(dayjs().endOf('day'))} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="remark" label={t('common.remark')} rules={rules.optionalText(t('common.remark'), REMARK_MAX)}>
          <Input.TextArea rows={2} maxLength={REMARK_MAX} showCount />
        </Form.Item>
        <Form.Item
          name="vouchers"
          label={t('recharge.field.vouchers')}
          extra={t('voucher.help')}
          required
          rules={[
            {
              validator: (_rule, files: VoucherFile[] | undefined) => {
                if ((files ?? []).some((file) => file.status === 'uploading')) return Promise.reject(new Error(t('rules.voucherUploading')));
                if (intent.current === 'submit' && voucherIdsOf(files).length === 0) return Promise.reject(new Error(t('rules.voucherRequired')));
                return Promise.resolve();
              },
            },
          ]}
        >
          <VoucherUpload />
        </Form.Item>
      </Form>
    </Modal>
  );
}
