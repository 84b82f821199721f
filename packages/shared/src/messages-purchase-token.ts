import type { Texts } from './languages.ts';

/** The platforms' token configuration. */
export const purchaseTokenMessages = {
  purchaseTokenAppKey: { 'zh-TW': 'App Key 必填，只能包含英文字母、數字、- 與 _（最多 64 字）', 'zh-CN': 'App Key 必填，只能包含英文字母、数字、- 与 _（最多 64 字）', 'en-US': 'The app key is required: letters, digits, - and _ (at most 64)' },
  purchaseTokenRedirectUri: { 'zh-TW': '回呼網址必須是 http(s) 網址（最多 500 字）', 'zh-CN': '回调地址必须是 http(s) 地址（最多 500 字）', 'en-US': 'The redirect URI must be an http(s) address (at most 500 characters)' },
  purchaseTokenSecretRequired: { 'zh-TW': '第一次儲存時必須填寫 App Secret', 'zh-CN': '第一次保存时必须填写 App Secret', 'en-US': 'The app secret is required the first time' },
  purchaseTokenSecretKeyMissing: {
    'zh-TW': '伺服器未設定 PURCHASE_SECRET_KEY（32 位元組，base64 或 hex），無法加密儲存金鑰；請管理員設定後重新啟動',
    'zh-CN': '服务器未设置 PURCHASE_SECRET_KEY（32 字节，base64 或 hex），无法加密保存密钥；请管理员设置后重新启动',
    'en-US': 'The server has no PURCHASE_SECRET_KEY (32 bytes, base64 or hex), so it cannot store secrets encrypted; an administrator must set it and restart',
  },
  purchaseTokenSecretUnreadable: {
    'zh-TW': '已儲存的金鑰無法以目前的 PURCHASE_SECRET_KEY 解密，請重新填寫 App Secret 並重新授權',
    'zh-CN': '已保存的密钥无法以当前的 PURCHASE_SECRET_KEY 解密，请重新填写 App Secret 并重新授权',
    'en-US': 'The stored secret cannot be decrypted with the current PURCHASE_SECRET_KEY; enter the app secret again and authorise again',
  },
  purchaseTokenNotConfigured: { 'zh-TW': '尚未設定此平台的 App Key 與 App Secret', 'zh-CN': '尚未设置此平台的 App Key 与 App Secret', 'en-US': 'The app key and secret of this platform are not set yet' },
  purchaseTokenStateInvalid: { 'zh-TW': '授權已失效或已使用，請重新點擊「授權」', 'zh-CN': '授权已失效或已使用，请重新点击「授权」', 'en-US': 'This authorisation has expired or was already used; click "Authorize" again' },
  purchaseTokenNoRefreshToken: { 'zh-TW': '尚無可用的 Refresh Token，請先授權', 'zh-CN': '尚无可用的 Refresh Token，请先授权', 'en-US': 'There is no usable refresh token; authorise first' },
  purchaseTokenPlatformRefused: { 'zh-TW': '平台拒絕了請求：{reason}', 'zh-CN': '平台拒绝了请求：{reason}', 'en-US': 'The platform refused the request: {reason}' },
  purchaseTokenPlatformDown: { 'zh-TW': '平台暫時無法連線（{reason}），請稍後再試', 'zh-CN': '平台暂时无法连接（{reason}），请稍后再试', 'en-US': 'The platform cannot be reached right now ({reason}); try again later' },
  purchaseTokenSaved: { 'zh-TW': '已儲存（金鑰已加密）', 'zh-CN': '已保存（密钥已加密）', 'en-US': 'Saved (the secret is stored encrypted)' },
  purchaseTokenAuthorized: { 'zh-TW': '授權成功', 'zh-CN': '授权成功', 'en-US': 'Authorised' },
  purchaseTokenRefreshed: { 'zh-TW': 'Token 已刷新', 'zh-CN': 'Token 已刷新', 'en-US': 'The token was refreshed' },
  purchaseTokenDeleted: { 'zh-TW': '已刪除此平台的設定與 Token', 'zh-CN': '已删除此平台的设置与 Token', 'en-US': 'The settings and tokens of this platform were deleted' },
} as const satisfies Record<string, Texts>;
