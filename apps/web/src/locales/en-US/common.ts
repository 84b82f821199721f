import type { CommonTexts } from '../zh-TW/common.ts';

export const common: CommonTexts = {
  productTitle: 'Cross-border Shipping Merchant Portal',
  /** the heading of the public's pages (tracking): the service, not the merchants' back office */
  publicTitle: 'Cross-border Shipping',
  slogan: 'Save worry, save money, save effort',
  language: 'Language',
  /** tenant 0, whatever its record is named */
  platformTenant: 'Platform',
  apiDocs: 'API docs',
  status: {
    checking: 'Checking the server…',
    ready: 'Server ready (database: {{database}})',
    down: 'Server unavailable',
  },
};
