import type { Texts } from './languages.ts';

/** The refusals of the role calls (/sys/role/*, the users and permissions of a role). */
export const rolesMessages = {
  roleCodeTaken: {
    'zh-TW': '角色編碼「{code}」已被使用',
    'zh-CN': '角色编码“{code}”已被使用',
    'en-US': 'The role code "{code}" is taken',
  },
  roleNotFound: {
    'zh-TW': '找不到角色',
    'zh-CN': '找不到角色',
    'en-US': 'Role not found',
  },
  roleUserNotFound: {
    'zh-TW': '找不到使用者',
    'zh-CN': '找不到用户',
    'en-US': 'User not found',
  },
  // export (modules/system/role/export.ts)
  roleExportTitle: { 'zh-TW': '角色列表', 'zh-CN': '角色列表', 'en-US': 'Roles' },
} as const satisfies Record<string, Texts>;
