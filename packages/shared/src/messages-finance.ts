import type { Texts } from './languages.ts';
import type { JournalKind, PaymentStatus, RateApplyStatus, RechargeStatus, RefundKind, RefundStatus } from './finance.ts';

/** Messages of the ledger and the wallet (modules/finance: ledger, wallet routes). */
export const financeMessages = {
  idempotencyKeyRequired: {
    'zh-TW': '請求標頭 Idempotency-Key 為必填（1 至 100 個字元）：同一筆款項的重試請帶相同的值',
    'zh-CN': '请求头 Idempotency-Key 为必填（1 至 100 个字符）：同一笔款项的重试请带相同的值',
    'en-US': 'The Idempotency-Key header is required (1 to 100 characters): send the same value when retrying the same request',
  },
  idempotencyKeyReused: {
    'zh-TW': '此 Idempotency-Key 已用於另一個不同的請求，請為新的請求產生新的值',
    'zh-CN': '此 Idempotency-Key 已用于另一个不同的请求，请为新的请求生成新的值',
    'en-US': 'This Idempotency-Key was already used for a different request: use a new key for a new request',
  },
  walletInsufficient: {
    'zh-TW': '{currency} 錢包餘額不足：餘額 {balance}，需要 {amount}',
    'zh-CN': '{currency} 钱包余额不足：余额 {balance}，需要 {amount}',
    'en-US': 'Insufficient {currency} wallet balance: {balance} available, {amount} needed',
  },
  amountScaleInvalid: {
    'zh-TW': '{field}：{currency} 的金額最多 {scale} 位小數',
    'zh-CN': '{field}：{currency} 的金额最多 {scale} 位小数',
    'en-US': '{field}: {currency} amounts have at most {scale} decimals',
  },
  rateNotFound: {
    'zh-TW': '尚未設定 {from} 兌 {to} 的匯率，請聯絡財務',
    'zh-CN': '尚未设置 {from} 兑 {to} 的汇率，请联系财务',
    'en-US': 'No exchange rate from {from} to {to} has been set: please contact finance',
  },
  sameUserDecision: {
    'zh-TW': '送出申請的人不能審核自己的申請',
    'zh-CN': '提交申请的人不能审核自己的申请',
    'en-US': 'The person who submitted a request cannot review it',
  },
  rejectReasonRequired: { 'zh-TW': '駁回時請輸入原因', 'zh-CN': '驳回时请输入原因', 'en-US': 'A reason is required when rejecting' },
  platformHasNoWallet: {
    'zh-TW': '平台帳號沒有錢包：請以商家帳號操作',
    'zh-CN': '平台账号没有钱包：请以商家账号操作',
    'en-US': 'Platform accounts have no wallet: use a merchant account',
  },
  financeRecordNotInStatus: {
    'zh-TW': '{record} 的狀態為「{status}」，不能{action}',
    'zh-CN': '{record} 的状态为「{status}」，不能{action}',
    'en-US': '{record} is "{status}": it cannot be {action}',
  },
  conversionSameCurrency: {
    'zh-TW': '{field}：換匯的兩個錢包幣別不能相同',
    'zh-CN': '{field}：换汇的两个钱包币种不能相同',
    'en-US': '{field}: a conversion needs two different wallet currencies',
  },
  conversionTooSmall: {
    'zh-TW': '{field}：{amount} {from} 按匯率 {rate} 換成 {to} 不足最小單位，請輸入較大的金額',
    'zh-CN': '{field}：{amount} {from} 按汇率 {rate} 换成 {to} 不足最小单位，请输入较大的金额',
    'en-US': '{field}: {amount} {from} at {rate} is less than the smallest unit of {to}: enter a larger amount',
  },
  conversionRateChanged: {
    'zh-TW': '{from} 兌 {to} 的匯率已由 {expected} 變為 {rate}，請確認新的換匯金額後再提交',
    'zh-CN': '{from} 兑 {to} 的汇率已由 {expected} 变为 {rate}，请确认新的换汇金额后再提交',
    'en-US': 'The {from} to {to} rate changed from {expected} to {rate}: review the new amount and convert again',
  },
} as const satisfies Record<string, Texts>;

export const RECHARGE_STATUS_TEXTS: Record<RechargeStatus, Texts> = {
  DRAFT: { 'zh-TW': '草稿', 'zh-CN': '草稿', 'en-US': 'Draft' },
  SUBMITTED: { 'zh-TW': '待審核', 'zh-CN': '待审核', 'en-US': 'Awaiting review' },
  CONFIRMED: { 'zh-TW': '已入帳', 'zh-CN': '已入账', 'en-US': 'Credited' },
  REJECTED: { 'zh-TW': '已駁回', 'zh-CN': '已驳回', 'en-US': 'Rejected' },
  REVERSED: { 'zh-TW': '已沖正', 'zh-CN': '已冲正', 'en-US': 'Reversed' },
};
export const PAYMENT_STATUS_TEXTS: Record<PaymentStatus, Texts> = {
  DRAFT: { 'zh-TW': '草稿', 'zh-CN': '草稿', 'en-US': 'Draft' },
  PAID: { 'zh-TW': '已支付', 'zh-CN': '已支付', 'en-US': 'Paid' },
};
export const REFUND_STATUS_TEXTS: Record<RefundStatus, Texts> = {
  SUBMITTED: { 'zh-TW': '待審核', 'zh-CN': '待审核', 'en-US': 'Awaiting review' },
  APPROVED: { 'zh-TW': '已退款', 'zh-CN': '已退款', 'en-US': 'Refunded' },
  REJECTED: { 'zh-TW': '已駁回', 'zh-CN': '已驳回', 'en-US': 'Rejected' },
};
export const REFUND_KIND_TEXTS: Record<RefundKind, Texts> = {
  BALANCE: { 'zh-TW': '餘額退款', 'zh-CN': '余额退款', 'en-US': 'Balance refund' },
  CHARGE: { 'zh-TW': '費用退款', 'zh-CN': '费用退款', 'en-US': 'Charge refund' },
};
export const RATE_APPLY_STATUS_TEXTS: Record<RateApplyStatus, Texts> = {
  DRAFT: { 'zh-TW': '草稿', 'zh-CN': '草稿', 'en-US': 'Draft' },
  SUBMITTED: { 'zh-TW': '待審核', 'zh-CN': '待审核', 'en-US': 'Awaiting review' },
  APPROVED: { 'zh-TW': '已核准', 'zh-CN': '已核准', 'en-US': 'Approved' },
  REJECTED: { 'zh-TW': '已駁回', 'zh-CN': '已驳回', 'en-US': 'Rejected' },
  CANCELLED: { 'zh-TW': '已取消', 'zh-CN': '已取消', 'en-US': 'Cancelled' },
};
export const JOURNAL_KIND_TEXTS: Record<JournalKind, Texts> = {
  RECHARGE: { 'zh-TW': '充值', 'zh-CN': '充值', 'en-US': 'Recharge' },
  PAYMENT: { 'zh-TW': '支付', 'zh-CN': '支付', 'en-US': 'Payment' },
  REFUND: { 'zh-TW': '退款', 'zh-CN': '退款', 'en-US': 'Refund' },
  CONVERSION: { 'zh-TW': '換匯', 'zh-CN': '换汇', 'en-US': 'Conversion' },
  REVERSAL: { 'zh-TW': '沖正', 'zh-CN': '冲正', 'en-US': 'Reversal' },
};
