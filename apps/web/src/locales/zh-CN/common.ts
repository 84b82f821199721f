import type { CommonTexts } from '../zh-TW/common.ts';

export const common: CommonTexts = {
  productTitle: '跨境集运商家后台',
  /** the heading of the public's pages (tracking): the service, not the merchants' back office */
  publicTitle: '跨境集运',
  slogan: '省心、省钱、省力',
  language: '语言',
  /** tenant 0, whatever its record is named */
  platformTenant: '平台',
  apiDocs: 'API 文档',
  status: {
    checking: '正在检查服务器状态…',
    ready: '服务器就绪（数据库：{{database}}）',
    down: '服务器暂时不可用',
  },
};
