import { Descriptions, Drawer, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { RECEIVING_ACCOUNTS } from '@portal/shared/finance';
import type { RechargeRecord } from '@portal/shared/finance-schemas';
import { formatDateTime } from '../../../lib/format.ts';
import { useRecharge } from '../api/recharges.ts';
import { RECHARGE_STATUS_OPTIONS } from '../../../entities/recharge/statuses.ts';
import { DetailStates } from '../../../components/detail-states.tsx';
import { Money } from '../../../components/money.tsx';
import { RateText } from './rate-text.tsx';
import { OptionTag } from '../../../components/option-tag.tsx';
import { VoucherGallery } from './voucher-gallery.tsx';

function RechargeFields({ recharge }: { recharge: RechargeRecord }) {
  // the recharge's status texts are the finance namespace's (entities/recharge)
  const { t } = useTranslation(['wallet', 'finance']);
  const holder = RECEIVING_ACCOUNTS.find((account) => account.code === recharge.receivingAccountCode)?.holder ?? '';
  // before confirmation the received amount is today's estimate, not what will be credited
  const estimated = recharge.status !== 'CONFIRMED' && recharge.status !== 'REVERSED' && recharge.receivedAmount !== null;
  return (
    <Descriptions
      size="small"
      bordered
      column={{ xs: 1, md: 2 }}
      items={[
        { key: 'rechargeNo', label: t('recharge.field.rechargeNo'), children: recharge.rechargeNo },
        { key: 'status', label: t('common.status'), children: <OptionTag options={RECHARGE_STATUS_OPTIONS} value={recharge.status} /> },
        { key: 'transfer', label: t('recharge.field.transferAmount'), children: <Money amount={recharge.transferAmount} currency={recharge.transferCurrency} strong /> },
        {
          key: 'received',
          label: t('recharge.field.receivedAmount'),
          children: (
            <>
              <Money amount={recharge.receivedAmount} currency={recharge.receivedCurrency} strong />
              {estimated && <Typography.Text type="secondary">{` ${t('recharge.estimated')}`}</Typography.Text>}
              {recharge.receivedAmount === null && recharge.receivedCurrency}
            </>
          ),
        },
        { key: 'rate', label: t('recharge.field.rate'), children: <RateText rate={recharge.rate} base={recharge.transferCurrency} quote={recharge.receivedCurrency} /> },
        { key: 'inverseRate', label: t('recharge.field.inverseRate'), children: <RateText rate={recharge.inverseRate} base={recharge.receivedCurrency} quote={recharge.transferCurrency} /> },
        { key: 'unrecharged', label: t('recharge.field.unrechargedAmount'), children: <Money amount={recharge.unrechargedAmount} currency={recharge.receivedCurrency} /> },
        { key: 'rateApplyNo', label: t('recharge.field.rateApplyNo'), children: recharge.rateApplyNo ?? '' },
        { key: 'receivingBank', label: t('recharge.field.receivingBank'), children: recharge.receivingBank },
        { key: 'receivingAccountNo', label: t('recharge.field.receivingAccountNo'), children: recharge.receivingAccountNo },
        { key: 'holder', label: t('recharge.field.accountHolder'), children: holder },
        { key: 'payerName', label: t('recharge.field.payerName'), children: recharge.payerName },
        { key: 'payerAccount', label: t('recharge.field.payerAccount'), children: recharge.payerAccount },
        { key: 'transferredAt', label: t('recharge.field.transferredAt'), children: formatDateTime(recharge.transferredAt) },
        { key: 'createdBy', label: t('common.createdBy'), children: recharge.createdBy },
        { key: 'createdAt', label: t('common.createdAt'), children: formatDateTime(recharge.createdAt) },
        { key: 'submittedAt', label: t('recharge.field.submittedAt'), children: formatDateTime(recharge.submittedAt) },
        { key: 'decidedBy', label: t('recharge.field.decidedBy'), children: recharge.decidedBy },
        { key: 'decidedAt', label: t('recharge.field.decidedAt'), children: formatDateTime(recharge.decidedAt) },
        { key: 'postedAt', label: t('recharge.field.postedAt'), children: formatDateTime(recharge.postedAt) },
        { key: 'remark', label: t('common.remark'), children: recharge.remark, span: 2 },
        ...(recharge.rejectReason ? [{ key: 'rejectReason', label: t('recharge.field.rejectReason'), children: <Typography.Text type="danger">{recharge.rejectReason}</Typography.Text>, span: 2 }] : []),
      ]}
    />
  );
}

/** A recharge with every field and its bank vouchers. */
export function RechargeDetailDrawer({ rechargeId, onClose }: { rechargeId: number | null; onClose: () => void }) {
  const { t } = useTranslation('wallet');
  const query = useRecharge(rechargeId);
  const recharge = query.data;
  return (
    <Drawer open={rechargeId !== null} onClose={onClose} size={820} title={recharge ? t('recharge.detailTitle', { rechargeNo: recharge.rechargeNo }) : t('common.detail')} destroyOnHidden>
      <DetailStates pending={query.isPending && rechargeId !== null} failed={query.isError} onRetry={() => void query.refetch()} />
      {recharge && (
        <Flex vertical gap={24} data-testid="recharge-detail">
          <RechargeFields recharge={recharge} />
          <div>
            <Typography.Title level={5} style={{ marginTop: 0 }}>
              {t('recharge.field.vouchers')}
            </Typography.Title>
            <VoucherGallery vouchers={recharge.vouchers} />
          </div>
        </Flex>
      )}
    </Drawer>
  );
}
