import type { Texts } from './languages.ts';
import { typed } from './field-area-labels.ts';

/*
 * The fields of the audit log's records as a reader reads them: their names in the three languages, and
 * what their values are. A line keeps what was written (ids, codes, values); names are found when the
 * line is read, for the reader's tenant and language, so that a line stays true when a name changes later.
 * One registry for every audited resource: a field is looked up by its resource first, then in COMMON,
 * then among the request fields of field-labels.ts; a field none of them knows shows its key.
 */

/** What the ids or codes of a field stand for. */
export const AUDIT_REF_KINDS = ['permission', 'permissionCode', 'depart', 'departCode', 'role', 'position', 'user', 'tenant'] as const;
export type AuditRefKind = (typeof AUDIT_REF_KINDS)[number];

export type AuditFieldKind =
  /**
   * ids (or codes) of things named elsewhere: one id, a list of ids, or a list of `{ id, name }` as a record
   * holds its links (the name is what was written, shown with the deleted mark when the id is gone).
   * `via`: for a code, the field of the same record that lists those codes with their ids; a department's
   * code changes when it moves, its id does not.
   */
  | { ref: AuditRefKind; via?: string }
  /** a value of a dictionary the screens use (its item's text) */
  | { dict: string }
  /** a value of a fixed list, by its value as text ('1', 'true', 'ACTIVE') */
  | { values: Record<string, Texts> }
  /** a text in the three languages ({ 'zh-TW', 'zh-CN', 'en-US' }): one row per language (found so without it, unless both sides lack it) */
  | { languages: true }
  /** a menu title key ('menu.system.user'), shown as the menu shows it */
  | { menuTitle: true }
  /** as written, whatever COMMON says of the name (a department's own code) */
  | { plain: true }
  /** not shown: a duplicate of another field */
  | { hidden: true };

export type AuditField = { label?: Texts; kind?: AuditFieldKind };

const values = (list: Record<string, Texts>): AuditFieldKind => ({ values: list });

const YES = typed('是', '是', 'Yes');
const NO = typed('否', '否', 'No');
/** What a true or false is, whatever field holds it. */
export const AUDIT_BOOLEAN: Record<'true' | 'false', Texts> = { true: YES, false: NO };

/** Added to a name whose thing is gone (or an id or code that no longer names anything). */
export const AUDIT_DELETED_MARK = typed('（已刪除）', '（已删除）', ' (deleted)');
/** The three languages of a text in three languages, after the field's name. */
export const AUDIT_LANGUAGE_NAMES: Record<'zh-TW' | 'zh-CN' | 'en-US', Texts> = {
  'zh-TW': typed('（繁體中文）', '（繁体中文）', ' (Traditional Chinese)'),
  'zh-CN': typed('（簡體中文）', '（简体中文）', ' (Simplified Chinese)'),
  'en-US': typed('（英文）', '（英文）', ' (English)'),
};

/** Fields that mean the same in every resource. */
const COMMON: Record<string, AuditField> = {
  // the record's own id: the line's resourceId already
  id: { kind: { hidden: true } },
  createdAt: { label: typed('建立時間', '创建时间', 'Created at') },
  updatedAt: { label: typed('更新時間', '更新时间', 'Updated at') },
  description: { label: typed('描述', '描述', 'Description') },
  permissionIds: { label: typed('權限', '权限', 'Permissions'), kind: { ref: 'permission' } },
  permissions: { label: typed('選單與按鈕', '菜单与按钮', 'Menus and buttons'), kind: { ref: 'permissionCode' } },
  userIds: { label: typed('使用者', '用户', 'Users'), kind: { ref: 'user' } },
  headUserIds: { label: typed('負責人', '负责人', 'Heads'), kind: { ref: 'user' } },
  roles: { label: typed('角色', '角色', 'Roles'), kind: { ref: 'role' } },
  roleIds: { label: typed('角色', '角色', 'Roles'), kind: { ref: 'role' } },
  departs: { label: typed('部門', '部门', 'Departments'), kind: { ref: 'depart' } },
  departIds: { label: typed('部門', '部门', 'Departments'), kind: { ref: 'depart' } },
  positions: { label: typed('職務', '职务', 'Positions'), kind: { ref: 'position' } },
  positionIds: { label: typed('職務', '职务', 'Positions'), kind: { ref: 'position' } },
  orgCode: { label: typed('目前部門', '当前部门', 'Current department'), kind: { ref: 'departCode', via: 'departs' } },
  tenantId: { label: typed('租戶', '租户', 'Tenant'), kind: { ref: 'tenant' } },
  username: { label: typed('帳號', '用户名', 'Username') },
  ip: { label: typed('IP 位址', 'IP 地址', 'IP address') },
};

const USER_STATUS = { dict: 'UserStatus' } as const;
const ON_OFF = values({ '1': typed('啟用', '启用', 'Enabled'), '0': typed('停用', '停用', 'Disabled') });
const SCOPES = values({
  'orders:read': typed('讀取訂單', '读取订单', 'Read orders'),
  'orders:write': typed('建立與取消訂單', '创建与取消订单', 'Create and cancel orders'),
  'tracking:read': typed('讀取物流軌跡', '读取物流轨迹', 'Read tracking'),
  'parcels:read': typed('讀取包裹', '读取包裹', 'Read parcels'),
  'wallet:read': typed('讀取錢包餘額', '读取钱包余额', 'Read wallet balances'),
  'purchases:read': typed('讀取採購訂單', '读取采购订单', 'Read purchase orders'),
});
const HOLDER_STATE = values({
  ACTIVE: typed('有效', '有效', 'Active'),
  FROZEN: typed('已停用：持有人已凍結', '已停用：持有人已冻结', 'Stopped: holder frozen'),
  DELETED: typed('已停用：持有人已刪除', '已停用：持有人已删除', 'Stopped: holder deleted'),
  LEFT: typed('已停用：持有人已離開公司', '已停用：持有人已离开公司', 'Stopped: holder left the company'),
});

/** Fields of one resource (the audit line's `resource`), where they differ from COMMON or are its own. */
const BY_RESOURCE: Record<string, Record<string, AuditField>> = {
  user: {
    status: { kind: USER_STATUS },
    top: { label: typed('最高管理員', '最高管理员', 'Top administrator') },
    mainAccount: { label: typed('主帳號', '主账号', 'Main account') },
    inRecycleBin: { label: typed('在回收站', '在回收站', 'In the recycle bin') },
    mode: {
      label: typed('新密碼交付方式', '新密码交付方式', 'New password handed over'),
      kind: values({ show: typed('產生新密碼並顯示一次', '生成新密码并显示一次', 'Generated and shown once'), sms: typed('以簡訊發送到使用者的手機', '以短信发送到用户的手机', "Sent by SMS to the user's phone") }),
    },
  },
  role: {
    userIds: { label: typed('成員', '成员', 'Members'), kind: { ref: 'user' } },
  },
  depart: {
    orgCode: { label: typed('部門編碼', '部门编码', 'Department code'), kind: { plain: true } },
    parentId: { label: typed('上級部門', '上级部门', 'Parent department'), kind: { ref: 'depart' } },
  },
  position: {},
  menu: {
    parentId: { label: typed('上級選單', '上级菜单', 'Parent menu'), kind: { ref: 'permission' } },
    name: { label: typed('標準名稱', '标准名称', 'Standard title'), kind: { menuTitle: true } },
    titles: { kind: { languages: true } },
    menuType: { kind: values({ '0': typed('一級選單', '一级菜单', 'Top-level menu'), '1': typed('子選單', '子菜单', 'Sub menu'), '2': typed('按鈕/權限', '按钮/权限', 'Button / permission') }) },
    permsType: { kind: values({ '1': typed('無權限時隱藏', '无权限时隐藏', 'Hide when not granted'), '2': typed('無權限時停用', '无权限时禁用', 'Disable when not granted') }) },
    status: { kind: values({ '1': typed('有效', '有效', 'In force'), '0': typed('無效', '无效', 'Off') }) },
    isRoute: { label: typed('是否路由', '是否路由', 'Route') },
    hidden: { label: typed('隱藏選單', '隐藏菜单', 'Hidden') },
    alwaysShow: { label: typed('聚合路由', '聚合路由', 'Always show as group') },
    keepAlive: { label: typed('快取頁面', '缓存页面', 'Keep alive') },
    internalOrExternal: {
      label: typed('開啟方式', '打开方式', 'Open'),
      kind: values({ false: typed('內嵌（iframe）', '内嵌（iframe）', 'Inside the portal (iframe)'), true: typed('新視窗', '新窗口', 'In a new window') }),
    },
    platformOnly: { label: typed('僅限平台', '仅限平台', 'Platform only') },
    merchantOnly: { label: typed('僅限商家', '仅限商家', 'Merchants only') },
    builtIn: { label: typed('內建', '内置', 'Built-in') },
  },
  tenant: {
    status: { kind: values({ '1': typed('正常', '正常', 'Active'), '0': typed('凍結', '冻结', 'Frozen') }) },
    // the package's name as it was is the record's packageName
    packageId: { kind: { hidden: true } },
    packageName: { label: typed('租戶套餐', '租户套餐', 'Package') },
    mainUsername: { label: typed('主帳號', '主账号', 'Main account') },
    mainRealname: { label: typed('主帳號姓名', '主账号姓名', "Main account's name") },
    userCount: { label: typed('使用者數', '用户数', 'Users') },
  },
  'tenant-package': {
    status: { kind: ON_OFF },
    isDefault: { label: typed('預設套餐', '默认套餐', 'Default package') },
    tenantCount: { label: typed('使用的租戶數', '使用的租户数', 'Tenants using it') },
    permissionCount: { label: typed('選單與按鈕數', '菜单与按钮数', 'Menus and buttons (count)') },
  },
  'api-key': {
    scopes: { kind: SCOPES },
    unheldScopes: { label: typed('已失效的權限範圍', '已失效的权限范围', 'Scopes no longer held'), kind: SCOPES },
    status: { kind: values({ ACTIVE: typed('有效', '有效', 'Active'), EXPIRED: typed('已過期', '已过期', 'Expired'), REVOKED: typed('已撤銷', '已撤销', 'Revoked') }) },
    revokedAt: { label: typed('撤銷時間', '撤销时间', 'Revoked at') },
    shown: { label: typed('金鑰', '密钥', 'Key') },
    previousShown: { label: typed('舊金鑰', '旧密钥', 'Old key') },
    previousUntil: { label: typed('舊金鑰可用至', '旧密钥可用至', 'Old key works until') },
    lastUsedAt: { label: typed('最後使用時間', '最后使用时间', 'Last used at') },
    lastUsedIp: { label: typed('最後使用 IP', '最后使用 IP', 'Last used from') },
    holder: { label: typed('持有人', '持有人', 'Holder') },
    holderState: { label: typed('持有人狀態', '持有人状态', 'Holder state'), kind: HOLDER_STATE },
  },
  'push-endpoint': {
    url: { label: typed('推送網址', '推送网址', 'Endpoint URL') },
    eventTypes: { label: typed('事件類型', '事件类型', 'Event types'), kind: { dict: 'PushTypeEnum' } },
    enabled: { label: typed('啟用', '启用', 'Enabled') },
    disabledReason: {
      label: typed('停用原因', '停用原因', 'Why it is off'),
      kind: values({
        MANUAL: typed('手動停用', '手动停用', 'Turned off by hand'),
        GONE: typed('接收端回應 410 Gone 而停用', '接收端返回 410 Gone 而停用', 'Turned off: the receiver answered 410 Gone'),
        FAILING: typed('連續失敗多日而停用', '连续失败多日而停用', 'Turned off: failing for days'),
      }),
    },
  },
  dict: {
    dictCode: { label: typed('字典編碼', '字典编码', 'Dictionary code') },
    dictName: { label: typed('字典名稱', '字典名称', 'Dictionary name') },
    builtIn: { label: typed('系統', '系统', 'System') },
    itemCount: { label: typed('項目數', '项目数', 'Items') },
    order: { label: typed('項目順序', '项目顺序', 'Order of the items') },
  },
  'dict-item': {
    dictId: { kind: { hidden: true } },
    itemValue: { label: typed('資料值', '数据值', 'Value') },
    itemText: { label: typed('名稱', '名称', 'Text') },
    color: { label: typed('顏色', '颜色', 'Colour') },
    sortOrder: { label: typed('排序', '排序', 'Order') },
    status: { kind: ON_OFF },
  },
  session: {
    userAgent: { label: typed('裝置 / 瀏覽器', '设备 / 浏览器', 'Device / browser') },
    createdAt: { label: typed('登入時間', '登录时间', 'Signed in') },
    lastSeenAt: { label: typed('最後活動', '最后活动', 'Last seen') },
    revoked: { label: typed('已結束', '已结束', 'Ended') },
    reason: {
      label: typed('結束原因', '结束原因', 'Why it ended'),
      kind: values({ admin: typed('管理員強制下線', '管理员强制下线', 'Force logout by an administrator'), limit: typed('超過同時登入上限', '超过同时登录上限', 'Too many sessions at once') }),
    },
    liveSessions: { label: typed('有效的工作階段', '有效的会话', 'Live sessions') },
  },
};

/**
 * The order a resource's fields are read in, as its form shows them (the log keeps JSON, whose keys come back
 * in an order of the database's own); a field not listed comes after these, times last.
 */
const ORDER: Record<string, readonly string[]> = {
  user: ['username', 'realname', 'workNo', 'phone', 'email', 'avatar', 'status', 'departs', 'orgCode', 'positions', 'roles', 'mainAccount', 'top', 'inRecycleBin', 'mode'],
  role: ['roleName', 'roleCode', 'description', 'permissionIds', 'userIds'],
  depart: ['departName', 'orgCode', 'parentId', 'sortNo'],
  position: ['code', 'name', 'rank'],
  menu: ['menuType', 'parentId', 'name', 'titles', 'path', 'component', 'componentName', 'redirect', 'url', 'internalOrExternal', 'icon', 'sortNo', 'perms', 'permsType', 'status', 'isRoute', 'hidden', 'alwaysShow', 'keepAlive', 'platformOnly', 'merchantOnly', 'builtIn'],
  tenant: ['name', 'status', 'packageName', 'validFrom', 'validUntil', 'contactName', 'contactPhone', 'contactEmail', 'mainUsername', 'mainRealname', 'userCount'],
  'tenant-package': ['name', 'description', 'status', 'isDefault', 'permissions', 'permissionCount', 'tenantCount'],
  'api-key': ['name', 'scopes', 'ipAllowList', 'expiresAt', 'status', 'shown', 'previousShown', 'previousUntil', 'holder', 'holderState', 'unheldScopes', 'createdBy', 'lastUsedAt', 'lastUsedIp', 'revokedAt'],
  'push-endpoint': ['url', 'description', 'eventTypes', 'enabled', 'disabledReason'],
  dict: ['dictCode', 'dictName', 'description', 'builtIn', 'itemCount', 'order'],
  'dict-item': ['itemValue', 'itemText', 'color', 'sortOrder', 'status'],
  session: ['username', 'ip', 'userAgent', 'createdAt', 'lastSeenAt', 'revoked', 'reason', 'liveSessions'],
};
const LAST = ['createdAt', 'updatedAt'];

/** The keys of a record in the order its resource's fields are read. */
export function auditFieldOrder(resource: string, keys: readonly string[]): string[] {
  const listed = Object.hasOwn(ORDER, resource) ? (ORDER[resource] ?? []) : [];
  const rank = (key: string) => {
    const at = listed.indexOf(key);
    if (at >= 0) return at;
    return LAST.includes(key) ? listed.length + 1 + LAST.indexOf(key) : listed.length;
  };
  // a stable sort: the fields no list names keep their order between the listed ones and the times
  return [...keys].sort((a, b) => rank(a) - rank(b));
}

/** The field areas of field-labels.ts whose names an audited resource shares. */
export const AUDIT_FIELD_AREAS = {
  user: 'user',
  position: 'position',
  tenant: 'tenant',
  'tenant-package': 'tenantPackage',
  announcement: 'announcement',
  'api-key': 'apiKey',
} as const;

/** What the registry says of a field of a resource: its own entry over the common one (label and kind apart). */
export function auditField(resource: string, key: string): AuditField {
  const own = Object.hasOwn(BY_RESOURCE, resource) ? BY_RESOURCE[resource] : undefined;
  const mine = own && Object.hasOwn(own, key) ? own[key] : undefined;
  const common = Object.hasOwn(COMMON, key) ? COMMON[key] : undefined;
  const label = mine?.label ?? common?.label;
  const kind = mine?.kind ?? common?.kind;
  return { ...(label ? { label } : {}), ...(kind ? { kind } : {}) };
}
