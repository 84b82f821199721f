import { useMemo, useState } from 'react';
import { Button, Card, Space, Switch, Tag, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import type { RateRecord } from '@portal/shared/finance-schemas';
import { Access } from '../../../components/access.tsx';
import { ListPage } from '../../../components/list-page/list-page.tsx';
import type { ListPageConfig } from '../../../components/list-page/list-config.ts';
import { ExportButton } from '../../../components/export-button.tsx';
import { listRates, RATE_LIST_KEY, exportRates, useDeleteRate } from '../api/rates.ts';
import { RateFormDialog, type RatePair } from '../components/rate-form-dialog.tsx';
import { ConfirmedAction } from '../../../components/confirmed-action.tsx';
import { exportQuery } from '../list-body.ts';
import { useActionKeys } from '../use-action-keys.ts';
import { textKey } from '../../../components/list-page/text-key.ts';
import { withinPages } from '../../../components/list-page/within-pages.ts';

/** A rate that has not begun to apply: the only kind that may still be withdrawn. */
const scheduled = (rate: RateRecord, now = dayjs()) => dayjs(rate.effectiveFrom).isAfter(now);

function RateState({ rate }: { rate: RateRecord }) {
  const { t } = useTranslation('finance');
  if (rate.current)
    return (
      <Tag color="success" data-testid="rate-current">
        {t('rate.current')}
      </Tag>
    );
  if (scheduled(rate))
    return (
      <Tag color="processing" data-testid="rate-scheduled">
        {t('rate.scheduled')}
      </Tag>
    );
  return null;
}

/**
 * What finance does with a row: set the next rate of the pair (from the pair's current row), or withdraw
 * a rate that has not begun to apply. A past rate is history and takes no action.
 */
function RateActions({ rate, onNewRate }: { rate: RateRecord; onNewRate: (pair: RatePair) => void }) {
  const { t } = useTranslation('finance');
  const remove = useDeleteRate();
  const keys = useActionKeys();
  const pair = `${rate.baseCurrency}/${rate.quoteCurrency}`;
  if (rate.current)
    return (
      <Access code="finance:exchange-rate:add">
        <Button type="link" size="small" onClick={() => onNewRate({ baseCurrency: rate.baseCurrency, quoteCurrency: rate.quoteCurrency })} data-testid="rate-new-for-pair">
          {t('rate.newForPair')}
        </Button>
      </Access>
    );
  if (!scheduled(rate)) return null;
  return (
    <ConfirmedAction
      code="finance:exchange-rate:delete"
      label={t('common.delete')}
      cancelText={t('common.back')}
      notFound={t('common.notFound')}
      title={t('rate.deleteTitle', { pair, rate: rate.rate })}
      description={t('rate.deleteConfirm')}
      danger
      pending={remove.isPending}
      run={() => remove.mutateAsync({ id: rate.id, idempotencyKey: keys.keyOf('delete') }).then(() => keys.done('delete'))}
      done={t('rate.deleted')}
      testId="rate-delete"
    />
  );
}

function rateList(currentOnly: boolean, onNewRate: (pair: RatePair) => void): ListPageConfig<RateRecord> {
  return {
    id: 'finance-exchange-rate',
    rowKey: 'id',
    queryKey: [...RATE_LIST_KEY, { currentOnly }],
    fetcher: withinPages((params, signal) => listRates(params, currentOnly, signal)),
    query: [
      { name: 'baseCurrency', label: textKey('finance', 'rate.baseCurrency'), type: 'dict', dict: 'Currency' },
      { name: 'quoteCurrency', label: textKey('finance', 'rate.quoteCurrency'), type: 'dict', dict: 'Currency' },
      { name: 'createdAt', label: textKey('finance', 'common.createdAt'), type: 'date-range', hidden: true },
    ],
    columns: [
      { key: 'pair', title: textKey('finance', 'rate.pair'), fixed: 'left', width: 110, render: (rate) => `${rate.baseCurrency}/${rate.quoteCurrency}` },
      { dataIndex: 'rate', title: textKey('finance', 'rate.rate'), align: 'right', width: 150 },
      { dataIndex: 'inverseRate', title: textKey('finance', 'rate.inverseRate'), align: 'right', width: 150 },
      { dataIndex: 'effectiveFrom', title: textKey('finance', 'rate.effectiveFrom'), format: 'dateTime', width: 170 },
      { dataIndex: 'current', title: textKey('finance', 'rate.current'), width: 100, render: (rate) => <RateState rate={rate} /> },
      { dataIndex: 'remark', title: textKey('finance', 'common.remark'), format: 'ellipsis', width: 200 },
      { dataIndex: 'createdBy', title: textKey('finance', 'common.createdBy'), width: 110 },
      { dataIndex: 'createdAt', title: textKey('finance', 'common.createdAt'), format: 'dateTime', width: 170 },
      { key: 'actions', title: textKey('finance', 'common.actions'), fixed: 'right', width: 100, render: (rate) => <RateActions rate={rate} onNewRate={onNewRate} /> },
    ],
  };
}

/**
 * The rate table with its history (platform): a new rate replaces the pair's current one from its
 * effective time; the history stays, and only a rate that has not begun may be withdrawn.
 */
export function ExchangeRateListPage() {
  const { t } = useTranslation('finance');
  const [currentOnly, setCurrentOnly] = useState(false);
  // null: closed; a pair: the next rate of that pair; {}: any pair
  const [adding, setAdding] = useState<{ pair?: RatePair } | null>(null);
  const config = useMemo(() => rateList(currentOnly, (pair) => setAdding({ pair })), [currentOnly]);
  return (
    <Card>
      <ListPage
        config={config}
        toolbar={
          <>
            <Access code="finance:exchange-rate:add">
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding({})} data-testid="rate-add">
                {t('rate.add')}
              </Button>
            </Access>
            <Space size={6}>
              <Switch checked={currentOnly} onChange={setCurrentOnly} aria-label={t('rate.currentOnly')} data-testid="rate-current-only" />
              <Typography.Text>{t('rate.currentOnly')}</Typography.Text>
            </Space>
          </>
        }
        exportSlot={(params) => <ExportButton code="finance:exchange-rate:export" label={t('common.export')} run={() => exportRates(exportQuery(params, { currentOnly: currentOnly || undefined }))} />}
      />
      {adding && <RateFormDialog pair={adding.pair} onClose={() => setAdding(null)} />}
    </Card>
  );
}
