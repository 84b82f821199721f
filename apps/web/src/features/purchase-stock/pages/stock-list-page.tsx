import { useMemo, useState } from 'react';
import { Button, Card, Image, Space, Tooltip, Typography } from 'antd';
import { SendOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { StockStatus } from '@portal/shared/purchase';
import { Access } from '../../../components/access.tsx';
import { ExportButton } from '../../../components/export-button.tsx';
import { ListPage } from '../../../components/list-page/list-page.tsx';
import type { ListPageConfig, StaticOption } from '../../../components/list-page/list-config.ts';
import { textKey } from '../../../components/list-page/text-key.ts';
import { PURCHASE_PLATFORM_OPTIONS } from '../../../entities/purchase-platform/platforms.ts';
import { withinPages } from '../../../components/list-page/within-pages.ts';
import { exportStock, listStock, STOCK_LIST_KEY, type StockItemRecord } from '../api/stock-items.ts';
import { ShipDrawer } from '../components/ship-drawer.tsx';

type Tab = 'all' | StockStatus;
const TABS: readonly Tab[] = ['all', 'IN_STOCK', 'ALLOCATED', 'SHIPPED'];

const STATUS_OPTIONS: readonly StaticOption[] = [
  { value: 'IN_STOCK', label: textKey('purchase-stock', 'stock.statuses.IN_STOCK'), color: 'green' },
  { value: 'ALLOCATED', label: textKey('purchase-stock', 'stock.statuses.ALLOCATED'), color: 'blue' },
  { value: 'SHIPPED', label: textKey('purchase-stock', 'stock.statuses.SHIPPED'), color: 'default' },
];

const THUMB = 48;

function stockList(tab: Tab): ListPageConfig<StockItemRecord> {
  const status = tab === 'all' ? undefined : tab;
  return {
    id: 'purchase-stock',
    rowKey: 'id',
    queryKey: [...STOCK_LIST_KEY, { tab }],
    fetcher: withinPages((params, signal) => listStock({ ...params, status }, signal)),
    query: [
      { name: 'title', label: textKey('purchase-stock', 'stock.title'), type: 'input', placeholder: textKey('purchase-stock', 'stock.titleSearch') },
      { name: 'purchaseNo', label: textKey('purchase-stock', 'common.purchaseNo'), type: 'input', placeholder: 'components.query.numberPlaceholder' },
      { name: 'warehouseCode', label: textKey('purchase-stock', 'common.warehouse'), type: 'dict', dict: 'LogisticsWarehouse' },
    ],
    columns: [
      {
        key: 'image',
        title: textKey('purchase-stock', 'stock.image'),
        width: 72,
        render: (item) =>
          item.imageUrl ? <Image src={item.imageUrl} alt="" width={THUMB} height={THUMB} style={{ objectFit: 'cover', borderRadius: 4 }} /> : <div style={{ width: THUMB, height: THUMB, background: '#f5f5f5', borderRadius: 4 }} />,
      },
      { dataIndex: 'title', title: textKey('purchase-stock', 'stock.title'), width: 260, format: 'ellipsis' },
      { dataIndex: 'skuText', title: textKey('purchase-stock', 'stock.skuText'), width: 180, format: 'ellipsis' },
      { dataIndex: 'quantity', title: textKey('purchase-stock', 'common.quantity'), width: 80, align: 'right', format: 'count' },
      { dataIndex: 'unitPrice', title: textKey('purchase-stock', 'stock.unitPrice'), width: 120, align: 'right', format: 'money' },
      { dataIndex: 'warehouseCode', title: textKey('purchase-stock', 'common.warehouse'), width: 110, dict: 'LogisticsWarehouse' },
      { dataIndex: 'status', title: textKey('purchase-stock', 'common.status'), width: 100, options: STATUS_OPTIONS },
      { dataIndex: 'purchaseNo', title: textKey('purchase-stock', 'common.purchaseNo'), width: 170 },
      { dataIndex: 'preOrderNo', title: textKey('purchase-stock', 'common.preOrderNo'), width: 170 },
      { dataIndex: 'platform', title: textKey('purchase-stock', 'common.platform'), width: 90, options: PURCHASE_PLATFORM_OPTIONS },
      { dataIndex: 'logisticsOrderNo', title: textKey('purchase-stock', 'stock.logisticsOrderNo'), width: 170 },
      { dataIndex: 'receivedAt', title: textKey('purchase-stock', 'common.receivedAt'), width: 170, format: 'dateTime' },
    ],
  };
}

/**
 * The merchant's stock of purchased goods: what the warehouse received from their
 * purchases, by status. Goods in stock of one warehouse can be selected and shipped abroad as one
 * international logistics order.
 */
export function StockListPage() {
  const { t } = useTranslation('purchase-stock');
  const [tab, setTab] = useState<Tab>('IN_STOCK');
  const [selected, setSelected] = useState<StockItemRecord[]>([]);
  const [shipping, setShipping] = useState(false);
  const config = useMemo(() => stockList(tab), [tab]);

  const warehouses = new Set(selected.map((item) => item.warehouseCode));
  const problem = selected.length === 0 ? t('stock.selectHint') : warehouses.size > 1 ? t('ship.mixedWarehouses') : null;

  const changeTab = (key: string) => {
    setTab(key as Tab);
    setSelected([]);
  };

  return (
    <Card tabList={TABS.map((key) => ({ key, label: t(`stock.tabs.${key}`) }))} activeTabKey={tab} onTabChange={changeTab} tabProps={{ size: 'middle' }}>
      <ListPage
        config={config}
        toolbar={
          <Access code="purchase:stock:ship">
            <Space>
              <Tooltip title={problem}>
                <Button type="primary" icon={<SendOutlined />} disabled={problem !== null} onClick={() => setShipping(true)} data-testid="stock-ship">
                  {t('stock.shipAbroad')}
                </Button>
              </Tooltip>
              {selected.length > 0 && <Typography.Text type="secondary">{t('stock.selected', { count: selected.length })}</Typography.Text>}
            </Space>
          </Access>
        }
        rowSelection={{
          // the table's row keys are text (list-page.tsx)
          selectedRowKeys: selected.map((item) => String(item.id)),
          preserveSelectedRowKeys: true,
          getCheckboxProps: (item) => ({ disabled: item.status !== 'IN_STOCK', 'aria-label': item.title }),
          onChange: (_keys, rows) => setSelected(rows.filter((row): row is StockItemRecord => row !== undefined)),
        }}
        exportSlot={(params) => <ExportButton code="purchase:stock:export" label={t('common.export')} run={(timeZone) => exportStock({ ...params, ...(tab === 'all' ? {} : { status: tab }) }, timeZone)} />}
      />
      <ShipDrawer open={shipping} items={selected} onClose={() => setShipping(false)} onShipped={() => setSelected([])} />
    </Card>
  );
}
