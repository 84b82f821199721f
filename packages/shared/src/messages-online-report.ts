import type { Texts } from './languages.ts';

/** Online development: the messages of online reports (online-report). */
export const onlineReportMessages = {
  onlineReportCodeTaken: { 'zh-TW': '報表編碼 {code} 已存在', 'zh-CN': '报表编码 {code} 已存在', 'en-US': 'A report with the code {code} already exists' },
  onlineReportCodeFixed: { 'zh-TW': '報表編碼不能修改', 'zh-CN': '报表编码不能修改', 'en-US': "A report's code cannot be changed" },
  onlineReportStale: {
    'zh-TW': '報表已被他人修改，請重新載入後再編輯',
    'zh-CN': '报表已被他人修改，请重新加载后再编辑',
    'en-US': 'Someone else changed the report meanwhile: reload it and edit again',
  },
  onlineReportBuiltIn: { 'zh-TW': '內建報表不能刪除', 'zh-CN': '内置报表不能删除', 'en-US': 'A built-in report cannot be deleted' },
  onlineReportVersionMissing: {
    'zh-TW': '報表 {code} 沒有保留第 {version} 版',
    'zh-CN': '报表 {code} 没有保留第 {version} 版',
    'en-US': 'Version {version} of the report {code} is not kept',
  },
  onlineReportKindMismatch: { 'zh-TW': '這裡只能回復報表的版本', 'zh-CN': '这里只能回滚报表的版本', 'en-US': 'Only versions of reports are rolled back here' },
  onlineReportFieldUnknown: {
    'zh-TW': '資料集 {dataSet} 沒有欄位 {name}',
    'zh-CN': '数据集 {dataSet} 没有字段 {name}',
    'en-US': 'The data set {dataSet} has no field {name}',
  },
  onlineReportColumnRepeated: { 'zh-TW': '欄位 {name} 重複了', 'zh-CN': '字段 {name} 重复了', 'en-US': 'The field {name} is listed twice' },
  onlineReportFieldNotSortable: { 'zh-TW': '欄位 {name} 不能排序', 'zh-CN': '字段 {name} 不能排序', 'en-US': 'The field {name} cannot be sorted' },
  onlineReportOperatorNotAllowed: {
    'zh-TW': '欄位 {name} 不能用運算子 {operator} 查詢',
    'zh-CN': '字段 {name} 不能用运算符 {operator} 查询',
    'en-US': 'The field {name} cannot be queried with the operator {operator}',
  },
  onlineReportDictUnknown: { 'zh-TW': '字典 {dictCode} 不存在', 'zh-CN': '字典 {dictCode} 不存在', 'en-US': 'There is no dictionary {dictCode}' },
  onlineReportDefaultSortInvalid: {
    'zh-TW': '預設排序須是報表中可排序的欄位（{name} 不是）',
    'zh-CN': '默认排序须是报表中可排序的列（{name} 不是）',
    'en-US': 'The default sort must be a sortable column of the report ({name} is not)',
  },
  onlineReportChartGroupInvalid: {
    'zh-TW': '圖表的分組須是報表的欄位（{name} 不是）',
    'zh-CN': '图表的分组须是报表的列（{name} 不是）',
    'en-US': "The chart's grouping must be a column of the report ({name} is not)",
  },
  onlineReportChartSumInvalid: {
    'zh-TW': '圖表只能加總報表中的數字欄位（{name} 不是）',
    'zh-CN': '图表只能求和报表中的数字列（{name} 不是）',
    'en-US': 'A chart can only sum a number column of the report ({name} is not)',
  },
  onlineReportParamUnknown: {
    'zh-TW': '查詢參數 {param} 不是這張報表的查詢條件',
    'zh-CN': '查询参数 {param} 不是这张报表的查询条件',
    'en-US': 'The query parameter {param} is not a query field of this report',
  },
  onlineReportValueInvalid: {
    'zh-TW': '查詢條件「{name}」的值不正確',
    'zh-CN': '查询条件「{name}」的值不正确',
    'en-US': 'The value of the query field "{name}" is not valid',
  },
  onlineReportSortInvalid: {
    'zh-TW': '只能依報表中可排序的欄位排序，順序為 asc 或 desc',
    'zh-CN': '只能按报表中可排序的列排序，顺序为 asc 或 desc',
    'en-US': 'Sort only by a sortable column of the report, in the order asc or desc',
  },
  onlineReportPageInvalid: {
    'zh-TW': '頁碼須為正整數，每頁最多 {max} 筆',
    'zh-CN': '页码须为正整数，每页最多 {max} 条',
    'en-US': 'The page number is a positive whole number and a page holds at most {max} rows',
  },
  onlineReportRowCap: {
    'zh-TW': '報表最多只能查看前 {max} 筆，請縮小查詢範圍',
    'zh-CN': '报表最多只能查看前 {max} 条，请缩小查询范围',
    'en-US': 'A report shows at most its first {max} rows: narrow the query',
  },
  onlineReportTimeout: {
    'zh-TW': '查詢時間過長已取消，請縮小查詢範圍後重試',
    'zh-CN': '查询时间过长已取消，请缩小查询范围后重试',
    'en-US': 'The query took too long and was cancelled: narrow it and try again',
  },
} as const satisfies Record<string, Texts>;
