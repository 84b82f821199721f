/** Texts of the home page; zh-TW is the source and the fallback. */
export const dashboard = {
  tenant: '所屬公司',
  department: '目前部門',
  noDepartment: '未設置部門',
  announcements: '最新公告',
  noAnnouncements: '目前沒有公告',
};
