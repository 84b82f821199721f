import type { Texts } from './languages.ts';

/** Departments, their members and their department roles (issue 12 item 5). */
export const departsMessages = {
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
    'zh-TW': '此用戶不是此部門的成員，不能給他部門角色',
    'zh-CN': '此用户不是此部门的成员，不能给他部门角色',
    'en-US': 'This user is not a member of the department, so cannot be given its roles',
  },
  departRoleCodeTaken: {
    'zh-TW': '此部門已有相同編碼的角色',
    'zh-CN': '此部门已有相同编码的角色',
    'en-US': 'This department already has a role with that code',
  },
} as const satisfies Record<string, Texts>;
