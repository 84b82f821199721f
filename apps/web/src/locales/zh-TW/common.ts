/** Texts of the placeholder page; zh-TW is the source language and the fallback. */
export const common = {
  productTitle: '跨境集運商家後台',
  /** the heading of the public's pages (tracking): the service, not the merchants' back office */
  publicTitle: '跨境集運',
  slogan: '省心、省錢、省力',
  language: '語言',
  /** tenant 0, whatever its record is named */
  platformTenant: '平台',
  apiDocs: 'API 文件',
  status: {
    checking: '正在檢查伺服器狀態…',
    ready: '伺服器就緒（資料庫：{{database}}）',
    down: '伺服器暫時無法使用',
  },
};

export type CommonTexts = typeof common;
