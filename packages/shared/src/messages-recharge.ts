import type { Texts } from './languages.ts';

/** Messages of recharges, vouchers and their review (modules/finance/recharge-*). */
export const rechargeMessages = {
  rechargeAccountCurrency: {
    'zh-TW': '收款帳戶 {account} 只收 {accountCurrency}，與轉帳幣別 {currency} 不符',
    'zh-CN': '收款账户 {account} 只收 {accountCurrency}，与转账币种 {currency} 不符',
    'en-US': 'The receiving account {account} receives {accountCurrency}, not the transfer currency {currency}',
  },
  rechargeRateApplyNotNeeded: {
    'zh-TW': '轉帳幣別與入帳幣別相同，不需要匯率申請',
    'zh-CN': '转账币种与入账币种相同，不需要汇率申请',
    'en-US': 'The transfer and the wallet are in the same currency: no rate application applies',
  },
  rechargeRateApplyInvalid: {
    'zh-TW': '匯率申請 #{id} 不是本公司已核准、仍在有效期內的 {from} 兌 {to} 申請',
    'zh-CN': '汇率申请 #{id} 不是本公司已核准、仍在有效期内的 {from} 兑 {to} 申请',
    'en-US': 'Rate application #{id} is not an approved, still valid {from} to {to} application of your company',
  },
  rechargeRateApplyExceeded: {
    'zh-TW': '轉帳金額 {amount} 超過匯率申請 {applyNo} 的申請金額 {limit}',
    'zh-CN': '转账金额 {amount} 超过汇率申请 {applyNo} 的申请金额 {limit}',
    'en-US': 'The transfer amount {amount} exceeds the {limit} of rate application {applyNo}',
  },
  rechargeRateApplyLapsed: {
    'zh-TW': '匯率申請 {applyNo} 已失效，改用當前匯率',
    'zh-CN': '汇率申请 {applyNo} 已失效，改用当前汇率',
    'en-US': 'Rate application {applyNo} is no longer valid: the current rate applies',
  },
  rechargeVoucherRequired: {
    'zh-TW': '送出審核前請至少上傳一張轉帳憑證',
    'zh-CN': '提交审核前请至少上传一张转账凭证',
    'en-US': 'Upload at least one bank voucher before submitting for review',
  },
  rechargeVoucherNotFound: {
    'zh-TW': '找不到轉帳憑證 #{id}',
    'zh-CN': '找不到转账凭证 #{id}',
    'en-US': 'Bank voucher #{id} was not found',
  },
  rechargeVoucherTaken: {
    'zh-TW': '轉帳憑證 #{id} 已附在另一筆充值 {rechargeNo}',
    'zh-CN': '转账凭证 #{id} 已附在另一笔充值 {rechargeNo}',
    'en-US': 'Bank voucher #{id} already belongs to recharge {rechargeNo}',
  },
  voucherFileMissing: {
    'zh-TW': '請上傳一個檔案（表單欄位 "file"）',
    'zh-CN': '请上传一个文件（表单字段 "file"）',
    'en-US': 'Upload one file (form field "file")',
  },
  voucherTooLarge: {
    'zh-TW': '檔案過大：轉帳憑證最大 {limit}',
    'zh-CN': '文件过大：转账凭证最大 {limit}',
    'en-US': 'The file is too large: a bank voucher is at most {limit}',
  },
  voucherTypeRefused: {
    'zh-TW': '轉帳憑證只接受 PNG、JPEG、WebP 圖片或 PDF 檔案（依檔案內容判斷，而非副檔名）',
    'zh-CN': '转账凭证只接受 PNG、JPEG、WebP 图片或 PDF 文件（依文件内容判断，而非扩展名）',
    'en-US': 'A bank voucher must be a PNG, JPEG or WebP image or a PDF (judged by its content, not its name)',
  },
} as const satisfies Record<string, Texts>;

/** The {action} of financeRecordNotInStatus for recharges: "cannot be {action}". */
export const RECHARGE_ACTION_TEXTS = {
  edit: { 'zh-TW': '編輯', 'zh-CN': '编辑', 'en-US': 'edited' },
  delete: { 'zh-TW': '刪除', 'zh-CN': '删除', 'en-US': 'deleted' },
  decide: { 'zh-TW': '審核', 'zh-CN': '审核', 'en-US': 'reviewed' },
  reverse: { 'zh-TW': '沖正', 'zh-CN': '冲正', 'en-US': 'reversed' },
} as const satisfies Record<string, Texts>;

/** Sheet titles and column headers of the recharge exports (merchant and review lists). */
export const rechargeExportTexts = {
  title: { 'zh-TW': '充值紀錄', 'zh-CN': '充值记录', 'en-US': 'Recharges' },
  reviewTitle: { 'zh-TW': '充值審核', 'zh-CN': '充值审核', 'en-US': 'Recharge review' },
  tenantName: { 'zh-TW': '商家', 'zh-CN': '商家', 'en-US': 'Merchant' },
  rechargeNo: { 'zh-TW': '充值單號', 'zh-CN': '充值单号', 'en-US': 'Recharge number' },
  status: { 'zh-TW': '狀態', 'zh-CN': '状态', 'en-US': 'Status' },
  transferCurrency: { 'zh-TW': '轉帳幣別', 'zh-CN': '转账币种', 'en-US': 'Transfer currency' },
  transferAmount: { 'zh-TW': '轉帳金額', 'zh-CN': '转账金额', 'en-US': 'Transfer amount' },
  receivedCurrency: { 'zh-TW': '入帳幣別', 'zh-CN': '入账币种', 'en-US': 'Wallet currency' },
  receivedAmount: { 'zh-TW': '入帳金額', 'zh-CN': '入账金额', 'en-US': 'Amount credited' },
  unrechargedAmount: { 'zh-TW': '未入帳金額', 'zh-CN': '未入账金额', 'en-US': 'Amount not yet credited' },
  rate: { 'zh-TW': '匯率', 'zh-CN': '汇率', 'en-US': 'Exchange rate' },
  rateApplyNo: { 'zh-TW': '匯率申請單號', 'zh-CN': '汇率申请单号', 'en-US': 'Rate application' },
  payerName: { 'zh-TW': '付款人', 'zh-CN': '付款人', 'en-US': 'Payer' },
  payerAccount: { 'zh-TW': '付款帳號', 'zh-CN': '付款账号', 'en-US': 'Payer account' },
  receivingBank: { 'zh-TW': '收款銀行', 'zh-CN': '收款银行', 'en-US': 'Receiving bank' },
  receivingAccountNo: { 'zh-TW': '收款帳號', 'zh-CN': '收款账号', 'en-US': 'Receiving account' },
  transferredAt: { 'zh-TW': '轉帳時間', 'zh-CN': '转账时间', 'en-US': 'Transferred at' },
  createdBy: { 'zh-TW': '發起人', 'zh-CN': '发起人', 'en-US': 'Initiator' },
  createdAt: { 'zh-TW': '建立時間', 'zh-CN': '创建时间', 'en-US': 'Created at' },
  submittedAt: { 'zh-TW': '送審時間', 'zh-CN': '提交时间', 'en-US': 'Submitted at' },
  decidedBy: { 'zh-TW': '審核人', 'zh-CN': '审核人', 'en-US': 'Reviewer' },
  decidedAt: { 'zh-TW': '審核時間', 'zh-CN': '审核时间', 'en-US': 'Reviewed at' },
  postedAt: { 'zh-TW': '入帳時間', 'zh-CN': '入账时间', 'en-US': 'Credited at' },
  rejectReason: { 'zh-TW': '駁回原因', 'zh-CN': '驳回原因', 'en-US': 'Reject reason' },
  remark: { 'zh-TW': '備註', 'zh-CN': '备注', 'en-US': 'Remark' },
} as const satisfies Record<string, Texts>;
