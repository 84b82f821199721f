import { and, eq, exists, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgSelect } from 'drizzle-orm/pg-core';
import type { Texts } from '@portal/shared/languages';
import type { DataFieldType, QueryOperator, ReportDataSet } from '@portal/shared/online';
import type { PermissionCode } from '@portal/shared/permissions';
import type { PurchasePlatform } from '@portal/shared/purchase';
import type { DataRuleMenu } from '@portal/shared/system-data-rules';
import type { Db } from '../../../db/client.ts';
import { accounts, entries, journals } from '../../../db/schema/finance.ts';
import { orders, parcels } from '../../../db/schema/logistics.ts';
import { purchaseOrders } from '../../../db/schema/purchase.ts';
import { users, userTenants } from '../../../db/schema/sys.ts';

/*
 * The allow-list of data sets an online report may read (decision 0031). Everything a report names is
 * looked up here: a field is a column or a fixed expression written in this file, never text from a
 * client. Each data set reads one tenant's rows (the caller's), behind the permission of the product's
 * own screen of those rows and, where that screen has them, its data rules (decision 0016). Secrets
 * (password hashes, salts, tokens) are simply not fields.
 */

export type DataSetField = {
  key: string;
  titles: Texts;
  type: DataFieldType;
  dictCode: string | null;
  sortable: boolean;
  operators: readonly QueryOperator[];
  /** what is selected, filtered and sorted */
  expr: AnyPgColumn | SQL;
  /** a money field: the column of its currency (amounts are kept in minor units) */
  currency?: AnyPgColumn;
};

export type Selection = Record<string, AnyPgColumn | SQL>;

export type DataSetDefinition = {
  id: ReportDataSet;
  titles: Texts;
  /** the caller must hold one of these (the product's screen of the rows) */
  permissions: readonly PermissionCode[];
  /** the screen whose data rules narrow the rows, when it has them */
  dataRuleMenu: DataRuleMenu | null;
  /** the stable tiebreak of every order */
  idColumn: AnyPgColumn;
  fields: readonly DataSetField[];
  /** FROM and its joins, with the selection given */
  source: (db: Db, selection: Selection) => PgSelect;
  /** one tenant's rows, and only what the caller's codes open of them */
  rowsOf: (db: Db, tenantId: number, held: ReadonlySet<PermissionCode>) => SQL | undefined;
};

const t = (zhTW: string, zhCN: string, enUS: string): Texts => ({ 'zh-TW': zhTW, 'zh-CN': zhCN, 'en-US': enUS });
const TEXT_OPS = ['eq', 'like'] as const;
const NUMBER_OPS = ['eq', 'range'] as const;
const DICT_OPS = ['eq', 'in'] as const;
const DATE_OPS = ['range'] as const;

type FieldOptions = { sortable?: boolean; currency?: AnyPgColumn };
const text = (key: string, titles: Texts, expr: AnyPgColumn | SQL, options: FieldOptions = {}): DataSetField => ({ key, titles, type: 'text', dictCode: null, sortable: options.sortable ?? true, operators: TEXT_OPS, expr });
const number = (key: string, titles: Texts, expr: AnyPgColumn | SQL, options: FieldOptions = {}): DataSetField => ({ key, titles, type: 'number', dictCode: null, sortable: options.sortable ?? true, operators: NUMBER_OPS, expr });
const dict = (key: string, titles: Texts, expr: AnyPgColumn | SQL, dictCode: string | null, options: FieldOptions = {}): DataSetField => ({
  key,
  titles,
  // a coded value without a dictionary is queried as text (an exact value)
  type: dictCode ? 'dict' : 'text',
  dictCode,
  sortable: options.sortable ?? true,
  operators: dictCode ? DICT_OPS : ['eq'],
  expr,
});
const date = (key: string, titles: Texts, expr: AnyPgColumn): DataSetField => ({ key, titles, type: 'date', dictCode: null, sortable: true, operators: DATE_OPS, expr });
// amounts of several currencies do not compare: shown and sorted, not queried
const money = (key: string, titles: Texts, expr: AnyPgColumn, currency: AnyPgColumn): DataSetField => ({ key, titles, type: 'money', dictCode: null, sortable: true, operators: [], expr, currency });

const ID = t('編號', '编号', 'ID');
const CREATED = t('建立時間', '创建时间', 'Created at');
const STATUS = t('狀態', '状态', 'Status');

const ordersSet: DataSetDefinition = {
  id: 'orders',
  titles: t('國際物流訂單', '国际物流订单', 'International logistics orders'),
  permissions: ['logistics:order:list'],
  dataRuleMenu: 'logistics:order:list',
  idColumn: orders.id,
  fields: [
    number('id', ID, orders.id),
    text('orderNo', t('訂單號', '订单号', 'Order number'), orders.orderNo),
    text('merchantOrderNo', t('商家訂單號', '商家订单号', 'Merchant order number'), orders.merchantOrderNo),
    dict('status', STATUS, orders.status, 'LOGOrderStateEnum'),
    dict('destinationCountry', t('目的國家/地區', '目的国家/地区', 'Destination'), orders.destinationCountry, 'CountryType'),
    text('waybillNo', t('運單號', '运单号', 'Waybill number'), orders.waybillNo),
    text('recipientName', t('收件人', '收件人', 'Recipient'), orders.recipientName),
    number('itemQuantity', t('商品數量', '商品数量', 'Items'), orders.itemQuantity),
    // grams: measured at warehouse-in, declared until then
    number('weight', t('重量（克）', '重量（克）', 'Weight (g)'), sql`coalesce(${orders.actualWeight}, ${orders.declaredWeight})`),
    money('merchandiseValue', t('申報價值', '申报价值', 'Declared value'), orders.merchandiseValue, orders.merchandiseCurrency),
    date('createdAt', CREATED, orders.createdAt),
    date('statusUpdatedAt', t('狀態更新時間', '状态更新时间', 'Status updated at'), orders.statusUpdatedAt),
  ],
  source: (db, selection) => db.select(selection).from(orders).$dynamic(),
  rowsOf: (_db, tenantId) => eq(orders.tenantId, tenantId),
};

const parcelsSet: DataSetDefinition = {
  id: 'parcels',
  titles: t('包裹', '包裹', 'Parcels'),
  permissions: ['logistics:package:list'],
  dataRuleMenu: 'logistics:package:list',
  idColumn: parcels.id,
  fields: [
    number('id', ID, parcels.id),
    text('trackingNo', t('快遞單號', '快递单号', 'Tracking number'), parcels.trackingNo),
    text('orderNo', t('訂單號', '订单号', 'Order number'), orders.orderNo),
    number('weight', t('重量（克）', '重量（克）', 'Weight (g)'), parcels.weight),
    number('length', t('長（毫米）', '长（毫米）', 'Length (mm)'), parcels.length),
    number('width', t('寬（毫米）', '宽（毫米）', 'Width (mm)'), parcels.width),
    number('height', t('高（毫米）', '高（毫米）', 'Height (mm)'), parcels.height),
    dict('status', STATUS, parcels.status, 'ParcelStatus'),
    date('storedAt', t('入庫時間', '入库时间', 'Stored at'), parcels.storageTime),
    date('shippedAt', t('出庫時間', '出库时间', 'Shipped at'), parcels.shipmentTime),
    date('createdAt', CREATED, parcels.createdAt),
  ],
  // the order of the parcel, in the same tenant
  source: (db, selection) =>
    db
      .select(selection)
      .from(parcels)
      .leftJoin(orders, and(eq(orders.tenantId, parcels.tenantId), eq(orders.id, parcels.orderId)))
      .$dynamic(),
  rowsOf: (_db, tenantId) => eq(parcels.tenantId, tenantId),
};

const usersSet: DataSetDefinition = {
  id: 'users',
  titles: t('使用者', '用户', 'Users'),
  permissions: ['system:user:list'],
  dataRuleMenu: null,
  idColumn: users.id,
  fields: [
    number('id', ID, users.id),
    text('username', t('帳號', '账号', 'Username'), users.username),
    text('realname', t('姓名', '姓名', 'Name'), users.realname),
    text('phone', t('手機號碼', '手机号码', 'Phone'), users.phone),
    text('email', t('電子郵件', '电子邮件', 'Email'), users.email),
    // 1 normal, 2 frozen: as text, so that a value a client sends is compared, never cast to a number by the database
    dict('status', STATUS, sql`cast(${users.status} as text)`, 'UserStatus'),
    date('createdAt', CREATED, users.createdAt),
  ],
  source: (db, selection) => db.select(selection).from(users).$dynamic(),
  // the members of the tenant, out of the recycle bin (as the user list)
  rowsOf: (db, tenantId) =>
    and(
      eq(users.delFlag, 0),
      exists(
        db
          .select({ one: sql`1` })
          .from(userTenants)
          .where(and(eq(userTenants.userId, users.id), eq(userTenants.tenantId, tenantId))),
      ),
    ),
};

/** Each platform's purchase orders open to the code of its own screen. */
const PURCHASE_SCREENS: { platform: PurchasePlatform; code: PermissionCode }[] = [
  { platform: 'TAOBAO', code: 'purchase:taobao-order:list' },
  { platform: '1688', code: 'purchase:1688-order:list' },
];

const purchaseOrdersSet: DataSetDefinition = {
  id: 'purchase_orders',
  titles: t('採購訂單', '采购订单', 'Purchase orders'),
  permissions: PURCHASE_SCREENS.map((screen) => screen.code),
  dataRuleMenu: null,
  idColumn: purchaseOrders.id,
  fields: [
    number('id', ID, purchaseOrders.id),
    text('purchaseNo', t('採購單號', '采购单号', 'Purchase number'), purchaseOrders.purchaseNo),
    dict('platform', t('平台', '平台', 'Platform'), purchaseOrders.platform, null),
    dict('status', STATUS, purchaseOrders.status, null),
    text('storeName', t('店鋪', '店铺', 'Store'), purchaseOrders.storeName),
    money('purchaseAmount', t('採購金額', '采购金额', 'Purchase amount'), purchaseOrders.purchaseAmount, purchaseOrders.purchaseCurrency),
    text('expressNo', t('快遞單號', '快递单号', 'Express number'), purchaseOrders.expressNo),
    date('createdAt', CREATED, purchaseOrders.createdAt),
  ],
  source: (db, selection) => db.select(selection).from(purchaseOrders).$dynamic(),
  rowsOf: (_db, tenantId, held) =>
    and(
      eq(purchaseOrders.tenantId, tenantId),
      inArray(
        purchaseOrders.platform,
        PURCHASE_SCREENS.filter((screen) => held.has(screen.code)).map((screen) => screen.platform),
      ),
    ),
};

const walletDetailsSet: DataSetDefinition = {
  id: 'wallet_details',
  titles: t('錢包明細', '钱包明细', 'Wallet details'),
  permissions: ['finance:detail:list'],
  dataRuleMenu: null,
  idColumn: entries.id,
  fields: [
    number('id', ID, entries.id),
    dict('kind', t('類型', '类型', 'Kind'), journals.kind, null),
    text('refNo', t('業務單號', '业务单号', 'Reference'), journals.refNo),
    dict('currency', t('幣別', '币别', 'Currency'), entries.currency, 'Currency'),
    money('amount', t('金額', '金额', 'Amount'), entries.amount, entries.currency),
    money('balanceAfter', t('餘額', '余额', 'Balance after'), entries.balanceAfter, entries.currency),
    text('memo', t('摘要', '摘要', 'Memo'), journals.memo, { sortable: false }),
    date('postedAt', t('記帳時間', '记账时间', 'Posted at'), entries.postedAt),
  ],
  source: (db, selection) =>
    db
      .select(selection)
      .from(entries)
      .innerJoin(accounts, and(eq(accounts.tenantId, entries.tenantId), eq(accounts.id, entries.accountId)))
      .innerJoin(journals, eq(journals.id, entries.journalId))
      .$dynamic(),
  // the tenant's wallets (the platform's own accounts are not a merchant's wallet)
  rowsOf: (_db, tenantId) => and(eq(entries.tenantId, tenantId), eq(accounts.kind, 'WALLET')),
};

export const DATA_SETS: Record<ReportDataSet, DataSetDefinition> = {
  orders: ordersSet,
  parcels: parcelsSet,
  users: usersSet,
  purchase_orders: purchaseOrdersSet,
  wallet_details: walletDetailsSet,
};

/** A field of a data set by its key (own keys only: `__proto__` or `toString` name no field). */
export function fieldOf(dataSet: DataSetDefinition, key: string): DataSetField | undefined {
  return dataSet.fields.find((field) => field.key === key);
}
