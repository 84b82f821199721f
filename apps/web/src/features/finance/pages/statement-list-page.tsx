import { useMemo, useState } from 'react';
import { Button, Card, DatePicker, Space } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Dayjs } from 'dayjs';
import type { ParseKeys } from 'i18next';
import type { StatementRecord } from '@portal/shared/finance-schemas';
import { Access } from '../../../components/access.tsx';
import { ListPage } from '../../../components/list-page/list-page.tsx';
import type { ListPageConfig } from '../../../components/list-page/list-config.ts';
import { ExportButton } from '../../../components/export-button.tsx';
import { listStatements, STATEMENT_LIST_KEY, exportStatement } from '../api/statements.ts';
import { absDecimal } from '../decimal.ts';
import { Money } from '../../../components/money.tsx';
import { isFutureMonth, MONTH_FORMAT, StatementGenerateDialog } from '../components/statement-generate-dialog.tsx';
import { StatementDetailDrawer } from '../components/statement-detail-drawer.tsx';
import { textKey } from '../../../components/list-page/text-key.ts';
import { withinPages } from '../../../components/list-page/within-pages.ts';

function statementList(month: string | undefined, onDetail: (id: number) => void): ListPageConfig<StatementRecord> {
  const money = (field: 'opening' | 'credits' | 'closing') => (record: StatementRecord) => <Money amount={record[field]} currency={record.currency} />;
  return {
    id: 'finance-statement',
    rowKey: 'id',
    queryKey: [...STATEMENT_LIST_KEY, { month }],
    fetcher: withinPages((params, signal) => listStatements({ ...params, month }, signal)),
    query: [{ name: 'currency', label: textKey('finance', 'common.currency'), type: 'dict', dict: 'Currency' }],
    columns: [
      {
        dataIndex: 'month',
        title: textKey('finance', 'statement.month'),
        fixed: 'left',
        width: 100,
        render: (record) => (
          <Button type="link" size="small" style={{ padding: 0 }} onClick={() => onDetail(record.id)}>
            {record.month}
          </Button>
        ),
      },
      { dataIndex: 'currency', title: textKey('finance', 'common.currency'), width: 80 },
      { dataIndex: 'opening', title: textKey('finance', 'statement.opening'), align: 'right', width: 150, render: money('opening') },
      { dataIndex: 'credits', title: textKey('finance', 'statement.credits'), align: 'right', width: 150, render: money('credits') },
      { dataIndex: 'debits', title: textKey('finance', 'statement.debits'), align: 'right', width: 150, render: (record) => <Money amount={absDecimal(record.debits)} currency={record.currency} /> },
      { dataIndex: 'closing', title: textKey('finance', 'statement.closing'), align: 'right', width: 150, render: money('closing') },
      { dataIndex: 'entryCount', title: textKey('finance', 'statement.entryCount'), format: 'count', align: 'right', width: 80 },
      { dataIndex: 'remark', title: textKey('finance', 'common.remark'), format: 'ellipsis', width: 160, defaultHidden: true },
      { dataIndex: 'generatedBy', title: textKey('finance', 'statement.generatedBy'), width: 110 },
      { dataIndex: 'generatedAt', title: textKey('finance', 'statement.generatedAt'), format: 'dateTime', width: 170 },
      {
        key: 'actions',
        title: textKey('finance', 'common.actions'),
        fixed: 'right',
        width: 170,
        render: (record) => (
          <Space size={0}>
            <Button type="link" size="small" onClick={() => onDetail(record.id)} data-testid="statement-detail-open">
              <FinanceText k="common.detail" />
            </Button>
            <ExportButton code="finance:alipay-statement:export" label={<FinanceText k="common.export" />} inRow run={() => exportStatement(record.id)} />
          </Space>
        ),
      },
    ],
  };
}

/** A text of this namespace where no `t` is at hand (the list's cells are drawn by the toolkit). */
function FinanceText({ k }: { k: ParseKeys<'finance'> }) {
  const { t } = useTranslation('finance');
  return <>{t(k)}</>;
}

/**
 * The "Alipay monthly statement" menu: the statements the merchant generated, one per month and
 * wallet currency, each opening on its figures, the check that they agree, and its movements.
 */
export function StatementListPage() {
  const { t } = useTranslation('finance');
  const [month, setMonth] = useState<Dayjs | null>(null);
  const [generating, setGenerating] = useState(false);
  const [detailId, setDetailId] = useState<number | null>(null);
  const monthText = month ? month.format(MONTH_FORMAT) : undefined;
  const config = useMemo(() => statementList(monthText, setDetailId), [monthText]);
  return (
    <Card>
      <ListPage
        config={config}
        toolbar={
          <>
            <Access code="finance:alipay-statement:add">
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setGenerating(true)} data-testid="statement-generate">
                {t('statement.generate')}
              </Button>
            </Access>
            <DatePicker
              picker="month"
              format={MONTH_FORMAT}
              value={month}
              onChange={setMonth}
              disabledDate={(value) => isFutureMonth(value)}
              placeholder={t('statement.month')}
              aria-label={t('statement.month')}
              data-testid="statement-month-filter"
            />
          </>
        }
      />
      {generating && <StatementGenerateDialog onClose={() => setGenerating(false)} onGenerated={setDetailId} />}
      <StatementDetailDrawer statementId={detailId} onClose={() => setDetailId(null)} />
    </Card>
  );
}
