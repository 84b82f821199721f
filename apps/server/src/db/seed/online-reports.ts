import { reportDefinition, type ReportDefinition, type ReportDefinitionInput } from '@portal/shared/online';
import type { Texts } from '@portal/shared/languages';
import type { Db } from '../client.ts';
import { insertReport } from '../../modules/online/report/repository.ts';
import { recordVersion } from '../../modules/online/history/repository.ts';

/*
 * The reports of the product's own pickers: orders, users and parcels. Added at every start
 * when missing (builtIn: editable by the platform, never deleted); one an administrator edited is kept
 * as they left it.
 */

const t = (zhTW: string, zhCN: string, enUS: string): Texts => ({ 'zh-TW': zhTW, 'zh-CN': zhCN, 'en-US': enUS });
const column = (field: string, titles: Texts, options: { width?: number; sortable?: boolean; dictCode?: string } = {}) => ({
  field,
  titles,
  width: options.width ?? 150,
  sortable: options.sortable ?? true,
  dictCode: options.dictCode ?? null,
});

const BUILT_IN: ReportDefinitionInput[] = [
  {
    code: 'order_picker',
    titles: t('選擇訂單', '选择订单', 'Pick an order'),
    dataSet: 'orders',
    columns: [
      column('orderNo', t('訂單號', '订单号', 'Order number'), { width: 180 }),
      column('merchantOrderNo', t('商家訂單號', '商家订单号', 'Merchant order number'), { width: 180 }),
      column('status', t('狀態', '状态', 'Status'), { width: 120, dictCode: 'LOGOrderStateEnum' }),
      column('destinationCountry', t('目的國家/地區', '目的国家/地区', 'Destination'), { width: 140, dictCode: 'CountryType' }),
      column('recipientName', t('收件人', '收件人', 'Recipient'), { width: 140 }),
      column('weight', t('重量（克）', '重量（克）', 'Weight (g)'), { width: 110 }),
      column('createdAt', t('建立時間', '创建时间', 'Created at'), { width: 180 }),
    ],
    queryFields: [
      { field: 'orderNo', operator: 'like' },
      { field: 'status', operator: 'in' },
      { field: 'createdAt', operator: 'range', hidden: '1' },
    ],
    defaultSort: { field: 'createdAt', order: 'desc' },
    chart: { type: 'pie', groupBy: 'status', measure: 'count' },
  },
  {
    code: 'user_picker',
    titles: t('選擇使用者', '选择用户', 'Pick a user'),
    dataSet: 'users',
    columns: [
      column('username', t('帳號', '账号', 'Username')),
      column('realname', t('姓名', '姓名', 'Name')),
      column('phone', t('手機號碼', '手机号码', 'Phone')),
      column('email', t('電子郵件', '电子邮件', 'Email'), { width: 200 }),
      column('status', t('狀態', '状态', 'Status'), { width: 100 }),
    ],
    queryFields: [
      { field: 'username', operator: 'like' },
      { field: 'realname', operator: 'like' },
    ],
    defaultSort: { field: 'username', order: 'asc' },
  },
  {
    code: 'parcel_picker',
    titles: t('選擇包裹', '选择包裹', 'Pick a parcel'),
    dataSet: 'parcels',
    columns: [
      column('trackingNo', t('快遞單號', '快递单号', 'Tracking number'), { width: 180 }),
      column('orderNo', t('訂單號', '订单号', 'Order number'), { width: 180 }),
      column('weight', t('重量（克）', '重量（克）', 'Weight (g)'), { width: 110 }),
      column('storedAt', t('入庫時間', '入库时间', 'Stored at'), { width: 180 }),
    ],
    queryFields: [
      { field: 'trackingNo', operator: 'like' },
      { field: 'storedAt', operator: 'range', hidden: '1' },
    ],
    defaultSort: { field: 'storedAt', order: 'desc' },
  },
];

export const BUILT_IN_REPORTS: ReportDefinition[] = BUILT_IN.map((input) => reportDefinition.parse(input));

/** Adds the built-in reports a database lacks, each with its first version in the history. */
export async function syncBuiltInReports(db: Db): Promise<void> {
  for (const definition of BUILT_IN_REPORTS) {
    const id = await insertReport(db, definition, null, true);
    if (id !== undefined) await recordVersion(db, { kind: 'report', code: definition.code, version: 1, definition, changedBy: null });
  }
}
