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
  },
};
