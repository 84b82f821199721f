import type { Texts } from './languages.ts';

/** Single sign-on and the administration of third-party identities. */
export const ssoMessages = {
  thirdRedirectInvalid: {
    'zh-TW': '返回位址須為本站的相對路徑',
    'zh-CN': '返回地址须为本站的相对路径',
    'en-US': 'The return address must be a relative path of this site',
  },
  thirdProviderUnknown: { 'zh-TW': '未設定此第三方登入方式', 'zh-CN': '未配置此第三方登录方式', 'en-US': 'This third-party sign-in is not configured' },
  thirdTicketInvalid: {
    'zh-TW': '第三方登入憑證無效或已過期，請重新登入',
    'zh-CN': '第三方登录凭证无效或已过期，请重新登录',
    'en-US': 'The third-party sign-in ticket is invalid or expired, please sign in again',
  },
  thirdAccountNotPending: {
    'zh-TW': '此第三方帳號不是待審核狀態',
    'zh-CN': '此第三方账号不是待审核状态',
    'en-US': 'This third-party identity is not waiting for approval',
  },
  thirdAccountAlreadyBound: { 'zh-TW': '此第三方帳號已綁定使用者', 'zh-CN': '此第三方账号已绑定用户', 'en-US': 'This third-party identity is already bound to a user' },
  thirdAccountNotBound: { 'zh-TW': '此第三方帳號尚未綁定使用者', 'zh-CN': '此第三方账号尚未绑定用户', 'en-US': 'This third-party identity is not bound to a user' },
  thirdAccountApproved: { 'zh-TW': '已綁定並核准登入', 'zh-CN': '已绑定并核准登录', 'en-US': 'Bound: the identity may sign in' },
  thirdAccountRejected: { 'zh-TW': '已駁回', 'zh-CN': '已驳回', 'en-US': 'Rejected' },
  thirdAccountUnbound: { 'zh-TW': '已解除綁定', 'zh-CN': '已解除绑定', 'en-US': 'Unbound' },
} as const satisfies Record<string, Texts>;
