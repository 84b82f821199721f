import type { Texts } from './languages.ts';

/** Menu (permission) management: what an administrator is refused, and why. */
export const menusMessages = {
  menuAdded: { 'zh-TW': '選單已新增', 'zh-CN': '菜单已添加', 'en-US': 'The menu entry was added' },
  menuEdited: { 'zh-TW': '選單已儲存', 'zh-CN': '菜单已保存', 'en-US': 'The menu entry was saved' },
  menuDeleted: { 'zh-TW': '選單已刪除', 'zh-CN': '菜单已删除', 'en-US': 'The menu entry was deleted' },
  menuPermsFormat: {
    'zh-TW': '授權標識須為以冒號分段的代碼（例如 system:user:add），多個以逗號分隔',
    'zh-CN': '授权标识须为以冒号分段的代码（例如 system:user:add），多个以逗号分隔',
    'en-US': 'Permission codes are words joined by colons (such as system:user:add), several separated by commas',
  },
  menuPathFormat: {
    'zh-TW': '路徑須以 / 開頭，只含英文字母、數字、- 與 _（例如 /system/user）',
    'zh-CN': '路径须以 / 开头，只含英文字母、数字、- 与 _（例如 /system/user）',
    'en-US': 'A path starts with / and holds only letters, digits, - and _ (such as /system/user)',
  },
  menuComponentNameFormat: {
    'zh-TW': '路由名稱只可含英文字母、數字、- 與 _',
    'zh-CN': '路由名称只可含英文字母、数字、- 与 _',
    'en-US': 'The route name holds only letters, digits, - and _',
  },
  menuUrlScheme: {
    'zh-TW': '外部連結須為 http:// 或 https:// 開頭的網址',
    'zh-CN': '外部链接须为 http:// 或 https:// 开头的网址',
    'en-US': 'An external link must be an address starting with http:// or https://',
  },
  menuIconUnknown: {
    'zh-TW': '請從圖示清單中選擇圖示',
    'zh-CN': '请从图标列表中选择图标',
    'en-US': 'Choose an icon from the icon list',
  },
  menuComponentUnknown: {
    'zh-TW': '前端元件須為系統已有的頁面之一，或留空作為目錄',
    'zh-CN': '前端组件须为系统已有的页面之一，或留空作为目录',
    'en-US': 'The component must be one of the pages the portal has, or empty for a group',
  },
  menuTitlesRequired: {
    'zh-TW': '請輸入三種語言的選單名稱',
    'zh-CN': '请输入三种语言的菜单名称',
    'en-US': 'Enter the title in the three languages',
  },
  menuPathRequired: { 'zh-TW': '請輸入選單路徑', 'zh-CN': '请输入菜单路径', 'en-US': 'A menu needs a path' },
  menuParentRequired: {
    'zh-TW': '子選單與按鈕須有上級選單',
    'zh-CN': '子菜单与按钮须有上级菜单',
    'en-US': 'A sub menu or a button needs a parent menu',
  },
  menuTopHasParent: {
    'zh-TW': '一級選單不可有上級選單',
    'zh-CN': '一级菜单不可有上级菜单',
    'en-US': 'A top-level menu has no parent',
  },
  menuParentNotMenu: {
    'zh-TW': '上級須為選單，不可為按鈕',
    'zh-CN': '上级须为菜单，不可为按钮',
    'en-US': 'The parent must be a menu, not a button',
  },
  menuParentUnknown: { 'zh-TW': '上級選單不存在', 'zh-CN': '上级菜单不存在', 'en-US': 'The parent menu does not exist' },
  menuParentCycle: {
    'zh-TW': '不可將選單移到它自己或它的下級之下',
    'zh-CN': '不可将菜单移到它自己或它的下级之下',
    'en-US': 'A menu cannot move under itself or one of its own entries',
  },
  menuBothSides: {
    'zh-TW': '選單不可同時僅限平台與僅限商家',
    'zh-CN': '菜单不可同时仅限平台与仅限商家',
    'en-US': 'An entry cannot be both platform-only and merchant-only',
  },
  menuPathTaken: {
    'zh-TW': '路由路徑 {path} 已被其他選單使用',
    'zh-CN': '路由路径 {path} 已被其他菜单使用',
    'en-US': 'The route path {path} is already used by another entry',
  },
  menuPermsTaken: {
    'zh-TW': '授權標識 {perms} 已被其他選單使用',
    'zh-CN': '授权标识 {perms} 已被其他菜单使用',
    'en-US': 'The permission code {perms} is already used by another entry',
  },
  menuHasChildren: {
    'zh-TW': '此選單下還有子選單或按鈕，請先刪除它們',
    'zh-CN': '此菜单下还有子菜单或按钮，请先删除它们',
    'en-US': 'This entry still has entries under it: delete them first',
  },
  menuBuiltInDelete: {
    'zh-TW': '系統內建的選單不可刪除，可改為隱藏',
    'zh-CN': '系统内置的菜单不可删除，可改为隐藏',
    'en-US': 'A built-in entry cannot be deleted; hide it instead',
  },
  menuBuiltInCode: {
    'zh-TW': '系統內建選單的授權標識、類型與適用範圍不可變更，伺服器的介面依靠它們',
    'zh-CN': '系统内置菜单的授权标识、类型与适用范围不可变更，服务器的接口依靠它们',
    'en-US': "A built-in entry's permission code, type and side cannot change: the server's calls rely on them",
  },
} as const satisfies Record<string, Texts>;
