import { useState, type ReactNode } from 'react';
import { Button, Card, Col, Empty, Flex, Row, Select, Space, Table, Typography, theme } from 'antd';
import { PayCircleOutlined, PlusOutlined, RollbackOutlined, SwapOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { RateQuote, WalletBalance } from '@portal/shared/finance-schemas';
import { CURRENCY_CODES, type CurrencyCode } from '@portal/shared/money';
import { Access } from '../../../components/access.tsx';
import { formatDateTime, formatMoney } from '../../../lib/format.ts';
import { useWalletDetails } from '../../../entities/wallet/wallet-details.ts';
import { useRates } from '../api/wallets.ts';
import { ConvertDialog } from '../components/convert-dialog.tsx';
import { DetailStates } from '../../../components/detail-states.tsx';
import { Money } from '../../../components/money.tsx';
import { requestAction, type WalletAction } from '../components/pending-action.ts';
import { RateText } from '../components/rate-text.tsx';

/** The record pages (menu paths), each opening its form at once when asked (pending-action.ts). */
const PATHS = { recharge: '/finance/wallet/recharge', pay: '/finance/wallet/payment', refund: '/finance/wallet/refund' } as const;
const DEFAULT_RATE_CURRENCY: CurrencyCode = 'CNY';

/** A labelled line of a wallet's card: the label on the left, what it says on the right. */
function CardLine({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <Flex justify="space-between" gap={16}>
      <Typography.Text type="secondary">{label}</Typography.Text>
      <span data-testid={testId}>{children}</span>
    </Flex>
  );
}

function WalletCard({ wallet }: { wallet: WalletBalance }) {
  const { t } = useTranslation('wallet');
  const { token } = theme.useToken();
  return (
    <Card size="small" title={<span style={{ fontSize: 16 }}>{wallet.currency}</span>} data-testid={`wallet-card-${wallet.currency}`} style={{ height: '100%' }}>
      <Typography.Text type="secondary">{t('overview.balance')}</Typography.Text>
      <div style={{ fontSize: 28, fontWeight: 600, lineHeight: 1.4, fontVariantNumeric: 'tabular-nums', color: token.colorText }} data-testid="wallet-balance">
        {formatMoney(wallet.balance)} <span style={{ fontSize: 16, fontWeight: 400 }}>{wallet.currency}</span>
      </div>
      <Flex vertical gap={4} style={{ marginTop: 8 }}>
        {/* each pending amount sums a record list: the server gives it only to a reader of that list */}
        {wallet.unrecharged !== null && (
          <CardLine label={t('overview.unrecharged')} testId="wallet-unrecharged">
            <Money amount={wallet.unrecharged} currency={wallet.currency} />
          </CardLine>
        )}
        {wallet.pendingRefund !== null && (
          <CardLine label={t('overview.pendingRefund')} testId="wallet-pending-refund">
            <Money amount={wallet.pendingRefund} currency={wallet.currency} />
          </CardLine>
        )}
        <CardLine label={t('overview.updatedAt')}>
          <Typography.Text type="secondary">{wallet.updatedAt ? formatDateTime(wallet.updatedAt) : t('overview.noMovement')}</Typography.Text>
        </CardLine>
      </Flex>
    </Card>
  );
}

/** Goes to a record page with its form open. */
function useStart(): (action: WalletAction) => void {
  const navigate = useNavigate();
  return (action) => {
    requestAction(action);
    void navigate(PATHS[action]);
  };
}

function QuickActions() {
  const { t } = useTranslation('wallet');
  const start = useStart();
  const [converting, setConverting] = useState(false);
  return (
    <Space wrap>
      <Access code="wallet:recharge:add">
        <Button type="primary" icon={<PlusOutlined />} onClick={() => start('recharge')} data-testid="quick-recharge">
          {t('overview.recharge')}
        </Button>
      </Access>
      <Access code="wallet:payment:add">
        <Button icon={<PayCircleOutlined />} onClick={() => start('pay')} data-testid="quick-pay">
          {t('overview.pay')}
        </Button>
      </Access>
      <Access code="wallet:refund:submit">
        <Button icon={<RollbackOutlined />} onClick={() => start('refund')} data-testid="quick-refund">
          {t('overview.refund')}
        </Button>
      </Access>
      <Access code="wallet:overview:convert">
        <Button icon={<SwapOutlined />} onClick={() => setConverting(true)} data-testid="quick-convert">
          {t('convert.button')}
        </Button>
        {/* mounted per opening: a fresh form and idempotency key each time */}
        {converting && <ConvertDialog open onClose={() => setConverting(false)} />}
      </Access>
    </Space>
  );
}

function Wallets() {
  const { t } = useTranslation('wallet');
  const start = useStart();
  const details = useWalletDetails();
  const wallets = details.data?.wallets;
  if (!wallets) return <DetailStates pending={details.isPending} failed={details.isError} onRetry={() => void details.refetch()} />;
  if (wallets.length === 0) {
    return (
      <Empty description={t('overview.empty')} data-testid="wallet-empty">
        <Access code="wallet:recharge:add">
          <Button type="primary" icon={<PlusOutlined />} onClick={() => start('recharge')} data-testid="empty-recharge">
            {t('overview.recharge')}
          </Button>
        </Access>
      </Empty>
    );
  }
  return (
    <Row gutter={[16, 16]}>
      {wallets.map((wallet) => (
        <Col key={wallet.currency} xs={24} sm={12} lg={8} xxl={6}>
          <WalletCard wallet={wallet} />
        </Col>
      ))}
    </Row>
  );
}

/** Today's rates from one currency to every other, in both directions. */
function RateCard() {
  const { t } = useTranslation('wallet');
  const [currency, setCurrency] = useState<CurrencyCode>(DEFAULT_RATE_CURRENCY);
  const rates = useRates(currency);
  return (
    <Card
      title={t('overview.rates')}
      extra={
        <Select<CurrencyCode>
          value={currency}
          onChange={setCurrency}
          showSearch
          style={{ width: 110 }}
          aria-label={t('overview.rateCurrency')}
          options={CURRENCY_CODES.map((code) => ({ value: code, label: code }))}
          data-testid="rate-currency"
        />
      }
    >
      <DetailStates pending={false} failed={rates.isError && !rates.data} onRetry={() => void rates.refetch()} />
      <Table<RateQuote>
        size="small"
        rowKey="quoteCurrency"
        loading={rates.isFetching}
        dataSource={rates.data?.rates ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: rates.isPending ? ' ' : t('overview.noRates', { currency }) }}
        columns={[
          { key: 'quoteCurrency', dataIndex: 'quoteCurrency', title: t('overview.quoteCurrency') },
          { key: 'rate', title: t('overview.rate'), render: (_, quote) => <RateText rate={quote.rate} base={quote.baseCurrency} quote={quote.quoteCurrency} /> },
          { key: 'inverseRate', title: t('overview.inverseRate'), render: (_, quote) => <RateText rate={quote.inverseRate} base={quote.quoteCurrency} quote={quote.baseCurrency} /> },
          { key: 'effectiveFrom', title: t('overview.effectiveFrom'), render: (_, quote) => formatDateTime(quote.effectiveFrom) },
        ]}
      />
    </Card>
  );
}

/**
 * The wallet at a glance: a card per currency (balance; recharges not yet credited and refunds not yet
 * paid out below it, each for a reader of its list), the quick actions that open the record pages' forms, and today's rates.
 */
export function WalletOverviewPage() {
  const { t } = useTranslation('wallet');
  return (
    <Flex vertical gap={16}>
      <Card title={t('overview.title')} extra={<QuickActions />}>
        <Wallets />
      </Card>
      <RateCard />
    </Flex>
  );
}
