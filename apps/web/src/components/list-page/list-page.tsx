import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Alert, Button, Flex, Form, Grid, Space, Table, Tag, Tooltip, type TableColumnsType, type TableProps } from 'antd';
import type { TableRowSelection } from 'antd/es/table/interface';
import { ReloadOutlined, SettingOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useInRouterContext, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { ellipsis, formatCount, formatDateTime, formatMoney, formatWeight } from '../../lib/format.ts';
import { DictTag, type DictValue } from '../dict-tag.tsx';
import { useSelectionLabels } from '../table-selection.ts';
import { ColumnChooser } from './column-chooser.tsx';
import { useHiddenColumns } from './column-settings.ts';
import { QueryForm } from './query-form.tsx';
import { useUrlFilters } from './url-filters.ts';
import { columnKeyOf, isDataColumn, DEFAULT_PAGE_SIZE, DEFAULT_PAGE_SIZE_OPTIONS, toFilters, type DataColumn, type ListColumn, type ListPageConfig, type ListParams, type SortOrder } from './list-config.ts';

export type ListPageProps<T> = {
  config: ListPageConfig<T>;
  /** buttons before the table, on the left (add, batch actions) */
  toolbar?: ReactNode;
  /** the export button: it gets the current filters and sort, so it exports what the user sees */
  exportSlot?: (params: ListParams) => ReactNode;
  rowSelection?: TableRowSelection<T>;
  onRowClick?: (record: T) => void;
  /** drawn between the toolbar and the table with the current filters (a report's chart) */
  aboveTable?: (params: ListParams) => ReactNode;
};

const asPrimitive = (value: unknown): string | number | null => (typeof value === 'string' || typeof value === 'number' ? value : null);

function renderData<T>(column: DataColumn<T>, record: T, t: TFunction): ReactNode {
  const raw: unknown = record[column.dataIndex];
  if (column.dict) return <DictTag code={column.dict} value={Array.isArray(raw) ? (raw as (string | number)[]) : (asPrimitive(raw) as DictValue)} />;
  const value = asPrimitive(raw);
  if (column.options) {
    const option = value === null ? undefined : column.options.find((o) => o.value === String(value));
    return option ? <Tag color={option.color}>{t(option.label)}</Tag> : (value ?? '');
  }
  switch (column.format) {
    case 'dateTime':
      return formatDateTime(value);
    case 'money':
      return formatMoney(value);
    case 'weight':
      return formatWeight(value);
    case 'count':
      return typeof value === 'number' ? formatCount(value) : (value ?? '');
    case 'ellipsis': {
      const text = value === null ? '' : String(value);
      return <span title={text}>{ellipsis(text)}</span>;
    }
    default:
      return value ?? '';
  }
}

const toAntOrder = (order: SortOrder | undefined) => (order === 'asc' ? 'ascend' : order === 'desc' ? 'descend' : null);

/**
 * The list-page toolkit (DESIGN §2): a query form, a toolbar (custom buttons, an export slot,
 * refresh, the column chooser) and a table paged, sorted and filtered on the server, all driven by
 * one typed config. The config is best a module constant: its texts are keys, translated here.
 */
export function ListPage<T extends object>(props: ListPageProps<T>) {
  // a list drawn outside a router (a component test) has no URL to read, a list in a dialog none of its own
  return useInRouterContext() && props.config.urlFilters !== false ? <RoutedListPage {...props} /> : <ListPageBody {...props} urlSearch={NO_SEARCH} />;
}

const NO_SEARCH = new URLSearchParams();
const NO_DEFAULTS: Readonly<Record<string, unknown>> = {};
/** the URL's filters when it names none: the form's first values are already the list's */
const EMPTY_SIGNATURE = JSON.stringify({});

function RoutedListPage<T extends object>(props: ListPageProps<T>) {
  const [urlSearch] = useSearchParams();
  return <ListPageBody {...props} urlSearch={urlSearch} />;
}

function ListPageBody<T extends object>({ config, toolbar, exportSlot, rowSelection, onRowClick, aboveTable, urlSearch }: ListPageProps<T> & { urlSearch: URLSearchParams }) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const fields = config.query ?? [];
  // the URL's filters (a home card's link, a shared address) are the list's first ones
  const fromUrl = useUrlFilters(fields, urlSearch);
  const defaults = config.defaults ?? NO_DEFAULTS;
  const [filters, setFilters] = useState<Record<string, string | number>>(() => toFilters(fields, { ...defaults, ...fromUrl.values }));
  const [paging, setPaging] = useState({ pageNo: 1, pageSize: config.pageSize ?? DEFAULT_PAGE_SIZE });
  const [applied, setApplied] = useState(fromUrl.ready ? fromUrl.signature : null);
  if (fromUrl.ready && fromUrl.signature !== applied) {
    // the URL asks for other filters (a link to a list whose tab is open, or a dictionary that checks them has loaded):
    // they replace the current ones, as if the list opened anew
    setApplied(fromUrl.signature);
    setFilters(toFilters(fields, { ...defaults, ...fromUrl.values }));
    setPaging((current) => ({ ...current, pageNo: 1 }));
  }
  // the form shows them (a form instance is outside React's state, so after the render), once for each set of them:
  // a page under a tab runs its effects again whenever its tab shows (<Activity>), and what the user typed since stays
  const shown = useRef(EMPTY_SIGNATURE);
  useEffect(() => {
    if (!fromUrl.ready || fromUrl.signature === shown.current) return;
    shown.current = fromUrl.signature;
    form.resetFields();
    form.setFieldsValue(fromUrl.values);
  }, [form, fromUrl]);
  const revealed = fields.some((field) => field.hidden && fromUrl.values[field.name] !== undefined) ? fromUrl.signature : undefined;
  const [sort, setSort] = useState(config.defaultSort);
  const [chooserOpen, setChooserOpen] = useState(false);
  // selection boxes read in the user's language: a row's by its first column with a text (its number), not antd's English
  // "Select row 3"; a column of pictures (an avatar's address, often empty) names nothing
  const nameColumns = config.columns.filter(isDataColumn).map((column) => column.dataIndex);
  const selectionLabels = useSelectionLabels<T>((record) => {
    for (const column of nameColumns) {
      const name = record[column];
      if ((typeof name === 'string' && name.trim() !== '' && !/^(https?:)?\//.test(name)) || typeof name === 'number') return String(name);
    }
    return typeof config.rowKey === 'function' ? config.rowKey(record) : String(record[config.rowKey]);
  });
  const defaultHidden = useMemo(() => config.columns.filter((column) => column.defaultHidden).map(columnKeyOf), [config.columns]);
  const { hidden, setVisible, reset } = useHiddenColumns(config.id, defaultHidden);

  const params: ListParams = { ...filters, pageNo: paging.pageNo, pageSize: paging.pageSize, ...(sort ? { column: sort.column, order: sort.order } : {}) };
  const query = useQuery({
    queryKey: [...config.queryKey, params],
    queryFn: ({ signal }) => config.fetcher(params, signal),
    // nothing is asked before the URL's filters are known to be valid
    enabled: fromUrl.ready,
    // the old page stays on screen while the next one loads, instead of an empty table
    placeholderData: keepPreviousData,
    // the HTTP client already told the user what failed; a retry would tell them again, and the Retry button is there
    retry: false,
  });

  const search = () => {
    const next = toFilters(config.query ?? [], form.getFieldsValue(true) as Record<string, unknown>);
    // a search always asks: with the criteria already shown, for what has changed since (a new session, a new order)
    if (paging.pageNo === 1 && sameFilters(next, filters)) void query.refetch();
    setFilters(next);
    setPaging((current) => ({ ...current, pageNo: 1 }));
  };
  const resetQuery = () => {
    setFilters(toFilters(fields, defaults));
    setPaging((current) => ({ ...current, pageNo: 1 }));
  };

  // a phone held upright (narrower than antd's sm, 576 px) shows the columns the list keeps for it, as wide
  // as their contents: a width or a fixed side set for a desktop's many columns would push them off screen
  const screens = Grid.useBreakpoint();
  const phone = screens.sm === false && config.columns.some((column) => column.phone);
  const columns: TableColumnsType<T> = config.columns
    .filter((column) => !hidden.includes(columnKeyOf(column)) && (!phone || column.phone))
    .map((column: ListColumn<T>) => {
      const key = columnKeyOf(column);
      const sortable = isDataColumn(column) && column.sorter === true;
      return {
        key,
        dataIndex: column.dataIndex,
        title: t(column.title),
        width: phone ? undefined : column.width,
        align: column.align,
        fixed: phone ? undefined : column.fixed,
        ...(sortable ? { sorter: true, sortOrder: sort?.column === key ? toAntOrder(sort.order) : null, sortDirections: ['descend', 'ascend'] as const } : {}),
        render: (_value: unknown, record: T, index: number) => (column.render ? column.render(record, index) : isDataColumn(column) ? renderData(column, record, t) : null),
      };
    });

  const onChange: TableProps<T>['onChange'] = (pagination, _filters, sorter) => {
    const one = Array.isArray(sorter) ? sorter[0] : sorter;
    // a sort switched off goes back to the list's default order
    const next = one?.order && typeof one.columnKey === 'string' ? { column: one.columnKey, order: (one.order === 'ascend' ? 'asc' : 'desc') as SortOrder } : config.defaultSort;
    const sortChanged = next?.column !== sort?.column || next?.order !== sort?.order;
    setSort(next);
    setPaging({ pageNo: sortChanged ? 1 : (pagination.current ?? 1), pageSize: pagination.pageSize ?? paging.pageSize });
  };

  // antd's scrolling box of the table takes no props: it is made a named region the keyboard can reach
  // and scroll (axe scrollable-region-focusable), again after each render in case antd drew it anew
  const rootRef = useRef<HTMLDivElement>(null);
  const regionName = t('components.table.region');
  useEffect(() => {
    for (const box of rootRef.current?.querySelectorAll<HTMLElement>('.ant-table-content, .ant-table-body') ?? []) {
      box.tabIndex = 0;
      box.setAttribute('role', 'region');
      box.setAttribute('aria-label', regionName);
    }
  });

  const rowKey = typeof config.rowKey === 'function' ? config.rowKey : (record: T) => String(record[config.rowKey as Extract<keyof T, string>]);
  const page = query.data;

  return (
    <div ref={rootRef} data-testid={`list-page-${config.id}`}>
      {config.query && config.query.length > 0 && <QueryForm fields={config.query} form={form} initialValues={defaults} reveal={revealed} onSearch={search} onReset={resetQuery} />}
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 12 }}>
        {toolbar && <Space wrap>{toolbar}</Space>}
        <Space wrap style={{ marginInlineStart: 'auto' }}>
          {exportSlot?.(params)}
          <Tooltip title={t('components.table.refresh')}>
            <Button icon={<ReloadOutlined />} aria-label={t('components.table.refresh')} onClick={() => void query.refetch()} />
          </Tooltip>
          <Tooltip title={t('components.table.columns')}>
            <Button icon={<SettingOutlined />} aria-label={t('components.table.columns')} onClick={() => setChooserOpen(true)} />
          </Tooltip>
        </Space>
      </Flex>
      {aboveTable?.(params)}
      {query.isError && !page && (
        <Alert
          type="error"
          showIcon
          title={t('components.table.loadFailed')}
          action={
            <Button size="small" onClick={() => void query.refetch()}>
              {t('components.table.retry')}
            </Button>
          }
          style={{ marginBottom: 12 }}
        />
      )}
      <Table<T>
        size="middle"
        rowKey={rowKey}
        columns={columns}
        dataSource={page?.records ?? []}
        loading={query.isFetching}
        scroll={{ x: 'max-content' }}
        rowSelection={rowSelection && { ...selectionLabels, ...rowSelection }}
        onRow={onRowClick ? (record) => ({ onClick: () => onRowClick(record), style: { cursor: 'pointer' } }) : undefined}
        onChange={onChange}
        pagination={{
          current: paging.pageNo,
          pageSize: paging.pageSize,
          total: page?.total ?? 0,
          showSizeChanger: true,
          showQuickJumper: true,
          pageSizeOptions: (config.pageSizeOptions ?? DEFAULT_PAGE_SIZE_OPTIONS).map(String),
          showTotal: (total) => t('components.table.total', { total }),
        }}
      />
      <ColumnChooser
        open={chooserOpen}
        onClose={() => setChooserOpen(false)}
        columns={config.columns.map((column) => ({ key: columnKeyOf(column), title: t(column.title) }))}
        hidden={hidden}
        onToggle={setVisible}
        onReset={reset}
      />
    </div>
  );
}

const sameFilters = (a: Record<string, string | number>, b: Record<string, string | number>): boolean =>
  Object.keys(a).length === Object.keys(b).length && Object.entries(a).every(([key, value]) => b[key] === value);
