import type { dashboard as source } from '../zh-TW/dashboard.ts';

export const dashboard: typeof source = {
  tenant: '所属公司',
  department: '当前部门',
  noDepartment: '未设置部门',
  announcements: '最新公告',
  noAnnouncements: '暂无公告',
};
