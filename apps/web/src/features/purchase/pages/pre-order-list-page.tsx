import { useMemo, useState } from 'react';
import { App, Button, Card, Image, Space, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PreOrderRecord } from '@portal/shared/pre-order-schemas';
import type { PreOrderStatus, PurchasePlatform } from '@portal/shared/purchase';
import { Access } from '../../../components/access.tsx';
import { ConfirmedAction } from '../../../components/confirmed-action.tsx';
import { ExportButton } from '../../../components/export-button.tsx';
import { ListPage } from '../../../components/list-page/list-page.tsx';
import type { ListPageConfig } from '../../../components/list-page/list-config.ts';
import { textKey } from '../../../components/list-page/text-key.ts';
import { Money } from '../../../components/money.tsx';
import { useCan } from '../../../lib/permissions.ts';
import { exportPreOrders, listPreOrders, preOrderListKey, useCancelPreOrder } from '../api/pre-orders.ts';
import { BasketPanel } from '../components/basket-panel.tsx';
import { PayDialog } from '../components/pay-dialog.tsx';
import { PreOrderDetailDrawer } from '../components/pre-order-detail-drawer.tsx';
import { IMAGE_FALLBACK, PRE_ORDER_TABS, preOrderCode, statusOfTab, type PreOrderTab } from '../platform.ts';
import { PRE_ORDER_STATUS_COLORS } from '../../../entities/pre-order/statuses.ts';

/** Each opening of the pay dialog is a new one (a new idempotency key). */
let sessions = 0;
const nextSession = (): number => ++sessions;

type Handlers = { onDetail: (id: number) => void; onPay: (record: PreOrderRecord) => void };

function Actions({ platform, record, handlers }: { platform: PurchasePlatform; record: PreOrderRecord; handlers: Handlers }) {
  const { t } = useTranslation('purchase');
  const cancel = useCancelPreOrder(platform);
  return (
    <Space size={0}>
      <Button type="link" size="small" onClick={() => handlers.onDetail(record.id)} data-testid="pre-order-detail">
        {t('list.detail')}
      </Button>
      {record.status === 'SUBMITTED' && (
        <>
          <Access code={preOrderCode(platform, 'pay')}>
            <Button type="link" size="small" onClick={() => handlers.onPay(record)} data-testid="pre-order-pay">
              {t('list.pay')}
            </Button>
          </Access>
          <ConfirmedAction
            code={preOrderCode(platform, 'cancel')}
            label={t('list.cancel')}
            title={t('list.cancel')}
            description={t('list.cancelConfirm', { preOrderNo: record.preOrderNo })}
            cancelText={t('pay.cancel')}
            danger
            pending={cancel.isPending}
            run={() => cancel.mutateAsync(record.id)}
            done={t('list.cancelled')}
            testId="pre-order-cancel"
          />
        </>
      )}
    </Space>
  );
}

const STATUS_OPTIONS = (['SUBMITTED', 'PAID', 'PURCHASING', 'DONE', 'CANCELLED'] as const).map((status) => ({ value: status, label: textKey('purchase', `status.${status}`) }));

function preOrderList(platform: PurchasePlatform, status: Exclude<PreOrderStatus, 'DRAFT'> | undefined, handlers: Handlers): ListPageConfig<PreOrderRecord> {
  return {
    id: `purchase-pre-order-${platform}`,
    rowKey: 'id',
    queryKey: [...preOrderListKey(platform), status ?? 'ALL'],
    fetcher: (params, signal) => listPreOrders(platform, { ...params, ...(status ? { status } : {}) }, signal),
    defaultSort: { column: 'createdAt', order: 'desc' },
    urlFilters: false,
    query: [
      { name: 'preOrderNo', label: textKey('purchase', 'list.preOrderNo'), type: 'input', placeholder: textKey('purchase', 'list.prefixHint') },
      { name: 'keyword', label: textKey('purchase', 'list.keyword'), type: 'input' },
      { name: 'createdAt', label: textKey('purchase', 'list.createdAt'), type: 'date-range' },
    ],
    columns: [
      { dataIndex: 'preOrderNo', title: textKey('purchase', 'list.preOrderNo'), sorter: true, width: 190, phone: true },
      { dataIndex: 'status', title: textKey('purchase', 'list.status'), width: 110, phone: true, options: STATUS_OPTIONS.map((option) => ({ ...option, color: PRE_ORDER_STATUS_COLORS[option.value] })) },
      {
        key: 'goods',
        title: textKey('purchase', 'list.goods'),
        width: 300,
        render: (record) => (
          <Space>
            {record.firstImageUrl && <Image src={record.firstImageUrl} width={36} height={36} alt="" fallback={IMAGE_FALLBACK} preview={false} />}
            <Space direction="vertical" size={0}>
              <Typography.Text ellipsis style={{ maxWidth: 240 }}>
                {record.firstTitle}
              </Typography.Text>
              <GoodsCount record={record} />
            </Space>
          </Space>
        ),
      },
      { dataIndex: 'goodsAmount', title: textKey('purchase', 'list.goodsAmount'), format: 'money', align: 'right', width: 110 },
      { dataIndex: 'expressFee', title: textKey('purchase', 'list.expressFee'), format: 'money', align: 'right', width: 100 },
      { dataIndex: 'serviceFee', title: textKey('purchase', 'list.serviceFee'), format: 'money', align: 'right', width: 100 },
      { dataIndex: 'totalAmount', title: textKey('purchase', 'list.totalAmount'), format: 'money', align: 'right', sorter: true, width: 120, phone: true },
      { key: 'paid', title: textKey('purchase', 'list.paid'), align: 'right', width: 130, render: (record) => <Money amount={record.paidAmount} currency={record.paidCurrency} /> },
      { dataIndex: 'createdAt', title: textKey('purchase', 'list.createdAt'), format: 'dateTime', sorter: true, width: 170 },
      { dataIndex: 'paidAt', title: textKey('purchase', 'list.paidAt'), format: 'dateTime', sorter: true, width: 170 },
      { key: 'actions', title: textKey('purchase', 'list.actions'), fixed: 'right', width: 170, phone: true, render: (record) => <Actions platform={platform} record={record} handlers={handlers} /> },
    ],
  };
}

function GoodsCount({ record }: { record: PreOrderRecord }) {
  const { t } = useTranslation('purchase');
  return <Typography.Text type="secondary">{t('list.lines', { count: record.lineCount, quantity: record.quantity })}</Typography.Text>;
}

/**
 * The pre-purchase orders of one platform (Taobao or 1688: the menu opens the same page with its
 * platform): the basket, then the submitted pre-orders by status with their detail, payment and cancel.
 */
export function PreOrderListPage({ platform }: { platform: PurchasePlatform }) {
  const { t } = useTranslation('purchase');
  const { message } = App.useApp();
  const [tab, setTab] = useState<PreOrderTab>('BASKET');
  const [detailId, setDetailId] = useState<number | null>(null);
  const [paying, setPaying] = useState<{ id: number; preOrderNo: string; session: number } | null>(null);
  const can = useCan();
  const status = statusOfTab(tab);
  const config = useMemo(
    () => preOrderList(platform, status, { onDetail: setDetailId, onPay: (record) => setPaying({ id: record.id, preOrderNo: record.preOrderNo, session: nextSession() }) }),
    [platform, status],
  );
  return (
    <Card>
      <Tabs
        activeKey={tab}
        onChange={(key) => setTab(key as PreOrderTab)}
        items={PRE_ORDER_TABS.map((key) => ({ key, label: <span data-testid={`pre-order-tab-${key}`}>{t(`tabs.${key}`)}</span> }))}
      />
      {tab === 'BASKET' ? (
        <BasketPanel
          platform={platform}
          onSubmitted={(detail) => {
            setTab('SUBMITTED');
            // straight on to paying it, for those who may
            const pays = can(preOrderCode(platform, 'pay'));
            message.success(t(pays ? 'submit.done' : 'submit.doneUnpaid', { preOrderNo: detail.preOrderNo }));
            if (pays) setPaying({ id: detail.id, preOrderNo: detail.preOrderNo, session: nextSession() });
          }}
        />
      ) : (
        <ListPage
          key={tab}
          config={config}
          exportSlot={(params) => <ExportButton code={preOrderCode(platform, 'export')} label={t('list.export')} run={(timeZone) => exportPreOrders(platform, { ...params, ...(status ? { status } : {}) }, timeZone)} />}
        />
      )}
      <PreOrderDetailDrawer platform={platform} id={detailId} onClose={() => setDetailId(null)} />
      {paying && <PayDialog key={paying.session} platform={platform} target={{ kind: 'preOrder', id: paying.id }} number={paying.preOrderNo} onClose={() => setPaying(null)} />}
    </Card>
  );
}

export const TaobaoPreOrderListPage = () => <PreOrderListPage platform="TAOBAO" />;
export const AlibabaPreOrderListPage = () => <PreOrderListPage platform="1688" />;
