import { useMemo, useState } from 'react';
import { Button, Card, Space, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { RateCardRecord } from '@portal/shared/logistics-schemas';
import { isCurrency } from '@portal/shared/money';
import { Access } from '../../../components/access.tsx';
import { ConfirmedAction } from '../../../components/confirmed-action.tsx';
import { ListPage } from '../../../components/list-page/list-page.tsx';
import type { ListPageConfig } from '../../../components/list-page/list-config.ts';
import { formatDecimal } from '../../../lib/format.ts';
import { listRateCards, RATE_CARD_LIST_KEY, useDeleteRateCard } from '../api/rate-cards.ts';
import { RateCardFormDialog } from '../components/rate-card-form-dialog.tsx';
import { useRouteName } from '../components/route-name.ts';
import { currencyDecimals } from '../value-rules.ts';
import { textKey } from '../../../components/list-page/text-key.ts';

/** An amount with its currency's own decimals (JPY none), and the currency beside it. */
const money = (amount: string, currency: string) => `${formatDecimal(amount, isCurrency(currency) ? currencyDecimals(currency) : 2)} ${currency}`;

function RateCardActions({ card, onEdit }: { card: RateCardRecord; onEdit: (card: RateCardRecord) => void }) {
  const { t } = useTranslation('shipping');
  const remove = useDeleteRateCard();
  const routeName = useRouteName();
  return (
    <Space size={0}>
      <Access code="warehouse:rate-card:edit">
        <Button type="link" size="small" onClick={() => onEdit(card)} data-testid="rate-card-edit">
          {t('common.edit')}
        </Button>
      </Access>
      <ConfirmedAction
        code="warehouse:rate-card:delete"
        label={t('common.delete')}
        title={t('common.confirmTitle')}
        description={t('rateCard.deleteConfirm', routeName(card))}
        cancelText={t('common.cancel')}
        danger
        pending={remove.isPending}
        run={() => remove.mutateAsync(card.id)}
        done={t('common.deleted')}
        testId="rate-card-delete"
      />
    </Space>
  );
}

function ActiveTag({ active }: { active: boolean }) {
  const { t } = useTranslation('shipping');
  return active ? <Tag color="green">{t('rateCard.activeYes')}</Tag> : <Tag>{t('rateCard.activeNo')}</Tag>;
}

const ACTIVE_OPTIONS = [
  { value: 'true', label: textKey('shipping', 'rateCard.activeYes') },
  { value: 'false', label: textKey('shipping', 'rateCard.activeNo') },
] as const;

function rateCardList(onEdit: (card: RateCardRecord) => void): ListPageConfig<RateCardRecord> {
  return {
    id: 'warehouse-rate-card',
    rowKey: 'id',
    queryKey: RATE_CARD_LIST_KEY,
    fetcher: listRateCards,
    defaultSort: { column: 'destinationCountry', order: 'asc' },
    query: [
      { name: 'destinationCountry', label: textKey('shipping', 'rateCard.destinationCountry'), type: 'dict', dict: 'CountryType' },
      { name: 'serviceType', label: textKey('shipping', 'rateCard.serviceType'), type: 'dict', dict: 'ServiceType' },
      { name: 'active', label: textKey('shipping', 'rateCard.active'), type: 'select', options: ACTIVE_OPTIONS },
    ],
    columns: [
      { dataIndex: 'destinationCountry', title: textKey('shipping', 'rateCard.destinationCountry'), dict: 'CountryType', sorter: true, fixed: 'left', width: 150 },
      { dataIndex: 'serviceType', title: textKey('shipping', 'rateCard.serviceType'), dict: 'ServiceType', sorter: true, width: 120 },
      { dataIndex: 'currency', title: textKey('shipping', 'rateCard.currency'), width: 80 },
      { dataIndex: 'firstWeight', title: textKey('shipping', 'rateCard.firstWeight'), format: 'weight', align: 'right', width: 110 },
      { dataIndex: 'firstPrice', title: textKey('shipping', 'rateCard.firstPrice'), align: 'right', width: 130, render: (card) => money(card.firstPrice, card.currency) },
      { dataIndex: 'stepWeight', title: textKey('shipping', 'rateCard.stepWeight'), format: 'weight', align: 'right', width: 120 },
      { dataIndex: 'stepPrice', title: textKey('shipping', 'rateCard.stepPrice'), align: 'right', width: 130, render: (card) => money(card.stepPrice, card.currency) },
      { dataIndex: 'volumetricDivisor', title: textKey('shipping', 'rateCard.volumetricDivisor'), format: 'count', align: 'right', width: 110 },
      { dataIndex: 'active', title: textKey('shipping', 'rateCard.active'), width: 90, render: (card) => <ActiveTag active={card.active} /> },
      { dataIndex: 'remark', title: textKey('shipping', 'common.remark'), format: 'ellipsis', defaultHidden: true },
      { key: 'actions', title: textKey('shipping', 'common.actions'), fixed: 'right', width: 130, render: (card) => <RateCardActions card={card} onEdit={onEdit} /> },
    ],
  };
}

/** Freight rate cards (platform): one per destination and service type; orders are quoted and charged with them. */
export function RateCardListPage() {
  const { t } = useTranslation('shipping');
  const [dialog, setDialog] = useState<{ card: RateCardRecord | null } | null>(null);
  const config = useMemo(() => rateCardList((card) => setDialog({ card })), []);
  return (
    <Card>
      <ListPage
        config={config}
        toolbar={
          <Access code="warehouse:rate-card:add">
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ card: null })} data-testid="rate-card-add">
              {t('common.add')}
            </Button>
          </Access>
        }
      />
      <RateCardFormDialog open={dialog !== null} card={dialog?.card ?? null} onClose={() => setDialog(null)} />
    </Card>
  );
}
