import type { Texts } from './languages.ts';

/** Token management. */
export const sessionsMessages = {
  sessionRevoked: { 'zh-TW': '已強制下線', 'zh-CN': '已强制下线', 'en-US': 'The session was ended' },
  userSessionsRevoked: { 'zh-TW': '已強制下線該使用者的 {count} 個工作階段', 'zh-CN': '已强制下线该用户的 {count} 个会话', 'en-US': 'Sessions of the user ended: {count}' },
} as const satisfies Record<string, Texts>;
