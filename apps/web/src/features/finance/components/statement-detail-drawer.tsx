import { Descriptions, Drawer, Flex, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DetailStates } from '../../../components/detail-states.tsx';
import type { DetailRecord } from '@portal/shared/finance-schemas';
import { ExportButton } from '../../../components/export-button.tsx';
import { formatCount, formatDateTime } from '../../../lib/format.ts';
import { useStatement, exportStatement } from '../api/statements.ts';
import { absDecimal } from '../decimal.ts';
import { JOURNAL_KIND_OPTIONS } from '../statuses.ts';
import { Money } from '../../../components/money.tsx';
import { OptionTag } from '../../../components/option-tag.tsx';
import { ReconciliationLine } from './reconciliation-line.tsx';

/** One monthly statement: its figures, the check that they agree, and every movement with the balance after it. */
export function StatementDetailDrawer({ statementId, onClose }: { statementId: number | null; onClose: () => void }) {
  const { t } = useTranslation('finance');
  const query = useStatement(statementId);
  const statement = query.data;
  return (
    <Drawer
      open={statementId !== null}
      onClose={onClose}
      size={960}
      title={statement ? t('statement.detailTitle', { month: statement.month, currency: statement.currency }) : t('common.detail')}
      extra={statement && <ExportButton code="finance:alipay-statement:export" label={t('common.export')} run={() => exportStatement(statement.id)} />}
      destroyOnHidden
    >
      <DetailStates pending={query.isPending && statementId !== null} failed={query.isError} onRetry={() => void query.refetch()} />
      {statement && (
        <Flex vertical gap={16} data-testid="statement-detail">
          <Descriptions
            size="small"
            bordered
            column={{ xs: 1, md: 2 }}
            items={[
              { key: 'month', label: t('statement.month'), children: statement.month },
              { key: 'currency', label: t('common.currency'), children: statement.currency },
              { key: 'opening', label: t('statement.opening'), children: <Money amount={statement.opening} currency={statement.currency} /> },
              { key: 'closing', label: t('statement.closing'), children: <Money amount={statement.closing} currency={statement.currency} /> },
              { key: 'credits', label: t('statement.credits'), children: <Money amount={statement.credits} currency={statement.currency} /> },
              { key: 'debits', label: t('statement.debits'), children: <Money amount={absDecimal(statement.debits)} currency={statement.currency} /> },
              { key: 'entryCount', label: t('statement.entryCount'), children: formatCount(statement.entryCount) },
              { key: 'generated', label: t('statement.generatedAt'), children: `${formatDateTime(statement.generatedAt)} ${statement.generatedBy}`.trim() },
              ...(statement.remark ? [{ key: 'remark', label: t('common.remark'), children: statement.remark, span: 'filled' as const }] : []),
            ]}
          />
          <ReconciliationLine statement={statement} lineAmounts={statement.lines.map((line) => line.amount)} />
          <div>
            <Typography.Title level={5}>{t('statement.lines')}</Typography.Title>
            <Table<DetailRecord>
              size="small"
              rowKey="id"
              dataSource={statement.lines}
              locale={{ emptyText: t('statement.noLines') }}
              pagination={statement.lines.length > 20 ? { pageSize: 20, size: 'small', showSizeChanger: false } : false}
              scroll={{ x: 'max-content' }}
              columns={[
                { key: 'postedAt', title: t('detail.postedAt'), render: (_, line) => formatDateTime(line.postedAt) },
                { key: 'kind', title: t('detail.kind'), render: (_, line) => <OptionTag options={JOURNAL_KIND_OPTIONS} value={line.kind} /> },
                { key: 'refNo', dataIndex: 'refNo', title: t('detail.refNo') },
                { key: 'memo', dataIndex: 'memo', title: t('detail.memo') },
                { key: 'amount', title: t('detail.amount'), align: 'right', render: (_, line) => <Money amount={line.amount} currency={line.currency} signed /> },
                { key: 'balance', title: t('detail.balance'), align: 'right', render: (_, line) => <Money amount={line.balance} currency={line.currency} /> },
              ]}
            />
          </div>
        </Flex>
      )}
    </Drawer>
  );
}
