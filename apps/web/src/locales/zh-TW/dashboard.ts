/** Texts of the home page and the announcement list; zh-TW is the source and the fallback. */
export const dashboard = {
  tenant: '所屬公司',
  department: '目前部門',
  noDepartment: '未設定部門',
  /** shown for a company or department that is not known */
  none: '—',
  announcements: '最新公告',
  noAnnouncements: '目前沒有公告',
  allAnnouncements: '全部公告',
  loadFailed: '載入失敗',
  priority: { H: '高', M: '中', L: '低' },
  announcement: {
    title: '標題',
    content: '內容',
    priority: '優先級',
    sendTime: '發布時間',
    close: '關閉',
    /** the title of an announcement, as a button that opens it whole */
    read: '閱讀全文：{{title}}',
  },
  logistics: {
    orders: '訂單狀態',
    ordersTotal: '共 {{total}} 筆訂單',
    parcelsInWarehouse: '在庫包裹',
    openExceptions: '待處理異常',
    ordersPerDay: '近 {{days}} 天訂單',
    chartSummary: '近 {{days}} 天共 {{total}} 筆訂單，單日最多 {{max}} 筆（{{date}}）',
    chartEmpty: '近 {{days}} 天沒有新訂單',
    date: '日期',
    count: '訂單數',
    loadFailed: '物流資料載入失敗',
  },
};
