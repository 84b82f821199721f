import type { Texts } from './languages.ts';
import { AREA_LABELS, AREA_ROUTES, chosen, typed, type FieldArea, type FieldLabel } from './field-area-labels.ts';

/**
 * The names of request fields as the screens label them, in the three languages, so that a refused
 * request names the field the user sees ("高 (cm)不可大於 500", not "欄位 height"). Keyed by the field's
 * name in the API; where one name means different things in different screens (`amount`, `remark`,
 * `weight`), the area of the route overrides it. A field chosen from a list (`choose`) is asked for
 * with "請選擇…", a typed one with "請輸入…". Keep these equal to the labels in apps/web/src/locales.
 */

export type { FieldArea, FieldLabel };

/** Names that mean one thing wherever they appear; dotted keys name a field inside another. */
const LABELS: Record<string, FieldLabel> = {
  // lists and ids
  id: typed('編號', '编号', 'ID'),
  ids: typed('編號', '编号', 'IDs'),
  userIds: typed('使用者編號', '用户编号', 'User IDs'),
  keyword: typed('關鍵字', '关键字', 'Keyword'),
  pageNo: typed('頁碼', '页码', 'Page'),
  pageSize: typed('每頁筆數', '每页条数', 'Page size'),
  column: chosen('排序欄位', '排序字段', 'Sort column'),
  order: chosen('排序方向', '排序方向', 'Sort order'),
  tenantId: chosen('商家', '商家', 'Merchant'),
  createdBy: chosen('建立人', '创建人', 'Created by'),
  createdFrom: typed('建立時間（起）', '创建时间（起）', 'Created from'),
  createdTo: typed('建立時間（迄）', '创建时间（止）', 'Created to'),
  createdAt_begin: typed('建立時間（起）', '创建时间（起）', 'Created from'),
  createdAt_end: typed('建立時間（迄）', '创建时间（止）', 'Created to'),
  storageTime_begin: typed('入庫時間（起）', '入库时间（起）', 'Storage time from'),
  storageTime_end: typed('入庫時間（迄）', '入库时间（止）', 'Storage time to'),
  // the receive page's list (its screen says "Received at" in English)
  storageFrom: typed('入庫時間（起）', '入库时间（起）', 'Received from'),
  storageTo: typed('入庫時間（迄）', '入库时间（止）', 'Received to'),
  statusUpdatedFrom: typed('狀態更新時間（起）', '状态更新时间（起）', 'Status updated from'),
  statusUpdatedTo: typed('狀態更新時間（迄）', '状态更新时间（止）', 'Status updated to'),
  status: chosen('狀態', '状态', 'Status'),
  remark: typed('備註', '备注', 'Remark'),
  reason: typed('原因', '原因', 'Reason'),
  draft: chosen('草稿', '草稿', 'Draft'),
  timeZone: typed('時區', '时区', 'Time zone'),

  // orders
  orderNo: typed('訂單號', '订单号', 'Order number'),
  orderNos: typed('訂單號', '订单号', 'Order numbers'),
  orderIds: chosen('訂單', '订单', 'Orders'),
  merchantOrderNo: typed('商家訂單號', '商家订单号', 'Merchant order number'),
  waybillNo: typed('運單號', '运单号', 'Waybill number'),
  trackingNo: typed('追蹤號', '跟踪号', 'Tracking number'),
  serviceType: chosen('服務類型', '服务类型', 'Service type'),
  destinationCountry: chosen('目的國家/地區', '目的国家/地区', 'Destination'),
  warehouseCode: chosen('倉庫', '仓库', 'Warehouse'),
  currency: chosen('幣別', '币种', 'Currency'),
  weight: typed('重量 (kg)', '重量 (kg)', 'Weight (kg)'),
  length: typed('長 (cm)', '长 (cm)', 'Length (cm)'),
  width: typed('寬 (cm)', '宽 (cm)', 'Width (cm)'),
  height: typed('高 (cm)', '高 (cm)', 'Height (cm)'),
  recipient: typed('收件人', '收件人', 'Recipient'),
  recipientName: typed('收件人', '收件人', 'Recipient'),
  'recipient.name': typed('收件人姓名', '收件人姓名', 'Recipient name'),
  'recipient.phone': typed('電話', '电话', 'Phone'),
  'recipient.address': typed('地址', '地址', 'Address'),
  'recipient.province': typed('省/州', '省/州', 'Province/State'),
  'recipient.city': typed('城市', '城市', 'City'),
  'recipient.district': typed('區', '区', 'District'),
  'recipient.town': typed('鎮/街道', '镇/街道', 'Town'),
  'recipient.postcode': typed('郵遞區號', '邮政编码', 'Postcode'),
  items: typed('申報商品', '申报商品', 'Declared products'),
  'items.name': typed('品名', '品名', 'Product name'),
  'items.category': chosen('類別', '类别', 'Category'),
  'items.quantity': typed('數量', '数量', 'Quantity'),
  'items.specifications': typed('規格', '规格', 'Specifications'),
  'items.material': typed('材質', '材质', 'Material'),
  'items.unitPrice': typed('單價', '单价', 'Unit price'),

  // pick-up batches and pick-ups
  expectedPickupAt: typed('期望提貨時間', '期望提货时间', 'Expected pick-up time'),
  estimatedPickupAt: typed('預計提貨時間', '预计提货时间', 'Estimated pick-up time'),
  actualPickupAt: typed('實際提貨時間', '实际提货时间', 'Actual pick-up time'),
  actualWeight: typed('實際重量 (kg)', '实际重量 (kg)', 'Actual weight (kg)'),
  plate: typed('車牌號', '车牌号', 'Plate'),
  contactName: typed('聯絡人', '联系人', 'Contact'),
  contactPhone: typed('聯絡電話', '联系电话', 'Contact phone'),
  pickupAddress: typed('提貨地址', '提货地址', 'Pick-up address'),

  // exceptions
  type: chosen('異常類型', '异常类型', 'Exception type'),
  description: typed('異常描述', '异常描述', 'Description'),
  resolution: chosen('處理方式', '处理方式', 'Resolution'),

  // warehouse
  number: typed('包裹追蹤號 / 訂單號', '包裹追踪号 / 订单号', 'Tracking or order number'),
  occurredAt: typed('發生時間', '发生时间', 'Happened at'),
  location: typed('地點', '地点', 'Location'),
  carrierCode: typed('承運商狀態碼', '承运商状态码', 'Carrier status code'),
  rawText: typed('承運商原文', '承运商原文', "Carrier's text"),
  source: chosen('來源', '来源', 'Source'),
  'description.zh-TW': typed('描述（繁體中文）', '描述（繁体中文）', 'Description (Traditional Chinese)'),
  'description.zh-CN': typed('描述（簡體中文）', '描述（简体中文）', 'Description (Simplified Chinese)'),
  'description.en-US': typed('描述（英文）', '描述（英文）', 'Description (English)'),

  // rate cards
  firstWeight: typed('首重 (kg)', '首重 (kg)', 'First weight (kg)'),
  firstPrice: typed('首重價格', '首重价格', 'First weight price'),
  stepWeight: typed('續重單位 (kg)', '续重单位 (kg)', 'Additional step (kg)'),
  stepPrice: typed('續重價格', '续重价格', 'Price per step'),
  volumetricDivisor: typed('材積除數', '体积除数', 'Volumetric divisor'),
  active: chosen('啟用', '启用', 'Active'),

  // wallet and finance
  amount: typed('金額', '金额', 'Amount'),
  transferCurrency: chosen('轉帳幣種', '转账币种', 'Transfer currency'),
  transferAmount: typed('轉帳金額', '转账金额', 'Transfer amount'),
  receivedCurrency: chosen('入帳幣種', '入账币种', 'Wallet currency'),
  receivingAccountCode: chosen('收款帳戶', '收款账户', 'Receiving account'),
  payerName: typed('付款人', '付款人', 'Payer'),
  payerAccount: typed('付款帳號', '付款账号', 'Payer account'),
  transferredAt: typed('轉帳時間', '转账时间', 'Transferred at'),
  rateApplyId: chosen('匯率申請', '汇率申请', 'Rate application'),
  voucherIds: typed('轉帳憑證', '转账凭证', 'Transfer vouchers'),
  rechargeId: typed('充值', '充值', 'Recharge'),
  rechargeNo: typed('交易單號', '交易单号', 'Transaction number'),
  paymentNo: typed('支付單號', '支付单号', 'Payment number'),
  payOrderNo: chosen('支付單號', '支付单号', 'Pay order number'),
  refundNo: typed('退款單號', '退款单号', 'Refund number'),
  kind: chosen('類型', '类型', 'Type'),
  payeeName: typed('收款人', '收款人', 'Payee name'),
  payeeAccount: typed('收款帳號', '收款账号', 'Payee account'),
  payeeBank: typed('收款銀行', '收款银行', 'Payee bank'),
  approve: chosen('審核結果', '审核结果', 'Decision'),
  fromCurrency: chosen('轉出錢包', '转出钱包', 'From wallet'),
  toCurrency: chosen('轉入錢包', '转入钱包', 'To wallet'),
  expectedRate: typed('匯率', '汇率', 'Rate'),
  baseCurrency: chosen('基準幣別', '基准币种', 'Base currency'),
  quoteCurrency: chosen('報價幣別', '报价币种', 'Quote currency'),
  rate: typed('匯率', '汇率', 'Rate'),
  effectiveFrom: typed('生效時間', '生效时间', 'Effective from'),
  currentOnly: chosen('只看現行匯率', '只看现行汇率', 'Current rates only'),
  applyNo: typed('申請單號', '申请单号', 'Application number'),
  requestedRate: typed('申請匯率', '申请汇率', 'Requested rate'),
  approvedRate: typed('核准匯率', '核准汇率', 'Approved rate'),
  decisionRemark: typed('審核備註', '审核备注', 'Review remark'),
  validUntil: typed('有效期至', '有效期至', 'Valid until'),
  month: chosen('月份', '月份', 'Month'),
  refNo: typed('參考單號', '参考单号', 'Reference number'),

  // accounts
  username: typed('帳號', '用户名', 'Username'),
  password: typed('密碼', '密码', 'Password'),
  oldpassword: typed('舊密碼', '旧密码', 'Old password'),
  confirmpassword: typed('確認密碼', '确认密码', 'Confirm password'),
  confirmPassword: typed('確認密碼', '确认密码', 'Confirm password'),
  phone: typed('手機號碼', '手机号码', 'Mobile number'),
  mobile: typed('手機號碼', '手机号码', 'Mobile number'),
  smsCode: typed('簡訊驗證碼', '短信验证码', 'SMS code'),
  captcha: typed('簡訊驗證碼', '短信验证码', 'SMS code'),
  // users
  realname: typed('真實姓名', '真实姓名', 'Real name'),
  email: typed('電子郵件', '电子邮件', 'Email'),
  workNo: typed('工號', '工号', 'Work number'),
  avatar: typed('頭像', '头像', 'Avatar'),
  departIds: chosen('部門', '部门', 'Departments'),
  positionIds: chosen('職務', '职务', 'Positions'),
  roleId: chosen('角色', '角色', 'Role'),
  userid: chosen('使用者', '用户', 'User'),
  companyName: typed('公司名稱', '公司名称', 'Company name'),
  purpose: chosen('用途', '用途', 'Purpose'),
  // organisation: my department, address book
  departId: chosen('部門', '部门', 'Department'),
  userId: chosen('使用者', '用户', 'User'),
  roleIds: chosen('部門角色', '部门角色', 'Department roles'),
  // menus (menu management, /sys/permission)
  menuType: chosen('選單類型', '菜单类型', 'Menu type'),
  parentId: chosen('上級', '上级', 'Parent'),
  parentIds: typed('上級編號', '上级编号', 'Parent IDs'),
  titles: typed('選單名稱', '菜单名称', 'Title'),
  'titles.zh-TW': typed('選單名稱（繁體中文）', '菜单名称（繁体中文）', 'Title (Traditional Chinese)'),
  'titles.zh-CN': typed('選單名稱（簡體中文）', '菜单名称（简体中文）', 'Title (Simplified Chinese)'),
  'titles.en-US': typed('選單名稱（英文）', '菜单名称（英文）', 'Title (English)'),
  path: typed('選單路徑', '菜单路径', 'Path'),
  component: chosen('前端元件', '前端组件', 'Component'),
  componentName: typed('路由名稱', '路由名称', 'Route name'),
  redirect: typed('預設跳轉地址', '默认跳转地址', 'Redirect'),
  icon: chosen('選單圖示', '菜单图标', 'Icon'),
  url: typed('外部連結', '外部链接', 'External link'),
  sortNo: typed('排序', '排序', 'Sort order'),
  perms: typed('授權標識', '授权标识', 'Permission codes'),
  permsType: chosen('授權策略', '授权策略', 'Permission strategy'),
  // departments (/sys/sysDepart, department roles)
  departName: typed('部門名稱', '部门名称', 'Department name'),
  keyWord: typed('部門名稱或編碼', '部门名称或编码', 'Name or code'),
  headUserIds: chosen('負責人', '负责人', 'Heads'),
  depId: chosen('部門', '部门', 'Department'),
  userIdList: chosen('使用者', '用户', 'Users'),
  newRoleId: chosen('部門角色', '部门角色', 'Department roles'),
  // roles (/sys/role: the list's and the export's filters)
  roleName: typed('角色名稱', '角色名称', 'Role name'),
  roleCode: typed('角色編碼', '角色编码', 'Role code'),
};

/** The area of a route (its URL as registered or as called), if its fields have names of their own. */
export function fieldAreaOf(url: string): FieldArea | undefined {
  const path = url.replace(/^\/(api|platform-api)(?=\/)/, '').split('?')[0] ?? '';
  return AREA_ROUTES.find(([prefix]) => path.startsWith(prefix))?.[1];
}

/** The parts of a request zod names when the issue is about the part itself. */
const PARTS: Record<string, Texts> = {
  body: typed('請求內容', '请求内容', 'The request'),
  querystring: typed('查詢參數', '查询参数', 'The query'),
  params: typed('路徑參數', '路径参数', 'The path'),
  headers: typed('請求標頭', '请求头', 'The headers'),
};

/** A row of a list: "數量（商品 2）", "Quantity (product 2)". */
const ROWS: Record<string, Texts> = {
  items: typed('商品 {n}', '商品 {n}', 'product {n}'),
};
const ROW = typed('第 {n} 項', '第 {n} 项', 'item {n}');

/** A name the catalogue does not know, shown as the client sent it. */
const UNKNOWN = typed('欄位「{name}」', '字段「{name}」', 'Field {name}');

const fill = (texts: Texts, name: string, value: string): Texts => ({
  'zh-TW': texts['zh-TW'].replace(`{${name}}`, value),
  'zh-CN': texts['zh-CN'].replace(`{${name}}`, value),
  'en-US': texts['en-US'].replace(`{${name}}`, value),
});

function lookUp(names: readonly string[], area: FieldArea | undefined): FieldLabel | undefined {
  const own = area ? AREA_LABELS[area] : {};
  const dotted = names.join('.');
  const last = names.at(-1) ?? '';
  for (const key of [dotted, last]) {
    if (Object.hasOwn(own, key)) return own[key];
    if (Object.hasOwn(LABELS, key)) return LABELS[key];
  }
  return undefined;
}

/** A field's name as the screens label it, when the catalogue knows it (the audit log names record fields with it). */
export function knownFieldLabel(name: string, area?: FieldArea): Texts | undefined {
  const found = lookUp([name], area);
  return found ? { 'zh-TW': found['zh-TW'], 'zh-CN': found['zh-CN'], 'en-US': found['en-US'] } : undefined;
}

/** The raw path as the client wrote it: items[2].unitPrice. */
export function pathText(path: readonly PropertyKey[]): string {
  return path
    .map((part) => (typeof part === 'number' ? `[${part}]` : String(part)))
    .join('.')
    .replace(/\.\[/g, '[');
}

/**
 * The field at `path` as the screens label it, in every language, and whether it is chosen from a
 * list. `part` (body, querystring) names an issue about the whole request; an unknown field is named
 * as the client sent it, neutrally ("欄位「foo」").
 */
export function fieldLabel(path: readonly PropertyKey[], area?: FieldArea, part = 'body'): { label: Texts; choose: boolean } {
  if (path.length === 0) return { label: PARTS[part] ?? fill(UNKNOWN, 'name', part.slice(0, 100)), choose: false };
  const names = path.filter((segment): segment is string => typeof segment === 'string');
  const found = lookUp(names, area);
  if (!found) return { label: fill(UNKNOWN, 'name', pathText(path).slice(0, 100)), choose: false };
  const { choose, ...texts } = found;
  const index = path.findIndex((segment) => typeof segment === 'number');
  if (index < 0) return { label: texts, choose: choose === true };
  const list = String(path[index - 1] ?? '');
  const row = fill(Object.hasOwn(ROWS, list) ? (ROWS[list] as Texts) : ROW, 'n', String(Number(path[index]) + 1));
  return {
    label: { 'zh-TW': `${texts['zh-TW']}（${row['zh-TW']}）`, 'zh-CN': `${texts['zh-CN']}（${row['zh-CN']}）`, 'en-US': `${texts['en-US']} (${row['en-US']})` },
    choose: choose === true,
  };
}
