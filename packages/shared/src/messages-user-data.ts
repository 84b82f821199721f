import type { Texts } from './languages.ts';

/** The recycle bin, import and export of users (apps/server/src/modules/system/user-recycle, user-transfer). */
export const userDataMessages = {
  userIdsInvalid: {
    'zh-TW': '{field}須為以逗號分隔的編號（最多 200 個），例如 12,15',
    'zh-CN': '{field}须为以逗号分隔的编号（最多 200 个），例如 12,15',
    'en-US': '{field} must be ids separated by commas (at most 200), such as 12,15',
  },
  usersDeleted: {
    'zh-TW': '已將 {count} 位使用者移至回收站，可從回收站還原',
    'zh-CN': '已将 {count} 位用户移至回收站，可从回收站还原',
    'en-US': 'Moved to the recycle bin (users: {count}); they can be restored from there',
  },
  usersRestored: { 'zh-TW': '已還原 {count} 位使用者', 'zh-CN': '已还原 {count} 位用户', 'en-US': 'Restored (users: {count})' },
  usersPurged: {
    'zh-TW': '已徹底刪除 {count} 位使用者',
    'zh-CN': '已彻底删除 {count} 位用户',
    'en-US': 'Deleted for good (users: {count})',
  },
  userAlreadyDeleted: {
    'zh-TW': '使用者 {username} 已在回收站中',
    'zh-CN': '用户 {username} 已在回收站中',
    'en-US': 'User {username} is already in the recycle bin',
  },
  userNotInRecycleBin: {
    'zh-TW': '使用者 {username} 不在回收站中：只有回收站中的使用者可以還原或徹底刪除',
    'zh-CN': '用户 {username} 不在回收站中：只有回收站中的用户可以还原或彻底删除',
    'en-US': 'User {username} is not in the recycle bin: only users in the recycle bin can be restored or deleted for good',
  },
  userInOtherTenants: {
    'zh-TW': '使用者 {username} 也屬於其他公司，不能在此刪除',
    'zh-CN': '用户 {username} 也属于其他公司，不能在此删除',
    'en-US': 'User {username} also belongs to another company and cannot be deleted here',
  },

  // export and import
  userExportTitle: { 'zh-TW': '使用者列表', 'zh-CN': '用户列表', 'en-US': 'Users' },
  userImportTemplateTitle: { 'zh-TW': '使用者匯入範本', 'zh-CN': '用户导入模板', 'en-US': 'User import template' },
  usersImported: { 'zh-TW': '已匯入 {count} 位使用者', 'zh-CN': '已导入 {count} 位用户', 'en-US': 'Imported (users: {count})' },
  usersNothingImported: {
    'zh-TW': '檔案中有 {count} 處錯誤，未匯入任何使用者，請修正後重新匯入',
    'zh-CN': '文件中有 {count} 处错误，未导入任何用户，请修正后重新导入',
    'en-US': 'Errors in the file: {count}. No user was imported: correct them and import it again',
  },
  importUsernameRepeated: {
    'zh-TW': '帳號 {username} 已用於第 {row} 行',
    'zh-CN': '用户名 {username} 已用于第 {row} 行',
    'en-US': 'Username {username} is already used on row {row}',
  },
  importPhoneRepeated: {
    'zh-TW': '手機號碼已用於第 {row} 行',
    'zh-CN': '手机号码已用于第 {row} 行',
    'en-US': 'This phone number is already used on row {row}',
  },
  importPasswordWeak: {
    'zh-TW': '密碼需 8 至 64 個字元，並同時包含字母與數字',
    'zh-CN': '密码需 8 至 64 个字符，并同时包含字母与数字',
    'en-US': 'The password needs 8 to 64 characters with both letters and digits',
  },
  importEmailInvalid: {
    'zh-TW': '電子郵件「{value}」的格式不正確',
    'zh-CN': '电子邮件「{value}」的格式不正确',
    'en-US': 'The email "{value}" is not in a valid format',
  },
  importDepartUnknown: {
    'zh-TW': '部門代碼「{value}」不存在',
    'zh-CN': '部门代码「{value}」不存在',
    'en-US': 'There is no department with the org code "{value}"',
  },
  importRoleUnknown: {
    'zh-TW': '角色代碼「{value}」不存在',
    'zh-CN': '角色代码「{value}」不存在',
    'en-US': 'There is no role with the code "{value}"',
  },
  importPositionUnknown: {
    'zh-TW': '職務代碼「{value}」不存在',
    'zh-CN': '职务代码「{value}」不存在',
    'en-US': 'There is no position with the code "{value}"',
  },
  importRoleBeyondOwn: {
    'zh-TW': '您不能指派角色「{value}」：它擁有您所沒有的權限',
    'zh-CN': '您不能分配角色「{value}」：它拥有您所没有的权限',
    'en-US': 'You cannot give the role "{value}": it holds permissions you do not hold',
  },
} as const satisfies Record<string, Texts>;
