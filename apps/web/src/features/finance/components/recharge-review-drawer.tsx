import { Alert, Button, Descriptions, Drawer, Flex, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DetailStates } from '../../../components/detail-states.tsx';
import type { RechargeRecord, RechargeReviewPreview as RechargePreview } from '@portal/shared/finance-schemas';
import { Access } from '../../../components/access.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useRechargePreview } from '../api/recharges.ts';
import { RECHARGE_STATUS_OPTIONS } from '../../../entities/recharge/statuses.ts';
import type { RechargeDecision } from './recharge-decision-dialog.tsx';
import { Money } from '../../../components/money.tsx';
import { OptionTag } from '../../../components/option-tag.tsx';
import { VoucherList } from './voucher-view.tsx';

function RecordDescriptions({ record }: { record: RechargeRecord }) {
  const { t } = useTranslation('finance');
  return (
    <Descriptions
      size="small"
      bordered
      column={{ xs: 1, md: 2 }}
      items={[
        { key: 'rechargeNo', label: t('recharge.rechargeNo'), children: record.rechargeNo },
        { key: 'status', label: t('common.status'), children: <OptionTag options={RECHARGE_STATUS_OPTIONS} value={record.status} /> },
        { key: 'tenant', label: t('common.tenant'), children: record.tenantName },
        { key: 'createdBy', label: t('common.createdBy'), children: record.createdBy },
        { key: 'transfer', label: t('recharge.transferAmount'), children: <Money amount={record.transferAmount} currency={record.transferCurrency} /> },
        { key: 'received', label: t('recharge.receivedAmount'), children: record.receivedAmount === null ? record.receivedCurrency : <Money amount={record.receivedAmount} currency={record.receivedCurrency} /> },
        { key: 'rate', label: t('recharge.rate'), children: record.rate ?? '' },
        { key: 'inverseRate', label: t('recharge.inverseRate'), children: record.inverseRate ?? '' },
        { key: 'unrecharged', label: t('recharge.unrechargedAmount'), children: <Money amount={record.unrechargedAmount} currency={record.receivedCurrency} /> },
        { key: 'rateApplyNo', label: t('recharge.rateApplyNo'), children: record.rateApplyNo ?? '' },
        { key: 'payerName', label: t('recharge.payerName'), children: record.payerName },
        { key: 'payerAccount', label: t('recharge.payerAccount'), children: record.payerAccount },
        { key: 'receivingBank', label: t('recharge.receivingBank'), children: record.receivingBank },
        { key: 'receivingAccountNo', label: t('recharge.receivingAccountNo'), children: record.receivingAccountNo },
        { key: 'transferredAt', label: t('recharge.transferredAt'), children: formatDateTime(record.transferredAt) },
        { key: 'submittedAt', label: t('recharge.submittedAt'), children: formatDateTime(record.submittedAt) },
        { key: 'decidedBy', label: t('common.decidedBy'), children: record.decidedBy },
        { key: 'decidedAt', label: t('common.decidedAt'), children: formatDateTime(record.decidedAt) },
        { key: 'postedAt', label: t('recharge.postedAt'), children: formatDateTime(record.postedAt) },
        { key: 'createdAt', label: t('common.createdAt'), children: formatDateTime(record.createdAt) },
        { key: 'remark', label: t('common.remark'), children: record.remark, span: 'filled' as const },
        ...(record.rejectReason ? [{ key: 'rejectReason', label: t('recharge.rejectReason'), children: record.rejectReason, span: 'filled' as const }] : []),
      ]}
    />
  );
}

/** What approving now would do: the rate it would use (the table's or an approved application's) and the amount it credits. */
function CreditPreview({ preview }: { preview: RechargePreview }) {
  const { t } = useTranslation('finance');
  const { record } = preview;
  const same = record.transferCurrency === record.receivedCurrency;
  return (
    <Flex vertical gap={8} data-testid="recharge-credit-preview">
      <Descriptions
        size="small"
        bordered
        column={1}
        items={[
          { key: 'rate', label: t('recharge.rateNow'), children: same ? t('recharge.sameCurrency') : (preview.rate ?? '—') },
          ...(same || preview.inverseRate === null ? [] : [{ key: 'inverseRate', label: t('recharge.inverseRate'), children: preview.inverseRate }]),
          {
            key: 'credit',
            label: t('recharge.willCredit'),
            children: (
              <Typography.Text strong data-testid="recharge-credit-amount">
                <Money amount={preview.creditAmount} currency={record.receivedCurrency} />
              </Typography.Text>
            ),
          },
        ]}
      />
      {preview.rateApplyNo && <Alert type="info" showIcon title={t('recharge.rateFromApply', { applyNo: preview.rateApplyNo })} />}
      {/* the server says why when it has no rate (or the application's lapsed); our own words otherwise */}
      {preview.reason ? (
        <Alert type={preview.rate === null && !same ? 'error' : 'warning'} showIcon title={t('recharge.rateNote', { reason: preview.reason })} />
      ) : (
        !same && preview.rate === null && <Alert type="error" showIcon title={t('recharge.rateNone')} />
      )}
    </Flex>
  );
}

/**
 * The review of one recharge (recharge/confirm): the record, the merchant's bank vouchers, the rate and
 * amount approving would credit now; Approve and Reject for one awaiting review, Reverse for one credited.
 */
export function RechargeReviewDrawer({ rechargeId, onClose, onDecide }: { rechargeId: number | null; onClose: () => void; onDecide: (decision: RechargeDecision) => void }) {
  const { t } = useTranslation('finance');
  const query = useRechargePreview(rechargeId);
  const preview = query.data;
  const record = preview?.record;
  const credit = preview && record ? { amount: preview.creditAmount, currency: record.receivedCurrency } : undefined;
  const canCredit = record?.transferCurrency === record?.receivedCurrency || Boolean(preview?.rate);
  return (
    <Drawer
      open={rechargeId !== null}
      onClose={onClose}
      size={880}
      title={record ? t('recharge.reviewTitle', { rechargeNo: record.rechargeNo }) : t('recharge.review')}
      destroyOnHidden
      footer={
        record && (
          <Flex justify="flex-end">
            <Space>
              {record.status === 'SUBMITTED' && (
                <>
                  <Access code="finance:recharge-review:reject">
                    <Button danger onClick={() => onDecide({ record, move: 'reject' })} data-testid="recharge-reject">
                      {t('common.reject')}
                    </Button>
                  </Access>
                  <Access code="finance:recharge-review:approve">
                    <Button type="primary" disabled={!canCredit} onClick={() => onDecide({ record, move: 'approve', credit })} data-testid="recharge-approve">
                      {t('common.approve')}
                    </Button>
                  </Access>
                </>
              )}
              {record.status === 'CONFIRMED' && (
                <Access code="finance:recharge-review:reverse">
                  <Button danger onClick={() => onDecide({ record, move: 'reverse' })} data-testid="recharge-reverse">
                    {t('recharge.reverse')}
                  </Button>
                </Access>
              )}
            </Space>
          </Flex>
        )
      }
    >
      <DetailStates pending={query.isPending && rechargeId !== null} failed={query.isError} onRetry={() => void query.refetch()} />
      {preview && record && (
        <Flex vertical gap={20} data-testid="recharge-review">
          {record.status === 'SUBMITTED' && (
            <div>
              <Typography.Title level={5} style={{ marginTop: 0 }}>
                {t('recharge.previewTitle')}
              </Typography.Title>
              <CreditPreview preview={preview} />
            </div>
          )}
          <div>
            <Typography.Title level={5} style={{ marginTop: record.status === 'SUBMITTED' ? undefined : 0 }}>
              {t('recharge.record')}
            </Typography.Title>
            <RecordDescriptions record={record} />
          </div>
          <div>
            <Typography.Title level={5}>{t('recharge.vouchers')}</Typography.Title>
            <VoucherList vouchers={record.vouchers} />
          </div>
        </Flex>
      )}
    </Drawer>
  );
}
