import type { Texts } from './languages.ts';

/** The open API's own messages: the rest reuse the portal's catalogue. */
export const openApiGatewayMessages = {
  openApiIdempotencyKeyRequired: {
    'zh-TW': '請求標頭 Idempotency-Key 為必填（1 至 100 個可見字元）：重試同一個請求時請帶相同的值',
    'zh-CN': '请求头 Idempotency-Key 为必填（1 至 100 个可见字符）：重试同一个请求时请带相同的值',
    'en-US': 'The Idempotency-Key header is required (1 to 100 visible characters): send the same value when retrying the same request',
  },
} as const satisfies Record<string, Texts>;
