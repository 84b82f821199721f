import type { Texts } from './languages.ts';

/** Departments, their members and their department roles. */
export const departsMessages = {
  departNameTaken: {
    'zh-TW': '同一上級部門下已有名為「{name}」的部門',
    'zh-CN': '同一上级部门下已有名为“{name}”的部门',
    'en-US': 'There is already a department named "{name}" under the same parent',
  },
  departOrgCodeTaken: {
    'zh-TW': '部門編碼已被使用，請重試',
    'zh-CN': '部门编码已被使用，请重试',
    'en-US': 'That department code is taken; please try again',
  },
  departCodesExhausted: {
    'zh-TW': '此上級部門的下級部門已達上限',
    'zh-CN': '此上级部门的下级部门已达上限',
    'en-US': 'This department cannot take any more sub-departments',
  },
  departHasChildren: {
    'zh-TW': '此部門還有下級部門，請先刪除或移走它們',
    'zh-CN': '此部门还有下级部门，请先删除或移走它们',
    'en-US': 'This department still has sub-departments; delete or move them first',
  },
  departHasMembers: {
    'zh-TW': '此部門還有成員，請先移除他們',
    'zh-CN': '此部门还有成员，请先移除他们',
    'en-US': 'This department still has members; remove them first',
  },
  departMoveIntoItself: {
    'zh-TW': '不能把部門移到它自己或它的下級部門之下',
    'zh-CN': '不能把部门移到它自己或它的下级部门之下',
    'en-US': 'A department cannot move under itself or one of its sub-departments',
  },
  departHeadNotMember: {
    'zh-TW': '部門負責人必須是此部門的成員',
    'zh-CN': '部门负责人必须是此部门的成员',
    'en-US': 'A head of the department must be one of its members',
  },
  departRoleUserNotMember: {
    'zh-TW': '此使用者不是此部門的成員，不能給他部門角色',
    'zh-CN': '此用户不是此部门的成员，不能给他部门角色',
    'en-US': 'This user is not a member of the department, so cannot be given its roles',
  },
  departRoleCodeTaken: {
    'zh-TW': '此部門已有相同編碼的角色',
    'zh-CN': '此部门已有相同编码的角色',
    'en-US': 'This department already has a role with that code',
  },
  // the import (modules/system/depart/import.ts)
  departImportTemplateTitle: { 'zh-TW': '部門匯入範本', 'zh-CN': '部门导入模板', 'en-US': 'Department import template' },
  departsImported: { 'zh-TW': '已匯入 {count} 個部門', 'zh-CN': '已导入 {count} 个部门', 'en-US': 'Imported (departments: {count})' },
  departsNothingImported: {
    'zh-TW': '檔案中有 {count} 處錯誤，未匯入任何部門，請修正後重新匯入',
    'zh-CN': '文件中有 {count} 处错误，未导入任何部门，请修正后重新导入',
    'en-US': 'Errors in the file: {count}. No department was imported: correct them and import it again',
  },
  importDepartParentUnknown: {
    'zh-TW': '找不到上級部門「{value}」：請填寫既有部門的編碼或名稱路徑（如 總部/研發部），或前面某一行的部門',
    'zh-CN': '找不到上级部门「{value}」：请填写既有部门的编码或名称路径（如 总部/研发部），或前面某一行的部门',
    'en-US': 'No parent department "{value}": give the org code or name path (e.g. Head office/R&D) of an existing department, or a department of an earlier row',
  },
  importDepartParentAmbiguous: {
    'zh-TW': '有多個部門的名稱路徑為「{value}」，請改填其部門編碼',
    'zh-CN': '有多个部门的名称路径为「{value}」，请改填其部门编码',
    'en-US': 'Several departments have the name path "{value}": give its org code instead',
  },
  importDepartExists: {
    'zh-TW': '部門「{value}」已存在',
    'zh-CN': '部门「{value}」已存在',
    'en-US': 'The department "{value}" already exists',
  },
  importDepartRepeated: {
    'zh-TW': '部門「{value}」已在第 {row} 行',
    'zh-CN': '部门「{value}」已在第 {row} 行',
    'en-US': 'The department "{value}" is already on row {row}',
  },
  importDepartNameSlash: {
    'zh-TW': '部門名稱不可包含「/」（它分隔名稱路徑）',
    'zh-CN': '部门名称不可包含「/」（它分隔名称路径）',
    'en-US': 'A department name cannot hold "/" (it separates a name path)',
  },
  importDepartSortInvalid: {
    'zh-TW': '排序須為 0 至 {max} 的整數',
    'zh-CN': '排序须为 0 至 {max} 的整数',
    'en-US': 'The sort order must be a whole number from 0 to {max}',
  },
} as const satisfies Record<string, Texts>;
