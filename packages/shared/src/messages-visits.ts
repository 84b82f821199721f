import type { Texts } from './languages.ts';

/** Visit statistics and log retention. */
export const visitsMessages = {
  visitRangeOrder: {
    'zh-TW': '結束日期不能早於開始日期',
    'zh-CN': '结束日期不能早于开始日期',
    'en-US': 'The end date cannot be before the start date',
  },
  visitRangeTooLong: {
    'zh-TW': '查詢區間最多 {max} 天',
    'zh-CN': '查询区间最多 {max} 天',
    'en-US': 'A range covers at most {max} days',
  },
  visitRangeBoth: {
    'zh-TW': '請選擇快捷區間或起訖日期，不能同時使用',
    'zh-CN': '请选择快捷区间或起止日期，不能同时使用',
    'en-US': 'Choose a preset or a start and end date, not both',
  },
  visitRangeHalf: {
    'zh-TW': '開始日期與結束日期須一併提供',
    'zh-CN': '开始日期与结束日期须一并提供',
    'en-US': 'Give both the start and the end date',
  },
  visitPathFormat: {
    'zh-TW': '頁面路徑須以 / 開頭，最多 200 個字元',
    'zh-CN': '页面路径须以 / 开头，最多 200 个字符',
    'en-US': 'A page path starts with / and has at most 200 characters',
  },
  visitTenantNotFound: { 'zh-TW': '找不到該租戶', 'zh-CN': '找不到该租户', 'en-US': 'Tenant not found' },
} as const satisfies Record<string, Texts>;

/** Column titles and the sheet name of the visit statistics export. */
export const visitExportTexts = {
  sheet: { 'zh-TW': '訪問統計', 'zh-CN': '访问统计', 'en-US': 'Visit statistics' },
  date: { 'zh-TW': '日期', 'zh-CN': '日期', 'en-US': 'Date' },
  pageViews: { 'zh-TW': '訪問次數', 'zh-CN': '访问次数', 'en-US': 'Page views' },
  visitors: { 'zh-TW': '訪問人數', 'zh-CN': '访问人数', 'en-US': 'Visitors' },
  signIns: { 'zh-TW': '登入次數', 'zh-CN': '登录次数', 'en-US': 'Sign-ins' },
  failedSignIns: { 'zh-TW': '登入失敗', 'zh-CN': '登录失败', 'en-US': 'Failed sign-ins' },
  ip: { 'zh-TW': '不重複 IP', 'zh-CN': '独立 IP', 'en-US': 'Distinct addresses' },
} as const satisfies Record<string, Texts>;
