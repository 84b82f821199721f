import type { PermissionCode } from '@portal/shared/permissions';
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Button, Card, Grid, Space } from 'antd';
import { PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { canTransition, EDITABLE_STATUSES, ORDER_STATUSES, type OrderStatus } from '@portal/shared/logistics';
import type { OrderRecord } from '@portal/shared/logistics-schemas';
import { Access } from '../../../components/access.tsx';
import { DictTag } from '../../../components/dict-tag.tsx';
import { ListPage } from '../../../components/list-page/list-page.tsx';
import type { ListColumn, ListPageConfig, ListParams, Page, QueryField } from '../../../components/list-page/list-config.ts';
import { formatMoney } from '../../../lib/format.ts';
import { useCan } from '../../../lib/permissions.ts';
import { exportLogOrders, exportOrders, useStatusCounts, listLogOrders, listOrders, ORDERS_KEY } from '../api/orders.ts';
import { activeTabOf, exportQuery, filtersOnly, statusOf, type StatusTab } from '../order-params.ts';
import { orderDetailPath } from '../routes.ts';
import { CancelOrderDialog, type CancelTarget } from './cancel-order-dialog.tsx';
import { OrderExportButton, type ExportFn } from './order-export-button.tsx';
import { ImportOrdersDialog } from './import-orders-dialog.tsx';
import { OrderFormDrawer } from './order-form-drawer.tsx';
import { ORDER_STATUS_DICT, useStatusTabs } from './status-tabs.tsx';
import { textKey } from '../../../components/list-page/text-key.ts';
import { withinPages } from '../../../components/list-page/within-pages.ts';

export type OrderListVariant = 'orders' | 'logOrders';

type Setup = {
  /** names the list where its column choice is kept */
  id: string;
  queryKey: readonly unknown[];
  fetch: (params: ListParams, signal?: AbortSignal) => Promise<Page<OrderRecord>>;
  exportRun: ExportFn;
  exportCode: PermissionCode;
  /** status tabs with counts, create, import, edit and cancel: the merchant's order list */
  manage: boolean;
};

const SETUPS: Record<OrderListVariant, Setup> = {
  orders: { id: 'logistics-international-order', queryKey: [...ORDERS_KEY, 'list'], fetch: listOrders, exportRun: exportOrders, exportCode: 'logistics:order:export', manage: true },
  logOrders: { id: 'logistics-logistics-order', queryKey: [...ORDERS_KEY, 'logOrder'], fetch: listLogOrders, exportRun: exportLogOrders, exportCode: 'logistics:log-order:export', manage: false },
};

/** Every filter of the contract's orderFilters; the less used ones behind "expand". */
export const ORDER_QUERY: readonly QueryField[] = [
  { name: 'orderNo', label: textKey('logistics', 'order.orderNo'), type: 'input', placeholder: 'components.query.numberPlaceholder' },
  { name: 'merchantOrderNo', label: textKey('logistics', 'order.merchantOrderNo'), type: 'input', placeholder: 'components.query.numberPlaceholder' },
  { name: 'created', label: textKey('logistics', 'order.createdAt'), type: 'date-range' },
  { name: 'status', label: textKey('logistics', 'order.status'), type: 'dict', dict: ORDER_STATUS_DICT, hidden: true },
  { name: 'waybillNo', label: textKey('logistics', 'order.waybillNo'), type: 'input', hidden: true, placeholder: 'components.query.numberPlaceholder' },
  { name: 'destinationCountry', label: textKey('logistics', 'order.destinationCountry'), type: 'dict', dict: 'CountryType', hidden: true },
  { name: 'warehouseCode', label: textKey('logistics', 'order.warehouse'), type: 'dict', dict: 'LogisticsWarehouse', hidden: true },
  { name: 'serviceType', label: textKey('logistics', 'order.serviceType'), type: 'dict', dict: 'ServiceType', hidden: true },
  { name: 'recipientName', label: textKey('logistics', 'order.recipientName'), type: 'input', hidden: true },
  { name: 'statusUpdated', label: textKey('logistics', 'order.statusUpdatedAt'), type: 'date-range', hidden: true },
];

const money = (amount: string | null, currency: string | null) => (amount === null ? '' : <span style={{ whiteSpace: 'nowrap' }}>{`${formatMoney(amount)} ${currency ?? ''}`.trim()}</span>);

/** The columns of spec §3's order fields; `actions` is the last one when there is any action to offer. */
export function orderColumns(actions: ((record: OrderRecord) => ReactNode) | null): ListColumn<OrderRecord>[] {
  const columns: ListColumn<OrderRecord>[] = [
    {
      dataIndex: 'orderNo',
      phone: true,
      title: textKey('logistics', 'order.orderNo'),
      sorter: true,
      render: (record) => (
        <Link to={orderDetailPath(record.id)} data-testid="order-link">
          {record.orderNo}
        </Link>
      ),
    },
    { dataIndex: 'merchantOrderNo', title: textKey('logistics', 'order.merchantOrderNo') },
    { dataIndex: 'status', phone: true, title: textKey('logistics', 'order.status'), dict: ORDER_STATUS_DICT },
    { dataIndex: 'destinationCountry', title: textKey('logistics', 'order.destinationCountry'), render: (record) => <DictTag code="CountryType" value={record.destinationCountry} plain /> },
    { dataIndex: 'warehouseCode', title: textKey('logistics', 'order.warehouse'), render: (record) => <DictTag code="LogisticsWarehouse" value={record.warehouseCode} plain /> },
    { dataIndex: 'serviceType', title: textKey('logistics', 'order.serviceType'), render: (record) => <DictTag code="ServiceType" value={record.serviceType} plain /> },
    { dataIndex: 'recipientName', phone: true, title: textKey('logistics', 'order.recipientName'), format: 'ellipsis' },
    { dataIndex: 'itemQuantity', title: textKey('logistics', 'order.itemQuantity'), align: 'right', format: 'count' },
    { dataIndex: 'merchandiseValue', title: textKey('logistics', 'order.merchandiseValue'), align: 'right', render: (record) => money(record.merchandiseValue, record.currency) },
    { dataIndex: 'weight', title: textKey('logistics', 'order.weight'), align: 'right', format: 'weight' },
    { dataIndex: 'freight', title: textKey('logistics', 'order.freight'), align: 'right', render: (record) => money(record.freight, record.freightCurrency) },
    { dataIndex: 'waybillNo', title: textKey('logistics', 'order.waybillNo') },
    { dataIndex: 'createdAt', title: textKey('logistics', 'order.createdAt'), sorter: true, format: 'dateTime' },
    { dataIndex: 'statusUpdatedAt', title: textKey('logistics', 'order.statusUpdatedAt'), sorter: true, format: 'dateTime' },
  ];
  if (actions) columns.push({ key: 'actions', title: textKey('logistics', 'list.actions'), fixed: 'right', render: actions });
  return columns;
}

/**
 * Hands the list's current parameters out of the toolkit (it keeps its query form to itself): the
 * status counts and the tabs follow the form's filters. Rendered in the toolkit's export slot.
 */
function ParamsReporter({ params, onChange }: { params: ListParams; onChange: (params: ListParams) => void }) {
  const key = JSON.stringify(params);
  useEffect(() => onChange(JSON.parse(key) as ListParams), [key, onChange]);
  return null;
}

const tabAsked = (status: string | null, manage: boolean): StatusTab => (manage && ORDER_STATUSES.includes(status as OrderStatus) ? (status as OrderStatus) : 'ALL');

/**
 * The merchant's order list (`orders`: status tabs with counts, create, import, export, edit, cancel)
 * or the orders on their way (`logOrders`: export and tracking), on the list-page toolkit.
 */
export function OrderList({ variant }: { variant: OrderListVariant }) {
  const { t } = useTranslation('logistics');
  const setup = SETUPS[variant];
  const can = useCan();
  const navigate = useNavigate();
  const screens = Grid.useBreakpoint();
  // the home page's figures link here with ?status=<one status>: that tab opens, also on a list already open
  const [search] = useSearchParams();
  const askedTab = tabAsked(search.get('status'), setup.manage);
  const [tab, setTab] = useState<StatusTab>(askedTab);
  const [followedTab, setFollowedTab] = useState(askedTab);
  if (askedTab !== followedTab) {
    setFollowedTab(askedTab);
    setTab(askedTab);
  }
  const [listParams, setListParams] = useState<ListParams | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  // the form is drawn the first time it is wanted, not with every list
  const [formMounted, setFormMounted] = useState(false);
  // kept while the drawer closes, so that its title does not change under the closing animation
  const [editId, setEditId] = useState<number | null>(null);
  const [importOpen, setImportOpen] = useState(false);
  const [cancelTarget, setCancelTarget] = useState<CancelTarget | null>(null);

  const formStatus = typeof listParams?.status === 'string' ? listParams.status : undefined;
  const activeTab = setup.manage ? activeTabOf(formStatus, tab) : 'ALL';
  const countFilters = useMemo(() => {
    const filters = listParams ? filtersOnly(listParams) : {};
    delete filters.status;
    return filters;
  }, [listParams]);
  const counts = useStatusCounts(countFilters, setup.manage && listParams !== null);
  const tabItems = useStatusTabs(counts.data, formStatus);
  // exact, unlike a list's total past EXPORT_ROWS_MAX: what the export of the orders shown would hold
  const shownStatus = statusOf(formStatus, tab);
  const exactCount = counts.data?.reduce((sum, entry) => (shownStatus === undefined || entry.status === shownStatus ? sum + entry.count : sum), 0);

  const canEdit = setup.manage && can('logistics:order:edit');
  const canCancel = setup.manage && can('logistics:order:cancel');
  const canTrack = !setup.manage && can('logistics:log-order:tracking');

  const actions = useMemo(() => {
    if (!canEdit && !canCancel && !canTrack) return null;
    return (record: OrderRecord) => (
      <Space size={0} wrap={false}>
        {canEdit && EDITABLE_STATUSES.includes(record.status) && (
          <Button
            type="link"
            size="small"
            data-testid="order-edit"
            onClick={() => {
              setEditId(record.id);
              setFormMounted(true);
              setFormOpen(true);
            }}
          >
            {t('list.edit')}
          </Button>
        )}
        {canCancel && canTransition(record.status, 'CANCEL') && (
          <Button type="link" size="small" danger data-testid="order-cancel" onClick={() => setCancelTarget({ id: record.id, orderNo: record.orderNo })}>
            {t('list.cancel')}
          </Button>
        )}
        {canTrack && (
          <Button type="link" size="small" data-testid="order-tracking" onClick={() => navigate(orderDetailPath(record.id))}>
            {t('list.tracking')}
          </Button>
        )}
      </Space>
    );
  }, [canEdit, canCancel, canTrack, navigate, t]);

  const config = useMemo<ListPageConfig<OrderRecord>>(() => {
    const fetch = setup.fetch;
    return {
      id: setup.id,
      rowKey: 'id',
      queryKey: [...setup.queryKey, { tab }],
      fetcher: withinPages((params, signal) => fetch({ ...params, status: statusOf(params.status, tab) }, signal)),
      defaultSort: { column: 'createdAt', order: 'desc' },
      query: ORDER_QUERY,
      columns: orderColumns(actions),
      // the address's status is the tab's (above), not a filter that would narrow the tabs to it
      urlFilters: setup.manage ? false : undefined,
    };
  }, [setup, tab, actions]);

  const onParams = useCallback((params: ListParams) => setListParams(params), []);

  return (
    <Card
      tabList={setup.manage ? tabItems : undefined}
      activeTabKey={setup.manage ? activeTab : undefined}
      onTabChange={(key) => setTab(key as StatusTab)}
      tabProps={{ size: 'middle' }}
      // a phone keeps its width for the table
      size={screens.md === false ? 'small' : undefined}
      data-testid={`order-list-${variant}`}
    >
      <ListPage<OrderRecord>
        config={config}
        toolbar={
          setup.manage ? (
            <>
              <Access code="logistics:order:add">
                <Button
                  type="primary"
                  icon={<PlusOutlined />}
                  data-testid="order-create"
                  onClick={() => {
                    setEditId(null);
                    setFormMounted(true);
                    setFormOpen(true);
                  }}
                >
                  {t('list.create')}
                </Button>
              </Access>
              <Access code="logistics:order:import">
                <Button icon={<UploadOutlined />} data-testid="order-import" onClick={() => setImportOpen(true)}>
                  {t('list.import')}
                </Button>
              </Access>
            </>
          ) : undefined
        }
        exportSlot={(params) => (
          <>
            <ParamsReporter params={params} onChange={onParams} />
            <Access code={setup.exportCode}>
              <OrderExportButton listKey={[...config.queryKey, params]} query={exportQuery({ ...params, status: statusOf(params.status, tab) })} run={setup.exportRun} exactCount={setup.manage ? exactCount : undefined} />
            </Access>
          </>
        )}
      />
      {setup.manage && (
        <>
          {formMounted && <OrderFormDrawer open={formOpen} orderId={editId} onClose={() => setFormOpen(false)} />}
          <ImportOrdersDialog open={importOpen} onClose={() => setImportOpen(false)} />
          <CancelOrderDialog target={cancelTarget} onClose={() => setCancelTarget(null)} />
        </>
      )}
    </Card>
  );
}
