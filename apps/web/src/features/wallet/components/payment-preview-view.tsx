import { Alert, Descriptions, Flex, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PaymentPreview } from '@portal/shared/finance-schemas';
import { formatMoney } from '../../../lib/format.ts';
import { amountLess } from '../money.ts';
import { Money } from '../../../components/money.tsx';

type PreviewLine = PaymentPreview['lines'][number];

/** Whether "Pay now" may be pressed: the balance covers the total and every line can be paid. */
export const payable = (preview: PaymentPreview | undefined): boolean => Boolean(preview && preview.sufficient && preview.lines.length > 0 && preview.lines.every((line) => line.payable));

/**
 * What paying would do, before doing it: the total, the balance before and after, a warning when the
 * balance is short (by how much) and, per line, whether it can be paid and why not.
 */
export function PaymentPreviewView({ preview }: { preview: PaymentPreview }) {
  const { t } = useTranslation('wallet');
  const blocked = preview.lines.filter((line) => !line.payable);
  return (
    <Flex vertical gap={16} data-testid="payment-preview">
      <Descriptions
        size="small"
        bordered
        column={{ xs: 1, md: 3 }}
        items={[
          { key: 'amount', label: t('payment.preview.total'), children: <Money amount={preview.amount} currency={preview.currency} strong /> },
          { key: 'balance', label: t('payment.preview.balance'), children: <Money amount={preview.balance} currency={preview.currency} /> },
          {
            key: 'balanceAfter',
            label: t('payment.preview.balanceAfter'),
            children: preview.sufficient ? <Money amount={preview.balanceAfter} currency={preview.currency} /> : <Typography.Text type="danger">{t('payment.preview.notEnough')}</Typography.Text>,
          },
        ]}
      />
      {!preview.sufficient && (
        <Alert
          type="warning"
          showIcon
          data-testid="payment-insufficient"
          title={t('payment.preview.insufficient')}
          description={t('payment.preview.insufficientHelp', { short: `${formatMoney(amountLess(preview.amount, preview.balance, preview.currency))} ${preview.currency}` })}
        />
      )}
      {blocked.length > 0 && <Alert type="error" showIcon title={t('payment.preview.blocked', { count: blocked.length })} />}
      <Table<PreviewLine>
        size="small"
        rowKey="orderId"
        dataSource={preview.lines}
        pagination={preview.lines.length > 10 ? { pageSize: 10, size: 'small' } : false}
        columns={[
          { key: 'orderNo', dataIndex: 'orderNo', title: t('payment.field.orderNo') },
          { key: 'amount', title: t('common.amount'), align: 'right', render: (_, line) => <Money amount={line.amount} currency={preview.currency} /> },
          {
            key: 'payable',
            title: t('payment.preview.payable'),
            render: (_, line) => (line.payable ? <Tag color="green">{t('payment.preview.canPay')}</Tag> : <Tag color="red">{t('payment.preview.cannotPay')}</Tag>),
          },
          { key: 'reason', dataIndex: 'reason', title: t('payment.preview.reason') },
        ]}
      />
    </Flex>
  );
}
