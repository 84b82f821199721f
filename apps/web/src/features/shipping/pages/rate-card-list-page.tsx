import { useMemo, useState } from 'react';
import { App, Button, Card, Popconfirm, Space, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { RateCardRecord } from '@portal/shared/logistics-schemas';
import { isCurrency } from '@portal/shared/money';
import { Access } from '../../../components/access.tsx';
import { ListPage } from '../../../components/list-page/list-page.tsx';
import type { ListPageConfig } from '../../../components/list-page/list-config.ts';
import { failureMessage } from '../../../components/server-error.tsx';
import { formatDecimal } from '../../../lib/format.ts';
import { listRateCards, RATE_CARD_LIST_KEY, useDeleteRateCard } from '../api/rate-cards.ts';
import { RateCardFormDialog } from '../components/rate-card-form-dialog.tsx';
import { useRouteName } from '../components/route-name.ts';
import { currencyDecimals } from '../value-rules.ts';
import { sk } from '../texts.ts';

/** An amount with its currency's own decimals (JPY none), and the currency beside it. */
const money = (amount: string, currency: string) => `${formatDecimal(amount, isCurrency(currency) ? currencyDecimals(currency) : 2)} ${currency}`;

function RateCardActions({ card, onEdit }: { card: RateCardRecord; onEdit: (card: RateCardRecord) => void }) {
  const { t } = useTranslation('shipping');
  const { message } = App.useApp();
  const remove = useDeleteRateCard();
  const routeName = useRouteName();
  return (
    <Space size={0}>
      <Access code="warehouse:rate-card:edit">
        <Button type="link" size="small" onClick={() => onEdit(card)} data-testid="rate-card-edit">
          {t('common.edit')}
        </Button>
      </Access>
      <Access code="warehouse:rate-card:delete">
        <Popconfirm
          title={t('common.confirmTitle')}
          description={t('rateCard.deleteConfirm', routeName(card))}
          okText={t('common.delete')}
          cancelText={t('common.cancel')}
          okButtonProps={{ danger: true, loading: remove.isPending }}
          onConfirm={() =>
            remove.mutateAsync(card.id).then(
              () => void message.success(t('common.deleted')),
              (error: unknown) => {
                const text = failureMessage(error);
                if (text) void message.error(text);
              },
            )
          }
        >
          <Button type="link" size="small" danger data-testid="rate-card-delete">
            {t('common.delete')}
          </Button>
        </Popconfirm>
      </Access>
    </Space>
  );
}

function ActiveTag({ active }: { active: boolean }) {
  const { t } = useTranslation('shipping');
  return active ? <Tag color="green">{t('rateCard.activeYes')}</Tag> : <Tag>{t('rateCard.activeNo')}</Tag>;
}

const ACTIVE_OPTIONS = [
  { value: 'true', label: sk('rateCard.activeYes') },
  { value: 'false', label: sk('rateCard.activeNo') },
] as const;

function rateCardList(onEdit: (card: RateCardRecord) => void): ListPageConfig<RateCardRecord> {
  return {
    id: 'warehouse-rate-card',
    rowKey: 'id',
    queryKey: RATE_CARD_LIST_KEY,
    fetcher: listRateCards,
    defaultSort: { column: 'destinationCountry', order: 'asc' },
    query: [
      { name: 'destinationCountry', label: sk('rateCard.destinationCountry'), type: 'dict', dict: 'CountryType' },
      { name: 'serviceType', label: sk('rateCard.serviceType'), type: 'dict', dict: 'ServiceType' },
      { name: 'active', label: sk('rateCard.active'), type: 'select', options: ACTIVE_OPTIONS },
    ],
    columns: [
      { dataIndex: 'destinationCountry', title: sk('rateCard.destinationCountry'), dict: 'CountryType', sorter: true, fixed: 'left', width: 150 },
      { dataIndex: 'serviceType', title: sk('rateCard.serviceType'), dict: 'ServiceType', sorter: true, width: 120 },
      { dataIndex: 'currency', title: sk('rateCard.currency'), width: 80 },
      { dataIndex: 'firstWeight', title: sk('rateCard.firstWeight'), format: 'weight', align: 'right', width: 110 },
      { dataIndex: 'firstPrice', title: sk('rateCard.firstPrice'), align: 'right', width: 130, render: (card) => money(card.firstPrice, card.currency) },
      { dataIndex: 'stepWeight', title: sk('rateCard.stepWeight'), format: 'weight', align: 'right', width: 120 },
      { dataIndex: 'stepPrice', title: sk('rateCard.stepPrice'), align: 'right', width: 130, render: (card) => money(card.stepPrice, card.currency) },
      { dataIndex: 'volumetricDivisor', title: sk('rateCard.volumetricDivisor'), format: 'count', align: 'right', width: 110 },
      { dataIndex: 'active', title: sk('rateCard.active'), width: 90, render: (card) => <ActiveTag active={card.active} /> },
      { dataIndex: 'remark', title: sk('common.remark'), format: 'ellipsis', defaultHidden: true },
      { key: 'actions', title: sk('common.actions'), fixed: 'right', width: 130, render: (card) => <RateCardActions card={card} onEdit={onEdit} /> },
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
