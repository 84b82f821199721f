import type { Texts } from './languages.ts';

/** The refusals of the rules of delegation (apps/server/src/modules/auth/access/delegation.ts), shared by every administrative call. */
export const delegationMessages = {
  grantBeyondOwn: {
    'zh-TW': '您只能授予或收回自己擁有的權限',
    'zh-CN': '您只能授予或收回自己拥有的权限',
    'en-US': 'You can only grant or take away permissions you hold yourself',
  },
  grantBeyondCeiling: {
    'zh-TW': '超出部門可授權範圍：部門角色只能擁有部門權限內的選單與按鈕',
    'zh-CN': '超出部门可授权范围：部门角色只能拥有部门权限内的菜单与按钮',
    'en-US': "Beyond the department's ceiling: a department role can only hold menus and buttons of the department's permissions",
  },
  roleBeyondOwn: {
    'zh-TW': '您不能指派或移除擁有您所沒有權限的角色',
    'zh-CN': '您不能分配或移除拥有您所没有权限的角色',
    'en-US': 'You cannot give or take away a role that holds permissions you do not hold',
  },
  ownRoleShrink: {
    'zh-TW': '您不能收回自己所擁有角色的權限',
    'zh-CN': '您不能收回自己所拥有角色的权限',
    'en-US': 'You cannot take permissions away from a role you hold yourself',
  },
  notOnYourself: {
    'zh-TW': '您不能凍結、刪除自己或變更自己的角色',
    'zh-CN': '您不能冻结、删除自己或变更自己的角色',
    'en-US': 'You cannot freeze or delete yourself, or change your own roles',
  },
  topAdminOnly: {
    'zh-TW': '只有超級管理員或主帳號能變更超級管理員或主帳號',
    'zh-CN': '只有超级管理员或主账号能变更超级管理员或主账号',
    'en-US': 'Only a super user or the main account can change a super user or the main account',
  },
  lastTopAdmin: {
    'zh-TW': '不能凍結或刪除最後一位超級管理員',
    'zh-CN': '不能冻结或删除最后一位超级管理员',
    'en-US': 'The last super user cannot be frozen or deleted',
  },
} as const satisfies Record<string, Texts>;
