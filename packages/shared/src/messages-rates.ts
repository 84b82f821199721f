import type { Texts } from './languages.ts';
import type { AccountKind } from './finance.ts';

/** Messages of exchange rates, rate applications, finance details and statements (modules/finance/rate-*, detail-*, statement-*). */
export const rateMessages = {
  rateSameCurrency: {
    'zh-TW': '{field}：匯率的兩個幣別不能相同',
    'zh-CN': '{field}：汇率的两个币种不能相同',
    'en-US': '{field}: the two currencies of a rate must differ',
  },
  rateEffectiveInPast: {
    'zh-TW': '{field}：生效時間不能早於現在（已生效的匯率歷史不可更改）',
    'zh-CN': '{field}：生效时间不能早于现在（已生效的汇率历史不可更改）',
    'en-US': '{field}: the effective time cannot be in the past (the history of rates cannot be changed)',
  },
  rateAlreadyEffective: {
    'zh-TW': '此匯率已於 {effectiveFrom} 生效，歷史紀錄不可刪除：請新增一筆匯率取代它',
    'zh-CN': '此汇率已于 {effectiveFrom} 生效，历史记录不可删除：请新增一笔汇率取代它',
    'en-US': 'This rate has applied since {effectiveFrom} and its history is kept: add a new rate to replace it',
  },
  rateApplyPendingTwin: {
    'zh-TW': '申請 {applyNo} 的幣別、金額與匯率與此相同，正在等待審核：請等候其結果，或先取消它',
    'zh-CN': '申请 {applyNo} 的币种、金额与汇率与此相同，正在等待审核：请等候其结果，或先取消它',
    'en-US': 'Application {applyNo} asks for the same currencies, amount and rate and awaits review: wait for its decision, or cancel it first',
  },
  rateUnchanged: {
    'zh-TW': '{pair} 自 {effectiveFrom} 起的匯率已是 {rate}：不需要再新增',
    'zh-CN': '{pair} 自 {effectiveFrom} 起的汇率已是 {rate}：不需要再新增',
    'en-US': 'The {pair} rate has been {rate} since {effectiveFrom}: there is nothing to add',
  },
  rateApplyValidUntilPast: {
    'zh-TW': '{field}：有效期限必須晚於現在',
    'zh-CN': '{field}：有效期限必须晚于现在',
    'en-US': '{field}: the validity must end in the future',
  },
  statementMonthInFuture: {
    'zh-TW': '{field}：{month} 尚未開始，不能產生對帳單',
    'zh-CN': '{field}：{month} 尚未开始，不能生成对账单',
    'en-US': '{field}: {month} has not begun, so it has no statement yet',
  },
  statementTooManyLines: {
    'zh-TW': '此對帳單有 {count} 筆異動，超過可顯示的 {max} 筆：請在財務明細中依時間篩選查看',
    'zh-CN': '此对账单有 {count} 笔变动，超过可显示的 {max} 笔：请在财务明细中按时间筛选查看',
    'en-US': 'This statement has {count} movements, more than the {max} that can be shown: use the finance details with a time filter',
  },
} as const satisfies Record<string, Texts>;

/** What was refused on a rate application, for financeRecordNotInStatus's {action}. */
export const RATE_APPLY_ACTION_TEXTS = {
  edit: { 'zh-TW': '編輯', 'zh-CN': '编辑', 'en-US': 'edited' },
  submit: { 'zh-TW': '送出審核', 'zh-CN': '提交审核', 'en-US': 'submitted' },
  cancel: { 'zh-TW': '取消', 'zh-CN': '取消', 'en-US': 'cancelled' },
  decide: { 'zh-TW': '審核', 'zh-CN': '审核', 'en-US': 'decided on' },
} as const satisfies Record<string, Texts>;

export const ACCOUNT_KIND_TEXTS: Record<AccountKind, Texts> = {
  WALLET: { 'zh-TW': '錢包', 'zh-CN': '钱包', 'en-US': 'Wallet' },
  BANK: { 'zh-TW': '銀行清算', 'zh-CN': '银行清算', 'en-US': 'Bank clearing' },
  REVENUE: { 'zh-TW': '費用收入', 'zh-CN': '费用收入', 'en-US': 'Charge revenue' },
  FX: { 'zh-TW': '換匯', 'zh-CN': '换汇', 'en-US': 'Currency desk' },
  ROUNDING: { 'zh-TW': '進位差額', 'zh-CN': '进位差额', 'en-US': 'Rounding' },
  PURCHASE: { 'zh-TW': '代購款', 'zh-CN': '代购款', 'en-US': 'Purchase funds' },
};

/** Titles and column headers of the rate, rate application, detail, account and statement exports. */
export const rateExportTexts = {
  rateTitle: { 'zh-TW': '匯率管理', 'zh-CN': '汇率管理', 'en-US': 'Exchange rates' },
  rateApplyTitle: { 'zh-TW': '匯率申請', 'zh-CN': '汇率申请', 'en-US': 'Exchange rate applications' },
  rateApplyReviewTitle: { 'zh-TW': '匯率申請審核', 'zh-CN': '汇率申请审核', 'en-US': 'Exchange rate application review' },
  detailTitle: { 'zh-TW': '財務明細', 'zh-CN': '财务明细', 'en-US': 'Finance details' },
  accountTitle: { 'zh-TW': '帳戶餘額', 'zh-CN': '账户余额', 'en-US': 'Accounts' },
  statementTitle: { 'zh-TW': '支付寶月結單', 'zh-CN': '支付宝月结单', 'en-US': 'Alipay monthly statement' },

  baseCurrency: { 'zh-TW': '基準幣別', 'zh-CN': '基准币种', 'en-US': 'Base currency' },
  quoteCurrency: { 'zh-TW': '報價幣別', 'zh-CN': '报价币种', 'en-US': 'Quote currency' },
  rate: { 'zh-TW': '匯率', 'zh-CN': '汇率', 'en-US': 'Rate' },
  inverseRate: { 'zh-TW': '反向匯率', 'zh-CN': '反向汇率', 'en-US': 'Inverse rate' },
  effectiveFrom: { 'zh-TW': '生效時間', 'zh-CN': '生效时间', 'en-US': 'Effective from' },
  current: { 'zh-TW': '目前適用', 'zh-CN': '当前适用', 'en-US': 'Current' },
  yes: { 'zh-TW': '是', 'zh-CN': '是', 'en-US': 'Yes' },
  no: { 'zh-TW': '否', 'zh-CN': '否', 'en-US': 'No' },
  remark: { 'zh-TW': '備註', 'zh-CN': '备注', 'en-US': 'Remark' },
  createdBy: { 'zh-TW': '建立人', 'zh-CN': '创建人', 'en-US': 'Created by' },
  createdAt: { 'zh-TW': '建立時間', 'zh-CN': '创建时间', 'en-US': 'Created at' },

  applyNo: { 'zh-TW': '申請單號', 'zh-CN': '申请单号', 'en-US': 'Application number' },
  status: { 'zh-TW': '狀態', 'zh-CN': '状态', 'en-US': 'Status' },
  amount: { 'zh-TW': '金額', 'zh-CN': '金额', 'en-US': 'Amount' },
  requestedRate: { 'zh-TW': '申請匯率', 'zh-CN': '申请汇率', 'en-US': 'Requested rate' },
  approvedRate: { 'zh-TW': '核准匯率', 'zh-CN': '核准汇率', 'en-US': 'Approved rate' },
  marketRate: { 'zh-TW': '當前匯率', 'zh-CN': '当前汇率', 'en-US': 'Market rate' },
  validUntil: { 'zh-TW': '有效期限', 'zh-CN': '有效期限', 'en-US': 'Valid until' },
  reason: { 'zh-TW': '申請原因', 'zh-CN': '申请原因', 'en-US': 'Reason' },
  decisionRemark: { 'zh-TW': '審核意見', 'zh-CN': '审核意见', 'en-US': 'Review remark' },
  decidedBy: { 'zh-TW': '審核人', 'zh-CN': '审核人', 'en-US': 'Reviewed by' },
  decidedAt: { 'zh-TW': '審核時間', 'zh-CN': '审核时间', 'en-US': 'Reviewed at' },
  tenant: { 'zh-TW': '商家', 'zh-CN': '商家', 'en-US': 'Merchant' },

  kind: { 'zh-TW': '類型', 'zh-CN': '类型', 'en-US': 'Type' },
  refNo: { 'zh-TW': '業務單號', 'zh-CN': '业务单号', 'en-US': 'Reference number' },
  memo: { 'zh-TW': '摘要', 'zh-CN': '摘要', 'en-US': 'Memo' },
  currency: { 'zh-TW': '幣別', 'zh-CN': '币种', 'en-US': 'Currency' },
  balance: { 'zh-TW': '餘額', 'zh-CN': '余额', 'en-US': 'Balance' },
  postedAt: { 'zh-TW': '入帳時間', 'zh-CN': '入账时间', 'en-US': 'Posted at' },
  account: { 'zh-TW': '帳戶', 'zh-CN': '账户', 'en-US': 'Account' },
  updatedAt: { 'zh-TW': '更新時間', 'zh-CN': '更新时间', 'en-US': 'Updated at' },

  month: { 'zh-TW': '月份', 'zh-CN': '月份', 'en-US': 'Month' },
  opening: { 'zh-TW': '期初餘額', 'zh-CN': '期初余额', 'en-US': 'Opening balance' },
  credits: { 'zh-TW': '本月收入', 'zh-CN': '本月收入', 'en-US': 'Money in' },
  debits: { 'zh-TW': '本月支出', 'zh-CN': '本月支出', 'en-US': 'Money out' },
  closing: { 'zh-TW': '期末餘額', 'zh-CN': '期末余额', 'en-US': 'Closing balance' },
  entryCount: { 'zh-TW': '異動筆數', 'zh-CN': '变动笔数', 'en-US': 'Movements' },
  generatedAt: { 'zh-TW': '產生時間', 'zh-CN': '生成时间', 'en-US': 'Generated at' },
} as const satisfies Record<string, Texts>;
