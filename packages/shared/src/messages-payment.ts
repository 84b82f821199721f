import type { Texts } from './languages.ts';

/** The platform company every payment goes to (the spec's "payee"), by its name in each language. */
export const PLATFORM_PAYEE_NAMES: Texts = { 'zh-TW': '跨境集運股份有限公司', 'zh-CN': '跨境集运股份有限公司', 'en-US': 'Cross Border Consolidation Ltd' };

/** Messages of payments, pay orders and refunds (modules/finance/payment-*, refund-*). */
export const paymentMessages = {
  paymentOrderNotFound: {
    'zh-TW': '物流訂單 {orderIds} 不存在',
    'zh-CN': '物流订单 {orderIds} 不存在',
    'en-US': 'Logistics order {orderIds} does not exist',
  },
  paymentOrderRepeated: {
    'zh-TW': '訂單 {orderId} 重複出現',
    'zh-CN': '订单 {orderId} 重复出现',
    'en-US': 'Order {orderId} is listed more than once',
  },
  paymentCurrencyMixed: {
    'zh-TW': '一筆支付只能是同一幣別，訂單 {orderIds} 的運費幣別為 {currencies}',
    'zh-CN': '一笔支付只能是同一币种，订单 {orderIds} 的运费币种为 {currencies}',
    'en-US': 'A payment is in one currency, but orders {orderIds} are charged in {currencies}',
  },
  paymentChargePaid: {
    'zh-TW': '訂單 {orderNo} 的運費已支付',
    'zh-CN': '订单 {orderNo} 的运费已支付',
    'en-US': 'The freight of order {orderNo} is already paid',
  },
  paymentChargeMissing: {
    'zh-TW': '訂單 {orderNo} 尚未產生運費：入庫稱重後才會計費',
    'zh-CN': '订单 {orderNo} 尚未产生运费：入库称重后才会计费',
    'en-US': 'Order {orderNo} has no freight charge yet: it is charged once weighed at the warehouse',
  },
  paymentOrderCancelled: {
    'zh-TW': '訂單 {orderNo} 已取消，不能支付運費',
    'zh-CN': '订单 {orderNo} 已取消，不能支付运费',
    'en-US': 'Order {orderNo} is cancelled: its freight cannot be paid',
  },
  paymentLineCurrency: {
    'zh-TW': '訂單 {orderNo} 的運費幣別為 {currency}，與此支付的 {paymentCurrency} 不同',
    'zh-CN': '订单 {orderNo} 的运费币种为 {currency}，与此支付的 {paymentCurrency} 不同',
    'en-US': 'Order {orderNo} is charged in {currency}, not in this payment’s {paymentCurrency}',
  },
  refundBalanceExceeded: {
    'zh-TW': '{currency} 餘額退款最多可退 {available}（餘額扣除待審核的餘額退款），申請的是 {amount}',
    'zh-CN': '{currency} 余额退款最多可退 {available}（余额扣除待审核的余额退款），申请的是 {amount}',
    'en-US': 'At most {available} {currency} can be refunded from the balance (the balance less balance refunds awaiting review); {amount} was asked',
  },
  refundChargeExceeded: {
    'zh-TW': '支付單 {payOrderNo} 最多可退 {refundable} {currency}（已付金額扣除已退與待審核的退款），申請的是 {amount}',
    'zh-CN': '支付单 {payOrderNo} 最多可退 {refundable} {currency}（已付金额扣除已退与待审核的退款），申请的是 {amount}',
    'en-US': 'At most {refundable} {currency} of pay order {payOrderNo} can be refunded (paid less refunded and refunds awaiting review); {amount} was asked',
  },
  refundPayOrderNotFound: {
    'zh-TW': '支付單 {payOrderNo} 不存在',
    'zh-CN': '支付单 {payOrderNo} 不存在',
    'en-US': 'Pay order {payOrderNo} does not exist',
  },
  refundChargeOverPaid: {
    'zh-TW': '支付單 {payOrderNo} 已付 {paid}、已退 {refunded}，不能再退 {amount}',
    'zh-CN': '支付单 {payOrderNo} 已付 {paid}、已退 {refunded}，不能再退 {amount}',
    'en-US': 'Pay order {payOrderNo} was paid {paid} and {refunded} of it is refunded already: {amount} more cannot be refunded',
  },
} as const satisfies Record<string, Texts>;

/** The {action} of financeRecordNotInStatus for payments and refunds. */
export const PAYMENT_ACTION_TEXTS = {
  edit: { 'zh-TW': '編輯', 'zh-CN': '编辑', 'en-US': 'edited' },
  delete: { 'zh-TW': '刪除', 'zh-CN': '删除', 'en-US': 'deleted' },
  pay: { 'zh-TW': '支付', 'zh-CN': '支付', 'en-US': 'paid' },
  review: { 'zh-TW': '審核', 'zh-CN': '审核', 'en-US': 'reviewed' },
} as const satisfies Record<string, Texts>;

/** Sheet names and column headers of the payment and refund exports. */
export const paymentExportTexts = {
  paymentTitle: { 'zh-TW': '支付紀錄', 'zh-CN': '支付记录', 'en-US': 'Payments' },
  refundTitle: { 'zh-TW': '退款紀錄', 'zh-CN': '退款记录', 'en-US': 'Refunds' },
  paymentNo: { 'zh-TW': '交易號', 'zh-CN': '交易号', 'en-US': 'Transaction number' },
  refundNo: { 'zh-TW': '交易號', 'zh-CN': '交易号', 'en-US': 'Transaction number' },
  status: { 'zh-TW': '狀態', 'zh-CN': '状态', 'en-US': 'Status' },
  kind: { 'zh-TW': '退款類型', 'zh-CN': '退款类型', 'en-US': 'Refund type' },
  currency: { 'zh-TW': '幣別', 'zh-CN': '币种', 'en-US': 'Currency' },
  payAmount: { 'zh-TW': '支付金額', 'zh-CN': '支付金额', 'en-US': 'Pay amount' },
  refundAmount: { 'zh-TW': '退款金額', 'zh-CN': '退款金额', 'en-US': 'Refund amount' },
  orderNos: { 'zh-TW': '物流訂單號', 'zh-CN': '物流订单号', 'en-US': 'Logistics order numbers' },
  orderNo: { 'zh-TW': '物流訂單號', 'zh-CN': '物流订单号', 'en-US': 'Logistics order number' },
  payOrderNo: { 'zh-TW': '支付單號', 'zh-CN': '支付单号', 'en-US': 'Pay order number' },
  payee: { 'zh-TW': '收款方', 'zh-CN': '收款方', 'en-US': 'Payee' },
  payeeName: { 'zh-TW': '收款人', 'zh-CN': '收款人', 'en-US': 'Payee name' },
  payeeAccount: { 'zh-TW': '收款帳號', 'zh-CN': '收款账号', 'en-US': 'Payee account' },
  payeeBank: { 'zh-TW': '收款銀行', 'zh-CN': '收款银行', 'en-US': 'Payee bank' },
  remark: { 'zh-TW': '備註', 'zh-CN': '备注', 'en-US': 'Remark' },
  reason: { 'zh-TW': '退款原因', 'zh-CN': '退款原因', 'en-US': 'Reason' },
  decisionRemark: { 'zh-TW': '審核意見', 'zh-CN': '审核意见', 'en-US': 'Review remark' },
  createdBy: { 'zh-TW': '發起人', 'zh-CN': '发起人', 'en-US': 'Initiator' },
  paidBy: { 'zh-TW': '支付人', 'zh-CN': '支付人', 'en-US': 'Paid by' },
  paidAt: { 'zh-TW': '支付時間', 'zh-CN': '支付时间', 'en-US': 'Paid at' },
  refunder: { 'zh-TW': '退款人', 'zh-CN': '退款人', 'en-US': 'Refunder' },
  decidedAt: { 'zh-TW': '審核時間', 'zh-CN': '审核时间', 'en-US': 'Reviewed at' },
  postedAt: { 'zh-TW': '入帳時間', 'zh-CN': '入账时间', 'en-US': 'Posting time' },
  createdAt: { 'zh-TW': '建立時間', 'zh-CN': '创建时间', 'en-US': 'Created at' },
  tenantName: { 'zh-TW': '商家', 'zh-CN': '商家', 'en-US': 'Merchant' },
} as const satisfies Record<string, Texts>;
