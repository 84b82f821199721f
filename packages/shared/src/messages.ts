import type { Language, Texts } from './languages.ts';
import { orderMessages } from './messages-orders.ts';
import { warehouseMessages } from './messages-warehouse.ts';
import { pickupMessages } from './messages-pickup.ts';
import { financeMessages } from './messages-finance.ts';
import { rechargeMessages } from './messages-recharge.ts';
import { paymentMessages } from './messages-payment.ts';
import { rateMessages } from './messages-rates.ts';
import { delegationMessages } from './messages-delegation.ts';
import { usersMessages } from './messages-users.ts';
import { userDataMessages } from './messages-user-data.ts';
import { rolesMessages } from './messages-roles.ts';
import { menusMessages } from './messages-menus.ts';
import { dataRulesMessages } from './messages-data-rules.ts';
import { departsMessages } from './messages-departs.ts';
import { orgMessages } from './messages-org.ts';
import { tenantsMessages } from './messages-tenants.ts';
import { ssoMessages } from './messages-sso.ts';
import { announcementMessages } from './messages-announcements.ts';
import { dictsMessages } from './messages-dicts.ts';
import { visitsMessages } from './messages-visits.ts';
import { sessionsMessages } from './messages-sessions.ts';
// product search (catalogue)
import { productMessages } from './messages-product.ts';
// pre-purchase orders
import { preOrderMessages } from './messages-pre-order.ts';
// purchasing: the queue and purchase orders (buying)
import { purchasingMessages } from './messages-purchasing.ts';
// purchased goods in the warehouse
import { purchaseStockMessages } from './messages-purchase-stock.ts';
// the platforms' token configuration (platforms)
import { purchaseTokenMessages } from './messages-purchase-token.ts';
// the open API's authentication (base)
import { openApiMessages } from './messages-open-api.ts';
// a merchant's API keys
import { keysMessages } from './messages-keys.ts';
import { pushEndpointMessages } from './messages-push-endpoints.ts';
// the open API's routes
import { openApiGatewayMessages } from './messages-open-api-gateway.ts';
// API and message push statistics
import { statsMessages } from './messages-stats.ts';
// online development
import { onlineMessages } from './messages-online.ts';
import { onlineReportMessages } from './messages-online-report.ts';
import { onlineFormMessages } from './messages-online-form.ts';

/**
 * Every message the server sends, in the three languages. zh-CN texts quote the spec word for word
 * where it gives one; `{name}` placeholders are filled by `formatMessage`.
 */
export const messages = {
  ok: { 'zh-TW': '操作成功！', 'zh-CN': '操作成功！', 'en-US': 'Done.' },
  operationFailed: { 'zh-TW': '操作失敗', 'zh-CN': '操作失败', 'en-US': 'The operation failed' },
  tokenInvalid: {
    'zh-TW': 'Token失效，請重新登入',
    'zh-CN': 'Token失效，请重新登录',
    'en-US': 'Token失效: your session has expired, please sign in again',
  },
  forbidden: { 'zh-TW': '拒絕訪問：您沒有此操作的權限', 'zh-CN': '拒绝访问：您没有此操作的权限', 'en-US': 'Access denied: you lack the permission for this' },
  tenantForbidden: { 'zh-TW': '拒絕訪問：您不屬於此租戶', 'zh-CN': '拒绝访问：您不属于此租户', 'en-US': 'Access denied: you do not belong to this tenant' },
  merchantOnly: {
    'zh-TW': '拒絕訪問：這是商家的功能，平台帳號不能使用，請以商家帳號登入',
    'zh-CN': '拒绝访问：这是商家的功能，平台账号不能使用，请以商家账号登录',
    'en-US': 'Access denied: this is a merchant function, which platform accounts cannot use; sign in with a merchant account',
  },
  savedMeanwhile: {
    'zh-TW': '同一個值剛被另一個請求儲存，請重新整理後再試',
    'zh-CN': '同一个值刚被另一个请求保存，请刷新后再试',
    'en-US': 'The same value was just saved by another request; reload and try again',
  },
  notFound: { 'zh-TW': '很抱歉，資源未找到!', 'zh-CN': '很抱歉，资源未找到!', 'en-US': 'Sorry, the resource was not found!' },
  routeNotFound: { 'zh-TW': '介面不存在：{method} {url}', 'zh-CN': '接口不存在：{method} {url}', 'en-US': 'No such endpoint: {method} {url}' },
  internalError: {
    'zh-TW': '伺服器內部錯誤，請稍後重試（追蹤碼 {id}）',
    'zh-CN': '服务器内部错误，请稍后重试（追踪码 {id}）',
    'en-US': 'Internal server error, please try again later (trace {id})',
  },
  bodyTooLarge: { 'zh-TW': '請求內容過大（上限 {limit}）', 'zh-CN': '请求内容过大（上限 {limit}）', 'en-US': 'The request body is too large (limit {limit})' },
  badJson: { 'zh-TW': '請求內容不是有效的 JSON', 'zh-CN': '请求内容不是有效的 JSON', 'en-US': 'The request body is not valid JSON' },
  badText: { 'zh-TW': '請求內容含有無效的文字（不成對的 Unicode 代理字元）', 'zh-CN': '请求内容含有无效的文字（不成对的 Unicode 代理字符）', 'en-US': 'The request body holds invalid text (an unpaired Unicode surrogate)' },
  unsupportedMediaType: {
    'zh-TW': '不支援的內容類型：{type}',
    'zh-CN': '不支持的内容类型：{type}',
    'en-US': 'Unsupported content type: {type}',
  },
  tooManyRequests: { 'zh-TW': '請求過於頻繁，請 {seconds} 秒後再試', 'zh-CN': '请求过于频繁，请 {seconds} 秒后再试', 'en-US': 'Too many requests, try again in {seconds} s' },
  badRequest: { 'zh-TW': '請求參數有誤', 'zh-CN': '请求参数有误', 'en-US': 'Bad request' },

  // validation: "{field}" is the field as the screens label it (field-labels.ts), in the caller's language;
  // every message says what would be right, and a required one has one wording per language in every form
  validationRequired: { 'zh-TW': '請輸入{field}', 'zh-CN': '请输入{field}', 'en-US': '{field} is required' },
  validationChoose: { 'zh-TW': '請選擇{field}', 'zh-CN': '请选择{field}', 'en-US': '{field} is required' },
  validationType: { 'zh-TW': '{field}須為{expected}', 'zh-CN': '{field}须为{expected}', 'en-US': '{field} must be {expected}' },
  validationTooShort: { 'zh-TW': '{field}至少需要 {min} 個字元', 'zh-CN': '{field}至少需要 {min} 个字符', 'en-US': '{field} needs at least {min} characters' },
  validationTooLong: { 'zh-TW': '{field}最多 {max} 個字元', 'zh-CN': '{field}最多 {max} 个字符', 'en-US': '{field} takes at most {max} characters' },
  validationTooSmall: { 'zh-TW': '{field}不可小於 {min}', 'zh-CN': '{field}不可小于 {min}', 'en-US': '{field} must be at least {min}' },
  validationAbove: { 'zh-TW': '{field}須大於 {min}', 'zh-CN': '{field}须大于 {min}', 'en-US': '{field} must be more than {min}' },
  validationTooBig: { 'zh-TW': '{field}不可大於 {max}', 'zh-CN': '{field}不可大于 {max}', 'en-US': '{field} must be at most {max}' },
  validationBelow: { 'zh-TW': '{field}須小於 {max}', 'zh-CN': '{field}须小于 {max}', 'en-US': '{field} must be less than {max}' },
  validationTooFew: { 'zh-TW': '{field}至少需要 {min} 項', 'zh-CN': '{field}至少需要 {min} 项', 'en-US': '{field}: at least {min} needed' },
  validationTooMany: { 'zh-TW': '{field}最多 {max} 項', 'zh-CN': '{field}最多 {max} 项', 'en-US': '{field}: at most {max}' },
  validationFormat: { 'zh-TW': '{field}的格式不正確', 'zh-CN': '{field}的格式不正确', 'en-US': '{field} is not in a valid format' },
  validationDate: { 'zh-TW': '{field}須為日期，例如 2026-01-31', 'zh-CN': '{field}须为日期，例如 2026-01-31', 'en-US': '{field} must be a date such as 2026-01-31' },
  validationDateTime: {
    'zh-TW': '{field}須為含時區的時間，例如 2026-01-31T08:00:00+08:00',
    'zh-CN': '{field}须为含时区的时间，例如 2026-01-31T08:00:00+08:00',
    'en-US': '{field} must be a time with its offset, such as 2026-01-31T08:00:00+08:00',
  },
  validationDateOrTime: {
    'zh-TW': '{field}須為日期（例如 2026-01-31）或含時區的時間（例如 2026-01-31T08:00:00+08:00）',
    'zh-CN': '{field}须为日期（例如 2026-01-31）或含时区的时间（例如 2026-01-31T08:00:00+08:00）',
    'en-US': '{field} must be a date (such as 2026-01-31) or a time with its offset (such as 2026-01-31T08:00:00+08:00)',
  },
  validationOneOf: { 'zh-TW': '{field}只能是：{values}', 'zh-CN': '{field}只能是：{values}', 'en-US': '{field} must be one of: {values}' },
  validationUnknownField: { 'zh-TW': '不認識的欄位：{field}', 'zh-CN': '不认识的字段：{field}', 'en-US': 'Unknown field: {field}' },
  validationInvalid: { 'zh-TW': '{field}的值無效', 'zh-CN': '{field}的值无效', 'en-US': '{field} has an invalid value' },
  // the rules a schema attaches to a value zod can only call "not in a valid format" (msg('validationWeight'))
  validationWeight: {
    'zh-TW': '{field}須大於 0，最多 3 位小數',
    'zh-CN': '{field}须大于 0，最多 3 位小数',
    'en-US': '{field} must be more than 0, with at most 3 decimals',
  },
  validationLength: {
    'zh-TW': '{field}須大於 0，最多 1 位小數',
    'zh-CN': '{field}须大于 0，最多 1 位小数',
    'en-US': '{field} must be more than 0, with at most 1 decimal',
  },
  validationAmount: {
    'zh-TW': '{field}須大於 0，最多 2 位小數',
    'zh-CN': '{field}须大于 0，最多 2 位小数',
    'en-US': '{field} must be more than 0, with at most 2 decimals',
  },
  validationPrice: {
    'zh-TW': '{field}須為 0 或以上的金額，最多 2 位小數',
    'zh-CN': '{field}须为 0 或以上的金额，最多 2 位小数',
    'en-US': '{field} must be an amount of 0 or more, with at most 2 decimals',
  },
  validationRate: {
    'zh-TW': '{field}須大於 0，最多 10 位小數',
    'zh-CN': '{field}须大于 0，最多 10 位小数',
    'en-US': '{field} must be more than 0, with at most 10 decimals',
  },
  validationReference: {
    'zh-TW': '{field}只能包含字母、數字、- 與 _',
    'zh-CN': '{field}只能包含字母、数字、- 与 _',
    'en-US': '{field} takes letters, digits, - and _ only',
  },
  validationPhone: {
    'zh-TW': '{field}只能包含數字、空格與 -，可以 + 開頭',
    'zh-CN': '{field}只能包含数字、空格与 -，可以 + 开头',
    'en-US': '{field} takes digits, spaces and - only, optionally starting with +',
  },

  // sign-in
  loginSuccess: { 'zh-TW': '登入成功', 'zh-CN': '登录成功', 'en-US': 'Signed in' },
  loginFailed: { 'zh-TW': '帳號或密碼錯誤', 'zh-CN': '用户名或密码错误', 'en-US': 'Wrong username or password' },
  accountLocked: {
    'zh-TW': '登入失敗次數過多，帳號已暫時鎖定，請 {minutes} 分鐘後再試',
    'zh-CN': '登录失败次数过多，账号已暂时锁定，请 {minutes} 分钟后再试',
    'en-US': 'Too many failed sign-ins: the account is locked, try again in {minutes} min',
  },
  accountFrozen: { 'zh-TW': '該帳號已凍結，請聯繫管理員', 'zh-CN': '该账号已冻结，请联系管理员', 'en-US': 'This account is frozen, please contact your administrator' },
  tenantFrozen: { 'zh-TW': '所屬租戶已停用', 'zh-CN': '所属租户已停用', 'en-US': 'Your company account is disabled' },
  logoutSuccess: { 'zh-TW': '登出成功', 'zh-CN': '退出登录成功', 'en-US': 'Signed out' },

  // change password (spec §5)
  oldPasswordRequired: { 'zh-TW': '請輸入舊密碼!', 'zh-CN': '请输入旧密码!', 'en-US': 'Old password is required!' },
  newPasswordRequired: { 'zh-TW': '請輸入新密碼!', 'zh-CN': '请输入新密码!', 'en-US': 'New password is required!' },
  confirmPasswordRequired: { 'zh-TW': '請確認新密碼!', 'zh-CN': '请确认新密码!', 'en-US': 'Confirm new password is required!' },
  passwordMismatch: { 'zh-TW': '兩次輸入的密碼不一樣！', 'zh-CN': '两次输入的密码不一样！', 'en-US': 'The two passwords do not match!' },
  noLoggedInUser: { 'zh-TW': '當前系統無登入使用者!', 'zh-CN': '当前系统无登录用户!', 'en-US': 'No user is signed in!' },
  ownPasswordOnly: { 'zh-TW': '只能修改自己的密碼', 'zh-CN': '只能修改自己的密码', 'en-US': 'You can only change your own password' },
  oldPasswordWrong: { 'zh-TW': '舊密碼輸入錯誤', 'zh-CN': '旧密码输入错误', 'en-US': 'The old password is wrong' },
  passwordWeak: {
    'zh-TW': '新密碼需 8 至 64 個字元，並同時包含字母與數字',
    'zh-CN': '新密码需 8 至 64 个字符，并同时包含字母与数字',
    'en-US': 'The new password needs 8 to 64 characters with both letters and digits',
  },
  passwordSameAsOld: { 'zh-TW': '新密碼不可與舊密碼相同', 'zh-CN': '新密码不可与旧密码相同', 'en-US': 'The new password must differ from the old one' },
  passwordChanged: {
    'zh-TW': '密碼修改成功，其他裝置上的登入已登出',
    'zh-CN': '密码修改成功，其他设备上的登录已退出',
    'en-US': 'Password changed; your other sessions were signed out',
  },
  passwordChangeRequired: {
    'zh-TW': '您的密碼由管理員設定，請先修改密碼才能繼續使用',
    'zh-CN': '您的密码由管理员设置，请先修改密码才能继续使用',
    'en-US': 'An administrator set your password: change it before you continue',
  },

  // departments
  noDepartments: { 'zh-TW': '您尚未設定部門資訊!', 'zh-CN': '您尚未设置部门信息!', 'en-US': 'You have no department yet!' },
  departRequired: { 'zh-TW': '請選擇部門', 'zh-CN': '请选择部门', 'en-US': 'Department is required' },

  // dictionaries
  dictCodeEmpty: { 'zh-TW': '字典Code不能為空!', 'zh-CN': '字典Code不能为空!', 'en-US': 'The dictionary code must not be empty!' },
  dictCodeInvalid: {
    'zh-TW': '字典Code格式不正確：只能包含字母、數字與底線',
    'zh-CN': '字典Code格式不正确：只能包含字母、数字与下划线',
    'en-US': 'Invalid dictionary code: letters, digits and underscores only',
  },
  dictNotFound: { 'zh-TW': '字典 {code} 不存在', 'zh-CN': '字典 {code} 不存在', 'en-US': 'Dictionary {code} does not exist' },
  cacheRefreshed: { 'zh-TW': '刷新快取完成！', 'zh-CN': '刷新缓存完成！', 'en-US': 'Cache refreshed!' },

  // checks
  duplicateNotAllowed: {
    'zh-TW': '不支援檢查 {table}.{field}',
    'zh-CN': '不支持检查 {table}.{field}',
    'en-US': 'Checking {table}.{field} is not supported',
  },
  valueAvailable: { 'zh-TW': '該值可用！', 'zh-CN': '该值可用！', 'en-US': 'This value is available!' },
  valueTaken: { 'zh-TW': '該值不可用，系統中已存在！', 'zh-CN': '该值不可用，系统中已存在！', 'en-US': 'This value is taken: it already exists!' },
  ruleNotFound: { 'zh-TW': '校驗規則 {code} 不存在', 'zh-CN': '校验规则 {code} 不存在', 'en-US': 'Check rule {code} does not exist' },
  rulePassed: { 'zh-TW': '校驗通過', 'zh-CN': '校验通过', 'en-US': 'The value is valid' },
  ruleBroken: { 'zh-TW': '校驗規則 {code} 設定有誤，請聯繫管理員', 'zh-CN': '校验规则 {code} 配置有误，请联系管理员', 'en-US': 'Check rule {code} is misconfigured, please contact an administrator' },

  // public account pages: SMS codes, sign-in by phone, registration, forgotten password
  phoneInvalid: {
    'zh-TW': '手機號碼格式不正確（中國大陸 11 位、台灣 09 開頭 10 位、港澳 8 位，或 +國碼號碼）',
    'zh-CN': '手机号码格式不正确（中国大陆 11 位、台湾 09 开头 10 位、港澳 8 位，或 +国家码号码）',
    'en-US': 'Invalid phone number (mainland China 11 digits, Taiwan 10 digits starting 09, Hong Kong / Macau 8 digits, or +country code and number)',
  },
  smsCodeText: {
    'zh-TW': '【商家後台】您的驗證碼是 {code}，{minutes} 分鐘內有效，請勿告訴他人。',
    'zh-CN': '【商家后台】您的验证码是 {code}，{minutes} 分钟内有效，请勿告诉他人。',
    'en-US': '[Merchant portal] Your verification code is {code}. It is valid for {minutes} minutes. Do not share it.',
  },
  smsSent: { 'zh-TW': '驗證碼已發送，{minutes} 分鐘內有效', 'zh-CN': '验证码已发送，{minutes} 分钟内有效', 'en-US': 'The code was sent; it is valid for {minutes} minutes' },
  smsSentIfKnown: {
    'zh-TW': '若此號碼已註冊，驗證碼已發送，{minutes} 分鐘內有效',
    'zh-CN': '若此号码已注册，验证码已发送，{minutes} 分钟内有效',
    'en-US': 'If this number has an account, a code was sent to it; it is valid for {minutes} minutes',
  },
  smsTooSoon: { 'zh-TW': '驗證碼發送過於頻繁，請 {seconds} 秒後再試', 'zh-CN': '验证码发送过于频繁，请 {seconds} 秒后再试', 'en-US': 'A code was just sent: try again in {seconds} s' },
  smsDailyLimit: {
    'zh-TW': '此號碼 24 小時內的驗證碼次數已達上限（{max} 次），請稍後再試',
    'zh-CN': '此号码 24 小时内的验证码次数已达上限（{max} 次），请稍后再试',
    'en-US': 'This number has had the most codes allowed in 24 hours ({max}); try again later',
  },
  smsAddressLimit: {
    'zh-TW': '此網路位址請求驗證碼過多，請 {minutes} 分鐘後再試',
    'zh-CN': '此网络地址请求验证码过多，请 {minutes} 分钟后再试',
    'en-US': 'Too many codes asked from this address: try again in {minutes} min',
  },
  smsSendFailed: { 'zh-TW': '簡訊發送失敗，請稍後再試', 'zh-CN': '短信发送失败，请稍后再试', 'en-US': 'The text message could not be sent, please try again later' },
  smsCodeInvalid: {
    'zh-TW': '驗證碼錯誤或已失效，請重新獲取',
    'zh-CN': '验证码错误或已失效，请重新获取',
    'en-US': 'The verification code is wrong or no longer valid; ask for a new one',
  },
  phoneTaken: { 'zh-TW': '該手機號碼已註冊', 'zh-CN': '该手机号码已注册', 'en-US': 'This phone number is already registered' },
  usernameTaken: { 'zh-TW': '該帳號已被使用', 'zh-CN': '该用户名已被使用', 'en-US': 'This username is already taken' },
  usernameInvalid: {
    'zh-TW': '帳號需 4 至 32 個字元，只能包含字母、數字與底線',
    'zh-CN': '用户名需 4 至 32 个字符，只能包含字母、数字与下划线',
    'en-US': 'The username needs 4 to 32 characters: letters, digits and underscores only',
  },
  registerSuccess: { 'zh-TW': '註冊成功', 'zh-CN': '注册成功', 'en-US': 'Registered' },
  passwordReset: {
    'zh-TW': '密碼已重設，所有裝置上的登入已登出，請使用新密碼登入',
    'zh-CN': '密码已重置，所有设备上的登录已退出，请使用新密码登录',
    'en-US': 'Password reset; every session was signed out, sign in with the new password',
  },

  // company
  languageSaved: { 'zh-TW': '語言設定已儲存', 'zh-CN': '语言设置已保存', 'en-US': 'Language saved' },

  // logistics: one file per area, so each can grow on its own
  ...orderMessages,
  ...warehouseMessages,
  ...pickupMessages,
  // finance
  ...financeMessages,
  ...rechargeMessages,
  ...paymentMessages,
  ...rateMessages,
  // system administration: one file per resource
  ...delegationMessages,
  ...usersMessages,
  ...userDataMessages,
  ...rolesMessages,
  ...menusMessages,
  ...dataRulesMessages,
  ...departsMessages,
  ...orgMessages,
  // system administration II
  ...tenantsMessages,
  // single sign-on
  ...ssoMessages,
  ...announcementMessages,
  ...dictsMessages,
  ...visitsMessages,
  // token management
  ...sessionsMessages,
  // product search and the product page (catalogue)
  ...productMessages,
  // pre-purchase orders
  ...preOrderMessages,
  // the purchasers' queue and purchase orders (buying)
  ...purchasingMessages,
  // purchased goods in the warehouse
  ...purchaseStockMessages,
  // the platforms' token configuration (platforms)
  ...purchaseTokenMessages,
  // the open API's authentication (base)
  ...openApiMessages,
  ...keysMessages,
  // message push configuration (endpoints)
  ...pushEndpointMessages,
  // the open API's routes
  ...openApiGatewayMessages,
  // API and message push statistics
  ...statsMessages,
  // online development (base, reports, forms)
  ...onlineMessages,
  ...onlineReportMessages,
  ...onlineFormMessages,
} as const satisfies Record<string, Texts>;

export type MessageKey = keyof typeof messages;
/** A parameter is one text, or one per language (a status name in the caller's language). */
export type MessageParams = Record<string, string | number | Texts>;

export function formatMessage(lang: Language, key: MessageKey, params?: MessageParams): string {
  const template: string = messages[key][lang];
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    if (!(name in params)) return whole;
    const value = params[name];
    return typeof value === 'object' ? value[lang] : String(value);
  });
}

export function isMessageKey(value: string): value is MessageKey {
  return Object.hasOwn(messages, value);
}

/**
 * Zod messages that are message keys: `z.string().regex(pattern, { error: msg('validationWeight') })`.
 * The server's error handler recognises the prefix and translates, with `{field}` the field's label.
 */
export const MSG_PREFIX = 'msg:';
export const msg = (key: MessageKey) => `${MSG_PREFIX}${key}`;
