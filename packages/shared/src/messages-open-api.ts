import type { Texts } from './languages.ts';

/** The open API's own refusals: the key, where it is used from, what it may do. */
export const openApiMessages = {
  apiKeyInvalid: {
    'zh-TW': 'API 金鑰無效、已過期或已撤銷',
    'zh-CN': 'API 密钥无效、已过期或已撤销',
    'en-US': 'The API key is invalid, expired or revoked',
  },
  apiKeyIpRefused: {
    'zh-TW': '此 API 金鑰不允許從位址 {ip} 呼叫',
    'zh-CN': '此 API 密钥不允许从地址 {ip} 调用',
    'en-US': 'This API key may not be used from {ip}',
  },
  apiScopeMissing: {
    'zh-TW': '此 API 金鑰沒有 {scope} 權限範圍',
    'zh-CN': '此 API 密钥没有 {scope} 权限范围',
    'en-US': 'This API key lacks the scope {scope}',
  },
  apiKeyHolderInactive: {
    'zh-TW': '此 API 金鑰已停用：它所代表的使用者 {holder} 已凍結、刪除或不再屬於本公司',
    'zh-CN': '此 API 密钥已停用：它所代表的用户 {holder} 已冻结、删除或不再属于本公司',
    'en-US': 'This API key has stopped: {holder}, whose rights it carries, is frozen, deleted or no longer in the company',
  },
  apiScopeNotHeld: {
    'zh-TW': '此 API 金鑰的 {scope} 權限範圍已停用：它所代表的使用者 {holder} 已不再擁有對應的權限',
    'zh-CN': '此 API 密钥的 {scope} 权限范围已停用：它所代表的用户 {holder} 已不再拥有对应的权限',
    'en-US': 'The scope {scope} of this API key has stopped: {holder}, whose rights it carries, no longer holds them',
  },
} as const satisfies Record<string, Texts>;
