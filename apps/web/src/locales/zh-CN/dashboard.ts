import type { dashboard as source } from '../zh-TW/dashboard.ts';

export const dashboard: typeof source = {
  tenant: '所属公司',
  department: '当前部门',
  noDepartment: '未设置部门',
  /** shown for a company or department that is not known */
  none: '—',
  announcements: '最新公告',
  noAnnouncements: '暂无公告',
  allAnnouncements: '全部公告',
  loadFailed: '加载失败',
  priority: { H: '高', M: '中', L: '低' },
  announcement: {
    title: '标题',
    content: '内容',
    priority: '优先级',
    sendTime: '发布时间',
    close: '关闭',
    /** the title of an announcement, as a button that opens it whole */
    read: '阅读全文：{{title}}',
  },
  logistics: {
    orders: '订单状态',
    ordersTotal: '共 {{total}} 个订单',
    parcelsInWarehouse: '在库包裹',
    openExceptions: '待处理异常',
    ordersPerDay: '近 {{days}} 天订单',
    chartSummary: '近 {{days}} 天共 {{total}} 个订单，单日最多 {{max}} 个（{{date}}）',
    chartEmpty: '近 {{days}} 天没有新订单',
    date: '日期',
    count: '订单数',
    loadFailed: '物流数据加载失败',
  },
};
