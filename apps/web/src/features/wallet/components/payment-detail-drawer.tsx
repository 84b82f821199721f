import { Descriptions, Drawer, Flex, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PaymentRecord } from '@portal/shared/finance-schemas';
import { formatDateTime } from '../../../lib/format.ts';
import { usePayment } from '../api/payments.ts';
import { PAYMENT_STATUS_OPTIONS } from '../statuses.ts';
import { DetailStates } from '../../../components/detail-states.tsx';
import { Money } from '../../../components/money.tsx';
import { OptionTag } from '../../../components/option-tag.tsx';

type PaymentLine = PaymentRecord['lines'][number];

/** A payment with its lines: each charge paid, its pay order and what was refunded of it. */
export function PaymentDetailDrawer({ paymentId, onClose }: { paymentId: number | null; onClose: () => void }) {
  const { t } = useTranslation('wallet');
  const query = usePayment(paymentId);
  const payment = query.data;
  return (
    <Drawer open={paymentId !== null} onClose={onClose} size={820} title={payment ? t('payment.detailTitle', { paymentNo: payment.paymentNo }) : t('common.detail')} destroyOnHidden>
      <DetailStates pending={query.isPending && paymentId !== null} failed={query.isError} onRetry={() => void query.refetch()} />
      {payment && (
        <Flex vertical gap={24} data-testid="payment-detail">
          <Descriptions
            size="small"
            bordered
            column={{ xs: 1, md: 2 }}
            items={[
              { key: 'paymentNo', label: t('payment.field.paymentNo'), children: payment.paymentNo },
              { key: 'status', label: t('common.status'), children: <OptionTag options={PAYMENT_STATUS_OPTIONS} value={payment.status} /> },
              { key: 'amount', label: t('common.amount'), children: <Money amount={payment.amount} currency={payment.currency} strong /> },
              { key: 'payee', label: t('payment.field.payee'), children: payment.payee },
              { key: 'createdBy', label: t('common.createdBy'), children: payment.createdBy },
              { key: 'createdAt', label: t('common.createdAt'), children: formatDateTime(payment.createdAt) },
              { key: 'paidBy', label: t('payment.field.paidBy'), children: payment.paidBy },
              { key: 'paidAt', label: t('payment.field.paidAt'), children: formatDateTime(payment.paidAt) },
              { key: 'balanceAfter', label: t('payment.field.balanceAfter'), children: <Money amount={payment.balanceAfter} currency={payment.currency} /> },
              { key: 'remark', label: t('common.remark'), children: payment.remark, span: 2 },
            ]}
          />
          <div>
            <Typography.Title level={5} style={{ marginTop: 0 }}>
              {t('payment.lines')}
            </Typography.Title>
            <Table<PaymentLine>
              size="small"
              rowKey="orderId"
              dataSource={payment.lines}
              pagination={payment.lines.length > 10 ? { pageSize: 10, size: 'small' } : false}
              scroll={{ x: 'max-content' }}
              columns={[
                { key: 'orderNo', dataIndex: 'orderNo', title: t('payment.field.orderNo') },
                { key: 'amount', title: t('common.amount'), align: 'right', render: (_, line) => <Money amount={line.amount} currency={payment.currency} /> },
                { key: 'payOrderNo', dataIndex: 'payOrderNo', title: t('payment.field.payOrderNo') },
                { key: 'refunded', title: t('payment.field.refunded'), align: 'right', render: (_, line) => <Money amount={line.refunded} currency={payment.currency} /> },
              ]}
            />
          </div>
        </Flex>
      )}
    </Drawer>
  );
}
