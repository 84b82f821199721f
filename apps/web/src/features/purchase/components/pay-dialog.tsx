import { useState } from 'react';
import { Alert, App, Button, Descriptions, Flex, Form, Modal, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { currencyFromMinor, currencyToMinor, type CurrencyCode } from '@portal/shared/money';
import type { PayPreview, PayResult } from '@portal/shared/pre-order-schemas';
import type { PurchasePlatform } from '@portal/shared/purchase';
import { Money } from '../../../components/money.tsx';
import { failureMessage, ServerError } from '../../../components/server-error.tsx';
import { formatMoney } from '../../../lib/format.ts';
import { useIdempotencyKey } from '../../../lib/idempotency.ts';
import { usePay, usePayPreview, type PayTarget } from '../api/pre-orders.ts';
import { useWalletDetails } from '../../../entities/wallet/wallet-details.ts';

/** How much the wallet lacks: what paying takes less the balance, in the currency's unit. */
const shortOf = (preview: PayPreview): string => currencyFromMinor(currencyToMinor(preview.payAmount, preview.currency) - currencyToMinor(preview.balance, preview.currency), preview.currency);

function PreviewView({ preview }: { preview: PayPreview }) {
  const { t } = useTranslation('purchase');
  return (
    <Flex vertical gap={12} data-testid="pay-preview">
      <Descriptions
        size="small"
        bordered
        column={1}
        items={[
          { key: 'cny', label: t('pay.amountCny'), children: <Money amount={preview.amount} currency="CNY" /> },
          { key: 'rate', label: t('detail.rate'), children: <span data-testid="pay-rate">{t('pay.rate', { rate: preview.rate, currency: preview.currency })}</span> },
          {
            key: 'pay',
            label: t('pay.payAmount'),
            children: (
              <span data-testid="pay-amount">
                <Money amount={preview.payAmount} currency={preview.currency} strong />
              </span>
            ),
          },
          { key: 'balance', label: t('pay.balance'), children: <Money amount={preview.balance} currency={preview.currency} /> },
          {
            key: 'after',
            label: t('pay.balanceAfter'),
            children: (
              <span data-testid="pay-balance-after">
                <Money amount={preview.balanceAfter} currency={preview.currency} />
              </span>
            ),
          },
        ]}
      />
      {!preview.sufficient && <Alert type="error" showIcon data-testid="pay-insufficient" title={t('pay.insufficient', { currency: preview.currency, short: `${formatMoney(shortOf(preview))} ${preview.currency}` })} />}
    </Flex>
  );
}

/**
 * Paying a pre-purchase order, or the top-up a purchase order raised, from one of the tenant's wallets: the
 * CNY amounts, the rate of the moment, what the wallet pays and its balance after. Pay sends the rate it
 * showed as `expectedRate`: a rate changed meanwhile is refused and the preview of now shown, never a
 * payment at a rate nobody saw. One idempotency key per opening (the parent mounts the dialog anew): a
 * retry sends the same key. `number` is the pre-order's or the purchase order's, for the title.
 */
export function PayDialog({ platform, target, number, onClose, onPaid }: { platform: PurchasePlatform; target: PayTarget; number: string; onClose: () => void; onPaid?: (result: PayResult) => void }) {
  const { t } = useTranslation('purchase');
  const { message } = App.useApp();
  const wallets = useWalletDetails();
  const [chosen, setChosen] = useState<CurrencyCode | undefined>(undefined);
  // the wallet with money in it is the likely one; CNY when there is none yet
  const currency = chosen ?? wallets.data?.wallets.find((wallet) => /[1-9]/.test(wallet.balance))?.currency ?? (wallets.isFetched ? 'CNY' : undefined);
  const preview = usePayPreview(platform, target, currency);
  const pay = usePay(platform, target);
  const { key } = useIdempotencyKey();
  const shown = preview.isError ? undefined : preview.data;
  const canPay = shown !== undefined && shown.sufficient && !preview.isFetching;

  const send = () => {
    if (!shown || !currency) return;
    pay.mutate(
      { input: { id: target.id, currency, expectedRate: shown.rate }, idempotencyKey: key },
      {
        onSuccess: (result) => {
          message.success(t('pay.done', { amount: formatMoney(result.payAmount), currency: result.currency }));
          onPaid?.(result);
          onClose();
        },
        // a changed rate or balance: the preview of now, to review and pay again
        onError: () => void preview.refetch(),
      },
    );
  };

  const options: { value: CurrencyCode; label: string }[] = (wallets.data?.wallets ?? []).map((wallet) => ({ value: wallet.currency, label: t('pay.walletOption', { currency: wallet.currency, balance: formatMoney(wallet.balance) }) }));
  let body;
  if (preview.isError) body = <Alert type="warning" showIcon title={failureMessage(preview.error)} data-testid="pay-preview-error" />;
  else if (!shown) body = <Typography.Text type="secondary">{t('pay.loading')}</Typography.Text>;
  else body = <PreviewView preview={shown} />;

  return (
    <Modal
      open
      title={t(target.kind === 'preOrder' ? 'pay.title' : 'pay.topUpTitle', { number })}
      onCancel={onClose}
      width={560}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={onClose}>
          {t('pay.cancel')}
        </Button>,
        <Button key="pay" type="primary" loading={pay.isPending} disabled={!canPay} onClick={send} data-testid="pay-submit">
          {t('pay.ok')}
        </Button>,
      ]}
    >
      <ServerError error={pay.error} />
      <Form layout="vertical">
        <Form.Item label={t('pay.wallet')} htmlFor="purchase-pay-wallet" extra={wallets.isFetched && options.length === 0 ? t('pay.noWallet') : undefined}>
          <Select
            id="purchase-pay-wallet"
            value={currency}
            options={options.length > 0 ? options : currency ? [{ value: currency, label: currency }] : []}
            onChange={(value: CurrencyCode) => {
              pay.reset();
              setChosen(value);
            }}
            // the same wallet picked again asks again: it may have been topped up meanwhile
            onSelect={(value: CurrencyCode) => {
              if (value !== currency) return;
              pay.reset();
              void wallets.refetch();
              void preview.refetch();
            }}
            aria-label={t('pay.wallet')}
            data-testid="pay-wallet"
          />
        </Form.Item>
      </Form>
      {body}
    </Modal>
  );
}
