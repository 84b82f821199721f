import type { Texts } from './languages.ts';

/** Product search and the product page. `{platform}` is the platform's name. */
export const productMessages = {
  productNotFound: {
    'zh-TW': '找不到此商品：{platform} 商品 {itemId} 不存在或已下架',
    'zh-CN': '找不到此商品：{platform} 商品 {itemId} 不存在或已下架',
    'en-US': 'Product not found: {platform} item {itemId} does not exist or is off the shelf',
  },
  productShareCodeDemo: {
    'zh-TW': '這是淘口令或短連結，需由{platform}平台解析才能得知商品；目前使用的是示範商品庫，無法解析。請在 App 中打開後複製商品連結（含 id=），或改用關鍵字搜尋',
    'zh-CN': '这是淘口令或短链接，需由{platform}平台解析才能得知商品；当前使用的是演示商品库，无法解析。请在 App 中打开后复制商品链接（含 id=），或改用关键字搜索',
    'en-US': 'This is a share code or short link: only {platform} can resolve it to a product, and the demo catalogue in use cannot. Open it in the app and copy the product link (with id=), or search by keyword',
  },
  productShareCodeUnresolved: {
    'zh-TW': '這是淘口令或短連結，需由{platform}平台解析才能得知商品，目前的平台連線不支援解析。請在 App 中打開後複製商品連結（含 id=）',
    'zh-CN': '这是淘口令或短链接，需由{platform}平台解析才能得知商品，当前的平台连接不支持解析。请在 App 中打开后复制商品链接（含 id=）',
    'en-US': 'This is a share code or short link: only {platform} can resolve it to a product, and the current platform connection does not support that. Open it in the app and copy the product link (with id=)',
  },
  productShareCodeExpired: {
    'zh-TW': '{platform}無法解析此淘口令或短連結（可能已失效），請重新分享後再貼上',
    'zh-CN': '{platform}无法解析此淘口令或短链接（可能已失效），请重新分享后再粘贴',
    'en-US': '{platform} could not resolve this share code or short link (it may have expired); share the product again and paste the new one',
  },
  productPlatformThrottled: {
    'zh-TW': '{platform}平台目前請求過多，請稍候一分鐘再試',
    'zh-CN': '{platform}平台当前请求过多，请稍候一分钟再试',
    'en-US': '{platform} is receiving too many requests right now; try again in a minute',
  },
  productPlatformUnauthorized: {
    'zh-TW': '{platform}平台拒絕了本系統的授權，請聯絡平台管理員檢查權杖設定',
    'zh-CN': '{platform}平台拒绝了本系统的授权，请联系平台管理员检查令牌配置',
    'en-US': "{platform} refused this system's authorisation; ask the platform administrator to check the token configuration",
  },
  productPlatformUnavailable: {
    'zh-TW': '暫時無法連線到{platform}平台，請稍後再試',
    'zh-CN': '暂时无法连接到{platform}平台，请稍后再试',
    'en-US': '{platform} cannot be reached at the moment; try again later',
  },
  productPlatformTimeout: {
    'zh-TW': '{platform}平台沒有及時回應，請稍後再試',
    'zh-CN': '{platform}平台没有及时回应，请稍后再试',
    'en-US': '{platform} did not answer in time; try again later',
  },
  productPlatformRefused: {
    'zh-TW': '{platform}平台拒絕了此查詢：{reason}',
    'zh-CN': '{platform}平台拒绝了此查询：{reason}',
    'en-US': '{platform} refused the query: {reason}',
  },
} as const satisfies Record<string, Texts>;

/** The platforms' names in messages. */
export const PLATFORM_NAMES = {
  TAOBAO: { 'zh-TW': '淘寶', 'zh-CN': '淘宝', 'en-US': 'Taobao' },
  '1688': { 'zh-TW': '1688', 'zh-CN': '1688', 'en-US': '1688' },
} as const satisfies Record<string, Texts>;
