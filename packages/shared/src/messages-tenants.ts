import type { Texts } from './languages.ts';

/** Tenants and tenant menu packages. */
export const tenantsMessages = {
  tenantNotFound: { 'zh-TW': '租戶不存在', 'zh-CN': '租户不存在', 'en-US': 'The tenant does not exist' },
  tenantNameTaken: { 'zh-TW': '已有名為「{name}」的租戶', 'zh-CN': '已有名为“{name}”的租户', 'en-US': 'There is already a tenant named "{name}"' },
  tenantValidityOrder: {
    'zh-TW': '有效期的結束時間須晚於開始時間',
    'zh-CN': '有效期的结束时间须晚于开始时间',
    'en-US': 'The end of the validity period must come after its start',
  },
  tenantAdded: {
    'zh-TW': '租戶「{name}」已建立',
    'zh-CN': '租户「{name}」已创建',
    'en-US': 'Tenant "{name}" created',
  },
  tenantsFrozen: { 'zh-TW': '已凍結 {count} 個租戶，其使用者已登出', 'zh-CN': '已冻结 {count} 个租户，其用户已登出', 'en-US': 'Tenants frozen: {count}. Their users are signed out' },
  tenantsUnfrozen: { 'zh-TW': '已解凍 {count} 個租戶', 'zh-CN': '已解冻 {count} 个租户', 'en-US': 'Tenants unfrozen: {count}' },
  packageNotFound: { 'zh-TW': '租戶套餐不存在', 'zh-CN': '租户套餐不存在', 'en-US': 'The tenant package does not exist' },
  packageNameTaken: { 'zh-TW': '套餐名稱「{name}」已存在', 'zh-CN': '套餐名称「{name}」已存在', 'en-US': 'The package name "{name}" is already taken' },
  packageInUse: {
    'zh-TW': '仍有 {count} 個租戶使用此套餐，無法刪除',
    'zh-CN': '仍有 {count} 个租户使用此套餐，无法删除',
    'en-US': 'Tenants still use this package ({count}): it cannot be deleted',
  },
  packageIsDefault: {
    'zh-TW': '這是預設套餐：請先將其他套餐設為預設',
    'zh-CN': '这是默认套餐：请先将其他套餐设为默认',
    'en-US': 'This is the default package: make another package the default first',
  },
  packageDisabled: {
    'zh-TW': '套餐「{name}」已停用，不能指定給租戶或設為預設',
    'zh-CN': '套餐「{name}」已停用，不能指定给租户或设为默认',
    'en-US': 'The package "{name}" is disabled: it cannot be given to a tenant or made the default',
  },
  packagePlatformEntry: {
    'zh-TW': '套餐只能包含商家端的選單與按鈕',
    'zh-CN': '套餐只能包含商家端的菜单与按钮',
    'en-US': 'A package can hold only merchant-side menus and buttons',
  },
  grantBeyondPackage: {
    'zh-TW': '您的租戶套餐不包含部分所選權限，無法授權',
    'zh-CN': '您的租户套餐不包含部分所选权限，无法授权',
    'en-US': "Some of the chosen permissions are outside your company's package: they cannot be granted",
  },
} as const satisfies Record<string, Texts>;
