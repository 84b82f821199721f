import type { Texts } from './languages.ts';

/** API and message push statistics. The range refusals are the visit statistics' own. */
export const statsMessages = {
  statsKeyNotFound: { 'zh-TW': '找不到該 API 金鑰', 'zh-CN': '找不到该 API 密钥', 'en-US': 'API key not found' },
  statsEndpointNotFound: { 'zh-TW': '找不到該推送端點', 'zh-CN': '找不到该推送端点', 'en-US': 'Push endpoint not found' },
} as const satisfies Record<string, Texts>;

/** Column titles and sheet names of the two statistics exports. */
export const statsExportTexts = {
  apiSheet: { 'zh-TW': 'API統計', 'zh-CN': 'API统计', 'en-US': 'API statistics' },
  pushSheet: { 'zh-TW': '訊息推送統計', 'zh-CN': '消息推送统计', 'en-US': 'Message push statistics' },
  date: { 'zh-TW': '日期', 'zh-CN': '日期', 'en-US': 'Date' },
  keyName: { 'zh-TW': 'API 金鑰', 'zh-CN': 'API 密钥', 'en-US': 'API key' },
  apiType: { 'zh-TW': '介面', 'zh-CN': '接口', 'en-US': 'Operation' },
  calls: { 'zh-TW': '呼叫次數', 'zh-CN': '调用次数', 'en-US': 'Calls' },
  clientErrors: { 'zh-TW': '用戶端錯誤 (4xx)', 'zh-CN': '客户端错误 (4xx)', 'en-US': 'Client errors (4xx)' },
  serverErrors: { 'zh-TW': '伺服器錯誤 (5xx)', 'zh-CN': '服务器错误 (5xx)', 'en-US': 'Server errors (5xx)' },
  throttled: { 'zh-TW': '限流 (429)', 'zh-CN': '限流 (429)', 'en-US': 'Throttled (429)' },
  errorRate: { 'zh-TW': '錯誤率', 'zh-CN': '错误率', 'en-US': 'Error rate' },
  avgMs: { 'zh-TW': '平均耗時 (ms)', 'zh-CN': '平均耗时 (ms)', 'en-US': 'Mean (ms)' },
  p50Ms: { 'zh-TW': 'P50 耗時 (ms)', 'zh-CN': 'P50 耗时 (ms)', 'en-US': 'P50 (ms)' },
  p95Ms: { 'zh-TW': 'P95 耗時 (ms)', 'zh-CN': 'P95 耗时 (ms)', 'en-US': 'P95 (ms)' },
  endpoint: { 'zh-TW': '推送端點', 'zh-CN': '推送端点', 'en-US': 'Endpoint' },
  deliveries: { 'zh-TW': '推送數', 'zh-CN': '推送数', 'en-US': 'Deliveries' },
  succeeded: { 'zh-TW': '成功', 'zh-CN': '成功', 'en-US': 'Succeeded' },
  failed: { 'zh-TW': '失敗', 'zh-CN': '失败', 'en-US': 'Failed' },
  pending: { 'zh-TW': '待推送', 'zh-CN': '待推送', 'en-US': 'Pending' },
  successRate: { 'zh-TW': '成功率', 'zh-CN': '成功率', 'en-US': 'Success rate' },
  attempts: { 'zh-TW': '嘗試次數', 'zh-CN': '尝试次数', 'en-US': 'Attempts' },
  failedAttempts: { 'zh-TW': '失敗嘗試', 'zh-CN': '失败尝试', 'en-US': 'Failed attempts' },
  avgLatencyMs: { 'zh-TW': '平均耗時 (ms)', 'zh-CN': '平均耗时 (ms)', 'en-US': 'Mean latency (ms)' },
  p95LatencyMs: { 'zh-TW': 'P95 耗時 (ms)', 'zh-CN': 'P95 耗时 (ms)', 'en-US': 'P95 latency (ms)' },
} as const satisfies Record<string, Texts>;
