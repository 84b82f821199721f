import type { Texts } from './languages.ts';

/** A merchant's API keys (token configuration). */
export const keysMessages = {
  apiKeyScopesRequired: { 'zh-TW': '請至少選擇一個權限範圍', 'zh-CN': '请至少选择一个权限范围', 'en-US': 'Choose at least one scope' },
  apiKeyExpiryFormat: {
    'zh-TW': '到期時間須為含時區的時間（例如 2027-01-31T00:00:00Z）',
    'zh-CN': '到期时间须为含时区的时间（例如 2027-01-31T00:00:00Z）',
    'en-US': 'The expiry must be a time with its offset (such as 2027-01-31T00:00:00Z)',
  },
  apiKeyExpiryPast: { 'zh-TW': '到期時間必須晚於現在', 'zh-CN': '到期时间必须晚于现在', 'en-US': 'The expiry must be in the future' },
  apiKeyExpiryTooFar: {
    'zh-TW': '到期時間最多為 {days} 天後',
    'zh-CN': '到期时间最多为 {days} 天后',
    'en-US': 'The expiry may be at most {days} days away',
  },
  apiKeyIpEntryInvalid: {
    'zh-TW': 'IP 白名單中的「{entry}」不是有效的 IP 位址或 CIDR 網段',
    'zh-CN': 'IP 白名单中的「{entry}」不是有效的 IP 地址或 CIDR 网段',
    'en-US': 'The IP allow-list entry "{entry}" is not a valid IP address or CIDR range',
  },
  apiKeyIpEntryTooLong: { 'zh-TW': 'IP 白名單每一項最多 64 個字元', 'zh-CN': 'IP 白名单每一项最多 64 个字符', 'en-US': 'Each IP allow-list entry has at most 64 characters' },
  apiKeyIpListTooLong: { 'zh-TW': 'IP 白名單最多 20 項', 'zh-CN': 'IP 白名单最多 20 项', 'en-US': 'The IP allow-list holds at most 20 entries' },
  apiKeyNameTaken: {
    'zh-TW': '已有名為「{name}」的 API 金鑰',
    'zh-CN': '已有名为「{name}」的 API 密钥',
    'en-US': 'An API key named "{name}" already exists',
  },
  apiKeyNotActiveEdit: {
    'zh-TW': '此 API 金鑰已過期或已撤銷，不能再修改；請建立新的金鑰',
    'zh-CN': '此 API 密钥已过期或已撤销，不能再修改；请创建新的密钥',
    'en-US': 'This API key has expired or was revoked and can no longer be edited; create a new key',
  },
  apiKeyNotActiveRoll: {
    'zh-TW': '此 API 金鑰已過期或已撤銷，不能輪換金鑰；請建立新的金鑰',
    'zh-CN': '此 API 密钥已过期或已撤销，不能轮换密钥；请创建新的密钥',
    'en-US': 'This API key has expired or was revoked, so its secret cannot be rolled; create a new key',
  },
  apiKeyScopeBeyondOwn: {
    'zh-TW': '您沒有 {scope} 權限範圍對應的權限，不能把它交給 API 金鑰',
    'zh-CN': '您没有 {scope} 权限范围对应的权限，不能把它交给 API 密钥',
    'en-US': 'You do not hold the rights of the scope {scope}, so you cannot give it to a key',
  },
  apiKeyAlreadyRevoked: { 'zh-TW': '此 API 金鑰已撤銷', 'zh-CN': '此 API 密钥已撤销', 'en-US': 'This API key is already revoked' },
  apiKeyCreated: {
    'zh-TW': 'API 金鑰已建立，請立即複製，關閉後不會再顯示',
    'zh-CN': 'API 密钥已创建，请立即复制，关闭后不会再显示',
    'en-US': 'API key created: copy it now, it will not be shown again',
  },
  apiKeyRolled: {
    'zh-TW': '已產生新金鑰，請立即複製，關閉後不會再顯示',
    'zh-CN': '已生成新密钥，请立即复制，关闭后不会再显示',
    'en-US': 'New secret issued: copy it now, it will not be shown again',
  },
  apiKeyRevoked: { 'zh-TW': 'API 金鑰已撤銷', 'zh-CN': 'API 密钥已撤销', 'en-US': 'The API key was revoked' },
} as const satisfies Record<string, Texts>;
