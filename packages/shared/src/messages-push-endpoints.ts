import type { Texts } from './languages.ts';

/** Message push configuration: endpoints, their secrets, the delivery log's replays. */
export const pushEndpointMessages = {
  pushEndpointUrlFormat: {
    'zh-TW': '推送網址須為 http:// 或 https:// 開頭的完整網址',
    'zh-CN': '推送网址须为 http:// 或 https:// 开头的完整网址',
    'en-US': 'The endpoint URL must be a full address starting with http:// or https://',
  },
  pushEndpointUrlCredentials: {
    'zh-TW': '推送網址不可包含帳號或密碼（user:password@）',
    'zh-CN': '推送网址不可包含账号或密码（user:password@）',
    'en-US': 'The endpoint URL may not contain a username or password (user:password@)',
  },
  pushEndpointHttpsRequired: {
    'zh-TW': '推送網址須使用 https://',
    'zh-CN': '推送网址须使用 https://',
    'en-US': 'The endpoint URL must use https://',
  },
  pushEndpointPrivateAddress: {
    'zh-TW': '推送網址不可指向內部、本機或雲端中繼資料位址（{host}）',
    'zh-CN': '推送网址不可指向内部、本机或云端元数据地址（{host}）',
    'en-US': 'The endpoint URL may not point to a private, loopback or metadata address ({host})',
  },
  pushEndpointOwnAddress: {
    'zh-TW': '推送網址不可指向本入口網站自身（{host}）',
    'zh-CN': '推送网址不可指向本门户自身（{host}）',
    'en-US': 'The endpoint URL may not point to this portal itself ({host})',
  },
  pushEndpointEmbeddedIpv4: {
    'zh-TW': '推送網址不可使用內含 IPv4 位址的 IPv6 寫法（{host}）',
    'zh-CN': '推送网址不可使用内含 IPv4 地址的 IPv6 写法（{host}）',
    'en-US': 'The endpoint URL may not use an IPv6 form that carries an IPv4 address ({host})',
  },
  pushEndpointEventTypesRequired: {
    'zh-TW': '請至少選擇一種事件類型',
    'zh-CN': '请至少选择一种事件类型',
    'en-US': 'Choose at least one event type',
  },
  pushEndpointEventTypesRepeated: {
    'zh-TW': '事件類型不可重複',
    'zh-CN': '事件类型不可重复',
    'en-US': 'An event type is listed twice',
  },
  pushTypeBeyondOwn: {
    'zh-TW': '您沒有讀取 {type} 事件內容的權限，不能訂閱它',
    'zh-CN': '您没有读取 {type} 事件内容的权限，不能订阅它',
    'en-US': 'You do not hold the rights to read what {type} events carry, so you cannot subscribe to them',
  },
  pushEndpointUrlTaken: {
    'zh-TW': '已有推送到 {url} 的端點：請在該端點選擇要接收的事件類型',
    'zh-CN': '已有推送到 {url} 的端点：请在该端点选择要接收的事件类型',
    'en-US': 'An endpoint already pushes to {url}: choose the event types it receives there',
  },
  pushEndpointLimit: {
    'zh-TW': '每個商家最多可設定 {max} 個推送端點',
    'zh-CN': '每个商家最多可设置 {max} 个推送端点',
    'en-US': 'A merchant may have at most {max} endpoints',
  },
  pushSecretKeyMissing: {
    'zh-TW': '伺服器未設定 PUSH_SECRET_KEY，無法儲存推送端點的簽章金鑰，請聯絡平台管理員',
    'zh-CN': '服务器未设置 PUSH_SECRET_KEY，无法保存推送端点的签名密钥，请联系平台管理员',
    'en-US': 'The server has no PUSH_SECRET_KEY and cannot store signing secrets: ask the platform administrator',
  },
  pushEndpointAdded: {
    'zh-TW': '推送端點已新增，請立即複製簽章金鑰',
    'zh-CN': '推送端点已添加，请立即复制签名密钥',
    'en-US': 'Endpoint added: copy its signing secret now',
  },
  pushEndpointSecretRotated: {
    'zh-TW': '簽章金鑰已更換，舊金鑰在 {hours} 小時內仍會一併簽章',
    'zh-CN': '签名密钥已更换，旧密钥在 {hours} 小时内仍会一并签名',
    'en-US': 'Secret rotated: the previous one also signs for {hours} hours',
  },
  pushTestQueued: {
    'zh-TW': '測試事件已送出排程，請在推送紀錄查看結果',
    'zh-CN': '测试事件已加入排程，请在推送记录查看结果',
    'en-US': 'Test event queued: see the delivery log for the outcome',
  },
  pushDeliveryInProgress: {
    'zh-TW': '此推送正在傳送中，請稍後再重送',
    'zh-CN': '此推送正在发送中，请稍后再重发',
    'en-US': 'This delivery is being attempted right now: replay it later',
  },
  pushDeliveryReplayed: {
    'zh-TW': '已重新排入推送',
    'zh-CN': '已重新排入推送',
    'en-US': 'Delivery queued again',
  },
  pushDeliveriesReplayed: {
    'zh-TW': '已重新排入 {count} 筆失敗的推送',
    'zh-CN': '已重新排入 {count} 条失败的推送',
    'en-US': 'Failed deliveries queued again: {count}',
  },
  pushReplayRange: {
    'zh-TW': '重送的時間範圍須開始早於結束，且不超過 {days} 天',
    'zh-CN': '重发的时间范围须开始早于结束，且不超过 {days} 天',
    'en-US': 'The time range must start before it ends and span at most {days} days',
  },
  pushReplayTooMany: {
    'zh-TW': '此範圍內有超過 {max} 筆失敗的推送，請縮小時間範圍',
    'zh-CN': '此范围内有超过 {max} 条失败的推送，请缩小时间范围',
    'en-US': 'More than {max} failed deliveries in this range: choose a shorter one',
  },
} as const satisfies Record<string, Texts>;
