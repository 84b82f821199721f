import type { Texts } from './languages.ts';

/** System announcements. */
export const announcementMessages = {
  announcementNotEditable: {
    'zh-TW': '已發布的公告不能修改，請先撤銷',
    'zh-CN': '已发布的公告不能修改，请先撤销',
    'en-US': 'A published announcement cannot be changed: revoke it first',
  },
  announcementAlreadyPublished: { 'zh-TW': '此公告已發布', 'zh-CN': '此公告已发布', 'en-US': 'This announcement is already published' },
  announcementNotPublished: { 'zh-TW': '此公告尚未發布，無需撤銷', 'zh-CN': '此公告尚未发布，无需撤销', 'en-US': 'This announcement is not published, so there is nothing to revoke' },
  announcementAudienceNotAllowed: {
    'zh-TW': '平台公告只能發給所有人或指定租戶；公司公告只能發給所有人、指定部門或指定使用者',
    'zh-CN': '平台公告只能发给所有人或指定租户；公司公告只能发给所有人、指定部门或指定用户',
    'en-US': "The platform's announcements go to everyone or to chosen tenants; a company's to everyone, to chosen departments or to chosen users",
  },
  announcementTargetsRequired: {
    'zh-TW': '請選擇至少一個接收對象',
    'zh-CN': '请选择至少一个接收对象',
    'en-US': 'Choose at least one recipient',
  },
  announcementEndBeforeStart: {
    'zh-TW': '結束時間須晚於開始時間',
    'zh-CN': '结束时间须晚于开始时间',
    'en-US': 'The end time must be after the start time',
  },
  announcementContentEmpty: {
    'zh-TW': '請輸入公告內容（僅允許文字、標題、清單與連結等基本格式）',
    'zh-CN': '请输入公告内容（仅允许文字、标题、列表与链接等基本格式）',
    'en-US': 'Enter the content (only text, headings, lists, links and other basic formatting are kept)',
  },
} as const satisfies Record<string, Texts>;
