import { Descriptions, Drawer } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format.ts';
import { useRefund } from '../api/refunds.ts';
import { REFUND_STATUS_OPTIONS } from '../../../entities/refund/statuses.ts';
import { REFUND_KIND_OPTIONS } from '../../../entities/refund/kinds.ts';
import { DetailStates } from '../../../components/detail-states.tsx';
import { Money } from '../../../components/money.tsx';
import { OptionTag } from '../../../components/option-tag.tsx';

/** A refund with every field: what was asked, by whom, and finance's decision. */
export function RefundDetailDrawer({ refundId, onClose }: { refundId: number | null; onClose: () => void }) {
  // the refund's status texts are the finance namespace's (entities/refund)
  const { t } = useTranslation(['wallet', 'finance']);
  const query = useRefund(refundId);
  const refund = query.data;
  return (
    <Drawer open={refundId !== null} onClose={onClose} size={760} title={refund ? t('refund.detailTitle', { refundNo: refund.refundNo }) : t('common.detail')} destroyOnHidden>
      <DetailStates pending={query.isPending && refundId !== null} failed={query.isError} onRetry={() => void query.refetch()} />
      {refund && (
        <Descriptions
          size="small"
          bordered
          column={{ xs: 1, md: 2 }}
          data-testid="refund-detail"
          items={[
            { key: 'refundNo', label: t('refund.field.refundNo'), children: refund.refundNo },
            { key: 'status', label: t('common.status'), children: <OptionTag options={REFUND_STATUS_OPTIONS} value={refund.status} /> },
            { key: 'kind', label: t('refund.field.kind'), children: <OptionTag options={REFUND_KIND_OPTIONS} value={refund.kind} /> },
            { key: 'amount', label: t('refund.field.amount'), children: <Money amount={refund.amount} currency={refund.currency} strong /> },
            { key: 'payOrderNo', label: t('refund.field.payOrderNo'), children: refund.payOrderNo ?? '' },
            { key: 'orderNo', label: t('refund.field.orderNo'), children: refund.orderNo ?? '' },
            { key: 'payeeName', label: t('refund.field.payeeName'), children: refund.payeeName },
            { key: 'payeeAccount', label: t('refund.field.payeeAccount'), children: refund.payeeAccount },
            { key: 'payeeBank', label: t('refund.field.payeeBank'), children: refund.payeeBank, span: 2 },
            { key: 'reason', label: t('refund.field.reason'), children: refund.reason, span: 2 },
            { key: 'createdBy', label: t('common.createdBy'), children: refund.createdBy },
            { key: 'createdAt', label: t('common.createdAt'), children: formatDateTime(refund.createdAt) },
            { key: 'refunder', label: t('refund.field.refunder'), children: refund.refunder },
            { key: 'decidedAt', label: t('refund.field.decidedAt'), children: formatDateTime(refund.decidedAt) },
            { key: 'postedAt', label: t('refund.field.postedAt'), children: formatDateTime(refund.postedAt) },
            { key: 'decisionRemark', label: t('refund.field.decisionRemark'), children: refund.decisionRemark, span: 2 },
          ]}
        />
      )}
    </Drawer>
  );
}
