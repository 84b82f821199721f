import { ORDER_STATUSES, ORDER_STATUS_TEXTS, type OrderStatus } from '@portal/shared/order-status';

/**
 * The public tracking page's texts in zh-TW (the default and the reference for the other languages).
 * The status names are here rather than read from the dictionaries, which need a login; they are the
 * dictionaries' own texts (ORDER_STATUS_TEXTS).
 */
export const resources = {
  title: '物流追蹤',
  form: {
    label: '追蹤單號',
    hint: '包裹追蹤號、運單號或訂單號，每行一個或以逗號分隔，一次最多 {{max}} 個',
    placeholder: '例如 LO26011500000001',
    count: '{{count}} / {{max}} 個單號',
    submit: '查詢',
    required: '請輸入至少一個單號',
    tooMany: '一次最多查詢 {{max}} 個單號，目前有 {{count}} 個',
    tooLong: '單號「{{number}}」過長，最多 {{max}} 個字元',
  },
  searching: '查詢中…',
  failed: '查詢失敗，請稍後再試',
  summary: '共 {{total}} 個單號：找到 {{found}} 個，未找到 {{missing}} 個',
  jumpTo: '查詢結果一覽',
  result: {
    number: '單號 {{number}}',
    orderNo: '訂單號',
    status: '目前狀態',
    destination: '目的地',
    lastUpdate: '最後更新',
    milestones: '運送進度',
    timeline: '物流軌跡',
    noEvents: '尚無物流軌跡',
  },
  milestone: { reached: '已完成', current: '目前狀態', ahead: '尚未到達' },
  notFound: {
    title: '查無此單號',
    description: '請確認單號是否正確。剛建立的訂單可能需要稍候才查得到。',
  },
  exception: {
    CANCEL: { title: '此訂單已取消', description: '訂單在入庫前已取消，包裹不會寄出。如有疑問，請聯絡寄件商家。' },
    RETURN: { title: '包裹退回中', description: '包裹正退回寄件商家。如有疑問，請聯絡寄件商家。' },
    LOST: { title: '包裹遺失', description: '包裹已登記為遺失，寄件商家將與您聯絡後續處理。' },
  },
  status: Object.fromEntries(ORDER_STATUSES.map((status) => [status, ORDER_STATUS_TEXTS[status]['zh-TW']])) as Record<OrderStatus, string>,
};
