import type { Texts } from './languages.ts';

/** Positions, my department and the address book. */
export const orgMessages = {
  positionCodeFormat: {
    'zh-TW': '職務編碼只能包含英文字母、數字、底線與連字號',
    'zh-CN': '职务编码只能包含英文字母、数字、下划线与连字符',
    'en-US': 'A position code may hold only letters, digits, underscores and hyphens',
  },
  positionCodeTaken: { 'zh-TW': '職務編碼「{code}」已存在', 'zh-CN': '职务编码「{code}」已存在', 'en-US': 'The position code "{code}" is already taken' },
  alreadyMember: { 'zh-TW': '此使用者已是該部門的成員', 'zh-CN': '此用户已是该部门的成员', 'en-US': 'This user is already a member of the department' },
  departBeyondOwn: {
    'zh-TW': '您不能將成員加入或移出擁有您所沒有權限的部門',
    'zh-CN': '您不能将成员加入或移出拥有您所没有权限的部门',
    'en-US': 'You cannot add members to, or remove them from, a department that grants permissions you do not hold',
  },
  // the positions' import (modules/system/position/import.ts)
  positionImportTemplateTitle: { 'zh-TW': '職務匯入範本', 'zh-CN': '职务导入模板', 'en-US': 'Position import template' },
  positionsImported: { 'zh-TW': '已匯入 {count} 個職務', 'zh-CN': '已导入 {count} 个职务', 'en-US': 'Imported (positions: {count})' },
  positionsNothingImported: {
    'zh-TW': '檔案中有 {count} 處錯誤，未匯入任何職務，請修正後重新匯入',
    'zh-CN': '文件中有 {count} 处错误，未导入任何职务，请修正后重新导入',
    'en-US': 'Errors in the file: {count}. No position was imported: correct them and import it again',
  },
  importPositionCodeRepeated: {
    'zh-TW': '職務編碼「{code}」已在第 {row} 行',
    'zh-CN': '职务编码「{code}」已在第 {row} 行',
    'en-US': 'The position code "{code}" is already on row {row}',
  },
  importPositionRankRange: {
    'zh-TW': '職級須為 {min} 至 {max} 的整數',
    'zh-CN': '职级须为 {min} 至 {max} 的整数',
    'en-US': 'The rank must be a whole number from {min} to {max}',
  },
} as const satisfies Record<string, Texts>;

/** Column titles and sheet names of the positions and address-book exports. */
export const orgExportTexts = {
  positionSheet: { 'zh-TW': '職務列表', 'zh-CN': '职务列表', 'en-US': 'Positions' },
  addressBookSheet: { 'zh-TW': '通訊錄', 'zh-CN': '通讯录', 'en-US': 'Address book' },
  code: { 'zh-TW': '職務編碼', 'zh-CN': '职务编码', 'en-US': 'Code' },
  positionName: { 'zh-TW': '職務名稱', 'zh-CN': '职务名称', 'en-US': 'Position' },
  rank: { 'zh-TW': '職級', 'zh-CN': '职级', 'en-US': 'Rank' },
  createdAt: { 'zh-TW': '建立時間', 'zh-CN': '创建时间', 'en-US': 'Created at' },
  name: { 'zh-TW': '姓名', 'zh-CN': '姓名', 'en-US': 'Name' },
  departments: { 'zh-TW': '部門', 'zh-CN': '部门', 'en-US': 'Departments' },
  positions: { 'zh-TW': '職務', 'zh-CN': '职务', 'en-US': 'Positions' },
  phone: { 'zh-TW': '手機號碼', 'zh-CN': '手机号码', 'en-US': 'Mobile number' },
  email: { 'zh-TW': '電子郵件', 'zh-CN': '电子邮件', 'en-US': 'Email' },
  workNo: { 'zh-TW': '工號', 'zh-CN': '工号', 'en-US': 'Work number' },
} as const satisfies Record<string, Texts>;
