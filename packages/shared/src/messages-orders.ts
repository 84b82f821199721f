import type { Texts } from './languages.ts';

/** Messages of the merchant's orders (modules/logistics): list, create, edit, cancel, import, export. */
export const orderMessages = {
  orderTransitionRefused: {
    'zh-TW': '訂單狀態不能從「{from}」變為「{to}」',
    'zh-CN': '订单状态不能从「{from}」变为「{to}」',
    'en-US': 'The order cannot move from "{from}" to "{to}"',
  },
  /** any status machine's move to the state its subject is already in (apps/server/src/lib/status-move.ts) */
  statusAlready: {
    'zh-TW': '{subject}已是「{state}」，未做任何變更',
    'zh-CN': '{subject}已是「{state}」，未做任何变更',
    'en-US': '{subject} is already "{state}"; nothing was changed',
  },
  orderChangedMeanwhile: {
    'zh-TW': '訂單已被其他操作更新，請重新整理後再試',
    'zh-CN': '订单已被其他操作更新，请刷新后再试',
    'en-US': 'The order was changed by someone else meanwhile; reload it and try again',
  },

  // create, edit, cancel
  orderCreated: { 'zh-TW': '訂單 {orderNo} 已建立', 'zh-CN': '订单 {orderNo} 已创建', 'en-US': 'Order {orderNo} created' },
  orderUpdated: { 'zh-TW': '訂單 {orderNo} 已修改', 'zh-CN': '订单 {orderNo} 已修改', 'en-US': 'Order {orderNo} updated' },
  orderCancelled: { 'zh-TW': '訂單 {orderNo} 已取消', 'zh-CN': '订单 {orderNo} 已取消', 'en-US': 'Order {orderNo} cancelled' },
  merchantOrderNoTaken: {
    'zh-TW': '商家訂單號 {merchantOrderNo} 已存在，請勿重複建立',
    'zh-CN': '商家订单号 {merchantOrderNo} 已存在，请勿重复创建',
    'en-US': 'Merchant order number {merchantOrderNo} already exists',
  },
  orderNotEditable: {
    'zh-TW': '只有「{editable}」的訂單可以修改，此訂單目前為「{status}」',
    'zh-CN': '只有「{editable}」的订单可以修改，此订单当前为「{status}」',
    'en-US': 'Only an order in "{editable}" can be edited; this one is "{status}"',
  },
  unitPriceDecimals: {
    'zh-TW': '{field}的小數位數過多：{currency} 最多 {scale} 位小數',
    'zh-CN': '{field}的小数位数过多：{currency} 最多 {scale} 位小数',
    'en-US': '{field} has too many decimals: {currency} takes at most {scale}',
  },
  dimensionsIncomplete: {
    'zh-TW': '請輸入{field}：長、寬、高需同時填寫或同時留空',
    'zh-CN': '请输入{field}：长、宽、高需同时填写或同时留空',
    'en-US': '{field} is required: give length, width and height together, or none of them',
  },
  merchandiseValueTooBig: {
    'zh-TW': '{field}的貨值合計過大（上限 {max} {currency}）',
    'zh-CN': '{field}的货值合计过大（上限 {max} {currency}）',
    'en-US': '{field}: the merchandise value is too large (at most {max} {currency})',
  },
  orderTooManyProducts: {
    'zh-TW': '{field}：一筆訂單最多 {max} 項商品',
    'zh-CN': '{field}：一个订单最多 {max} 项商品',
    'en-US': '{field}: an order has at most {max} products',
  },
  dateOutOfRange: {
    'zh-TW': '{field}的日期超出範圍（{min} 至 {max} 年）',
    'zh-CN': '{field}的日期超出范围（{min} 至 {max} 年）',
    'en-US': '{field} is out of range (years {min} to {max})',
  },

  // import
  importDone: { 'zh-TW': '已匯入 {count} 筆訂單', 'zh-CN': '已导入 {count} 个订单', 'en-US': 'Orders imported: {count}' },
  importNothingImported: {
    'zh-TW': '檔案中有 {count} 處錯誤，未匯入任何訂單，請修正後重新匯入',
    'zh-CN': '文件中有 {count} 处错误，未导入任何订单，请修正后重新导入',
    'en-US': 'Errors in the file: {count}. Nothing was imported: correct the file and import it again',
  },
  importFileMissing: {
    'zh-TW': '請上傳一個 Excel 檔案（表單欄位 file）',
    'zh-CN': '请上传一个 Excel 文件（表单字段 file）',
    'en-US': 'Upload one Excel file (form field "file")',
  },
  importFileTooLarge: { 'zh-TW': '檔案過大（上限 {limit}）', 'zh-CN': '文件过大（上限 {limit}）', 'en-US': 'The file is too large (limit {limit})' },
  importFileEmpty: { 'zh-TW': '檔案是空的', 'zh-CN': '文件是空的', 'en-US': 'The file is empty' },
  importNotXlsx: {
    'zh-TW': '只能匯入 Excel 活頁簿（.xlsx），請使用匯入範本',
    'zh-CN': '只能导入 Excel 工作簿（.xlsx），请使用导入模板',
    'en-US': 'Only Excel workbooks (.xlsx) can be imported: use the import template',
  },
  importUnreadable: {
    'zh-TW': '無法讀取此 Excel 檔案，請使用匯入範本重新儲存後再試',
    'zh-CN': '无法读取此 Excel 文件，请使用导入模板重新保存后再试',
    'en-US': 'This Excel file cannot be read: save it again from the import template and retry',
  },
  importTooManyRows: {
    'zh-TW': '一次最多匯入 {max} 行資料，請分批匯入',
    'zh-CN': '一次最多导入 {max} 行数据，请分批导入',
    'en-US': 'At most {max} data rows can be imported at once: split the file',
  },
  importNoRows: {
    'zh-TW': '檔案的第一個工作表沒有資料行',
    'zh-CN': '文件的第一个工作表没有数据行',
    'en-US': 'The first sheet of the file has no data rows',
  },
  importColumnMissing: { 'zh-TW': '缺少欄位「{column}」', 'zh-CN': '缺少列「{column}」', 'en-US': 'The column "{column}" is missing' },
  importColumnTwice: { 'zh-TW': '欄位「{column}」出現了兩次', 'zh-CN': '列「{column}」出现了两次', 'en-US': 'The column "{column}" appears twice' },
  importDiffersFromFirstRow: {
    'zh-TW': '同一商家訂單號的各行須填寫相同的訂單資料，此值與第 {row} 行不同',
    'zh-CN': '同一商家订单号的各行须填写相同的订单资料，此值与第 {row} 行不同',
    'en-US': 'Rows of one merchant order number must carry the same order data: this differs from row {row}',
  },
  importCodeUnknown: {
    'zh-TW': '{field}「{value}」無法辨識：請從此欄的下拉清單選擇，或填寫名稱或代碼，例如 {examples}',
    'zh-CN': '{field}「{value}」无法识别：请从此列的下拉列表选择，或填写名称或代码，例如 {examples}',
    'en-US': '{field} "{value}" is not one we know: choose it from the drop-down list of this column, or type its name or code, such as {examples}',
  },
  importOrderNoRepeated: {
    'zh-TW': '商家訂單號已用於第 {row} 行的訂單；同一訂單的商品行須相鄰',
    'zh-CN': '商家订单号已用于第 {row} 行的订单；同一订单的商品行须相邻',
    'en-US': 'This merchant order number is already used by the order on row {row}; the product rows of one order must be adjacent',
  },
  importOrderNoExists: {
    'zh-TW': '商家訂單號 {merchantOrderNo} 已存在',
    'zh-CN': '商家订单号 {merchantOrderNo} 已存在',
    'en-US': 'Merchant order number {merchantOrderNo} already exists',
  },
  orderInPickupBatch: {
    'zh-TW': '訂單 {orderNo} 在提貨批次 {batchNo} 中，請先取消該批次',
    'zh-CN': '订单 {orderNo} 在提货批次 {batchNo} 中，请先取消该批次',
    'en-US': 'Order {orderNo} is in pick-up batch {batchNo}: cancel the batch first',
  },
} as const satisfies Record<string, Texts>;
