import { useMemo } from 'react';
import { Alert, App, Button, Descriptions, Flex, Form, Input, Modal, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ConversionInput, ConversionPreview, ConversionRecord, WalletBalance } from '@portal/shared/finance-schemas';
import { CURRENCY_CODES, type CurrencyCode } from '@portal/shared/money';
import { failureMessage, ServerError } from '../../../components/server-error.tsx';
import { formatDateTime, formatMoney } from '../../../lib/format.ts';
import { useIdempotencyKey } from '../../../lib/idempotency.ts';
import { useWalletDetails } from '../../../entities/wallet/wallet-details.ts';
import { useConvertWallet, useConversionPreview } from '../api/wallets.ts';
import { walletRules } from '../form-rules.ts';
import { amountLess, amountProblem } from '../money.ts';
import { Money } from '../../../components/money.tsx';
import { CurrencySuffix } from './currency-suffix.tsx';
import { useSettled } from '../../../lib/use-settled.ts';

/** How long the amount must stay unchanged before the preview is asked for: typing asks once, not per key. */
export const CONVERT_PREVIEW_DEBOUNCE_MS = 300;

type Values = { fromCurrency?: CurrencyCode; toCurrency?: CurrencyCode; amount?: string };

/** The wallet with the most to convert is the likely source: the first with money in it. */
const defaultFrom = (wallets: WalletBalance[] | undefined): CurrencyCode | undefined => wallets?.find((wallet) => /[1-9]/.test(wallet.balance))?.currency;

/** The preview request of what the form holds, or null while it is incomplete or invalid. */
function inputOf(values: Values): ConversionInput | null {
  const { fromCurrency, toCurrency, amount } = values;
  if (!fromCurrency || !toCurrency || fromCurrency === toCurrency || amountProblem(amount ?? '', fromCurrency) !== null) return null;
  return { fromCurrency, toCurrency, amount: (amount ?? '').trim() };
}

/** What converting would do: "≈ 13.81 USD at 1 CNY = 0.1381 USD", the balance after, a warning when it is short. */
function PreviewView({ preview }: { preview: ConversionPreview }) {
  const { t } = useTranslation('wallet');
  const { fromCurrency: from, toCurrency: to } = preview;
  return (
    <Flex vertical gap={12} data-testid="convert-preview">
      <Alert
        type="info"
        showIcon
        title={<span data-testid="convert-estimate">{t('convert.estimate', { amount: formatMoney(preview.converted), to, from, rate: preview.rate })}</span>}
        description={`${t('convert.inverse', { to, from, rate: preview.inverseRate })} · ${t('convert.effectiveFrom', { time: formatDateTime(preview.effectiveFrom) })}`}
      />
      <Descriptions
        size="small"
        bordered
        column={1}
        items={[
          { key: 'balance', label: t('convert.balance'), children: <Money amount={preview.balance} currency={from} /> },
          {
            key: 'after',
            label: t('convert.balanceAfter'),
            children: (
              <span data-testid="convert-balance-after">
                <Money amount={preview.balanceAfter} currency={from} strong />
              </span>
            ),
          },
        ]}
      />
      {!preview.sufficient && (
        <Alert
          type="error"
          showIcon
          data-testid="convert-insufficient"
          title={t('convert.insufficient', {
            balance: `${formatMoney(preview.balance)} ${from}`,
            short: `${formatMoney(amountLess(preview.amount, preview.balance, from))} ${from}`,
          })}
        />
      )}
    </Flex>
  );
}

/**
 * "Convert": moves money from one of the merchant's wallets into another (a new one is fine) at the rate
 * applying now. The preview (convert/preview) follows what is typed; Convert sends the rate it showed
 * as `expectedRate`, so a rate changed meanwhile is refused (409) and the new preview shown instead of
 * converting at a rate nobody saw. One idempotency key per opening (the parent mounts the dialog anew):
 * a retry after a failure sends the same key, so a lost answer never converts twice.
 */
export function ConvertDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('wallet');
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const details = useWalletDetails();
  const wallets = details.data?.wallets;
  const convert = useConvertWallet();
  const { key, renew } = useIdempotencyKey();
  const rules = walletRules(t);

  const fromCurrency = Form.useWatch('fromCurrency', form);
  const toCurrency = Form.useWatch('toCurrency', form);
  const amount = Form.useWatch('amount', form);
  const typed = JSON.stringify(inputOf({ fromCurrency, toCurrency, amount }));
  const settledKey = useSettled(typed, CONVERT_PREVIEW_DEBOUNCE_MS);
  const settled = useMemo(() => JSON.parse(settledKey) as ConversionInput | null, [settledKey]);
  const preview = useConversionPreview(settled);
  // only a preview of what the form holds now may be converted
  const shown = settledKey === typed && settled !== null && !preview.isError ? preview.data : undefined;
  const canConvert = shown !== undefined && shown.sufficient && !preview.isFetching;

  const walletOf = (currency: CurrencyCode) => wallets?.find((wallet) => wallet.currency === currency);
  const fromOptions = (wallets ?? []).map((wallet) => ({ value: wallet.currency, label: t('convert.walletOption', { currency: wallet.currency, balance: formatMoney(wallet.balance) }) }));
  const toOptions = CURRENCY_CODES.filter((currency) => currency !== fromCurrency).map((currency) => {
    const wallet = walletOf(currency);
    return { value: currency, label: wallet ? t('convert.walletOption', { currency, balance: formatMoney(wallet.balance) }) : t('convert.newWallet', { currency }) };
  });

  const onValuesChange = (changed: Values) => {
    // a refusal belongs to what was sent: once the form changes it no longer applies
    convert.reset();
    if ('fromCurrency' in changed) {
      if (form.getFieldValue('toCurrency') === changed.fromCurrency) form.setFieldValue('toCurrency', undefined);
      // the amount's decimals depend on the currency (JPY has none)
      if (form.getFieldValue('amount')) void form.validateFields(['amount']).catch(() => undefined);
    }
  };

  const send = () => {
    if (!canConvert || !settled) return;
    const done = (record: ConversionRecord) => {
      message.success(
        t('convert.done', {
          conversionNo: record.conversionNo,
          amount: `${formatMoney(record.amount)} ${record.fromCurrency}`,
          converted: `${formatMoney(record.converted)} ${record.toCurrency}`,
        }),
      );
      renew();
      onClose();
    };
    convert.mutate(
      { input: { ...settled, expectedRate: shown.rate }, idempotencyKey: key },
      // a changed rate or balance: show the preview of now, to review and convert again
      { onSuccess: done, onError: () => void preview.refetch() },
    );
  };

  let previewBody;
  if (settled === null) previewBody = <Typography.Text type="secondary">{t('convert.waiting')}</Typography.Text>;
  else if (preview.isError) previewBody = <Alert type="warning" showIcon title={failureMessage(preview.error)} data-testid="convert-preview-error" />;
  else if (!preview.data) previewBody = <Typography.Text type="secondary">{t('convert.loading')}</Typography.Text>;
  else previewBody = <PreviewView preview={preview.data} />;

  return (
    <Modal
      open={open}
      title={t('convert.title')}
      onCancel={onClose}
      width={600}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={onClose}>
          {t('common.cancel')}
        </Button>,
        <Button key="convert" type="primary" loading={convert.isPending} disabled={!canConvert} onClick={send} data-testid="convert-submit">
          {t('convert.submit')}
        </Button>,
      ]}
    >
      <Typography.Paragraph type="secondary">{t('convert.help')}</Typography.Paragraph>
      <ServerError error={convert.error} />
      <Form<Values> form={form} layout="vertical" name="convertForm" initialValues={{ fromCurrency: defaultFrom(wallets), toCurrency: undefined, amount: '' }} onValuesChange={onValuesChange} requiredMark>
        <Flex gap={16} wrap>
          <Form.Item name="fromCurrency" label={t('convert.from')} rules={rules.select(t('convert.from'))} style={{ flex: '1 1 220px' }}>
            <Select
              placeholder={tc('components.query.selectPlaceholder', { label: t('convert.from') })}
              options={fromOptions}
              notFoundContent={t('convert.noWallets')}
              data-testid="convert-from"
            />
          </Form.Item>
          <Form.Item name="toCurrency" label={t('convert.to')} rules={rules.select(t('convert.to'))} style={{ flex: '1 1 220px' }}>
            <Select showSearch placeholder={tc('components.query.selectPlaceholder', { label: t('convert.to') })} options={toOptions} data-testid="convert-to" />
          </Form.Item>
        </Flex>
        <Form.Item name="amount" label={t('convert.amount')} rules={rules.amount(t('convert.amount'), () => form.getFieldValue('fromCurrency') as CurrencyCode | undefined)} required>
          <Input inputMode="decimal" autoComplete="off" suffix={<CurrencySuffix currency={fromCurrency} />} style={{ fontVariantNumeric: 'tabular-nums' }} />
        </Form.Item>
      </Form>
      {previewBody}
    </Modal>
  );
}
