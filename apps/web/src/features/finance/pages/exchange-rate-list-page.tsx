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
import { RateFormDialog } from '../components/rate-form-dialog.tsx';
import { ConfirmAction } from '../components/row-action.tsx';
import { exportQuery, withinPages } from '../list-body.ts';
import { fk } from '../texts.ts';
import { useActionKeys } from '../use-action-keys.ts';

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

function RateActions({ rate }: { rate: RateRecord }) {
  const { t } = useTranslation('finance');
  const remove = useDeleteRate();
  const keys = useActionKeys();
  if (!scheduled(rate)) return null;
  const pair = `${rate.baseCurrency}/${rate.quoteCurrency}`;
  return (
    <ConfirmAction
      code="finance:exchange-rate:delete"
      label={t('common.delete')}
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

function rateList(currentOnly: boolean): ListPageConfig<RateRecord> {
  return {
    id: 'finance-exchange-rate',
    rowKey: 'id',
    queryKey: [...RATE_LIST_KEY, { currentOnly }],
    fetcher: withinPages((params, signal) => listRates(params, currentOnly, signal)),
    query: [
      { name: 'baseCurrency', label: fk('rate.baseCurrency'), type: 'dict', dict: 'Currency' },
      { name: 'quoteCurrency', label: fk('rate.quoteCurrency'), type: 'dict', dict: 'Currency' },
      { name: 'createdAt', label: fk('common.createdAt'), type: 'date-range', hidden: true },
    ],
    columns: [
      { key: 'pair', title: fk('rate.pair'), fixed: 'left', width: 110, render: (rate) => `${rate.baseCurrency}/${rate.quoteCurrency}` },
      { dataIndex: 'rate', title: fk('rate.rate'), align: 'right', width: 150 },
      { dataIndex: 'inverseRate', title: fk('rate.inverseRate'), align: 'right', width: 150 },
      { dataIndex: 'effectiveFrom', title: fk('rate.effectiveFrom'), format: 'dateTime', width: 170 },
      { dataIndex: 'current', title: fk('rate.current'), width: 100, render: (rate) => <RateState rate={rate} /> },
      { dataIndex: 'remark', title: fk('common.remark'), format: 'ellipsis', width: 200 },
      { dataIndex: 'createdBy', title: fk('common.createdBy'), width: 110 },
      { dataIndex: 'createdAt', title: fk('common.createdAt'), format: 'dateTime', width: 170 },
      { key: 'actions', title: fk('common.actions'), fixed: 'right', width: 100, render: (rate) => <RateActions rate={rate} /> },
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
  const [adding, setAdding] = useState(false);
  const config = useMemo(() => rateList(currentOnly), [currentOnly]);
  return (
    <Card>
      <ListPage
        config={config}
        toolbar={
          <>
            <Access code="finance:exchange-rate:add">
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)} data-testid="rate-add">
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
      {adding && <RateFormDialog onClose={() => setAdding(false)} />}
    </Card>
  );
}
