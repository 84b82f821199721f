/**
 * The pages the web app actually has: the names a menu entry's `component` may take. The web's page
 * registry is typed against this list (apps/web/src/app/page-registry.ts), so adding a page means adding
 * its name here, and the menu management form offers exactly these; the server refuses any other name.
 */
export const PAGE_COMPONENTS = [
  'dashboard/analysis',
  'system/announcement-list',
  'system/announcement-manage',
  'logistics/international-order-list',
  'logistics/international-order-detail',
  'logistics/logistics-order-list',
  'logistics/package-list',
  'logistics/pickup-batch-list',
  'logistics/collection-exception-list',
  'warehouse/parcel-receive',
  'warehouse/ship-out',
  'warehouse/tracking-event-list',
  'warehouse/pickup-confirm-list',
  'warehouse/exception-list',
  'warehouse/rate-card-list',
  // purchased goods into the warehouse, the merchant's stock
  'warehouse/purchase-receive',
  'purchase/stock-list',
  'finance/wallet-overview',
  'finance/wallet-recharge-list',
  'finance/wallet-payment-list',
  'finance/wallet-refund-list',
  'finance/exchange-rate-apply-list',
  'finance/finance-detail-list',
  'finance/alipay-statement-list',
  'finance/recharge-review-list',
  'finance/refund-review-list',
  'finance/exchange-rate-list',
  'finance/rate-apply-review-list',
  'finance/account-list',
  // system administration
  'system/user-list',
  'system/role-list',
  'system/position-list',
  'system/tenant-list',
  'system/tenant-menu-list',
  'system/my-depart',
  'system/address-book',
  'system/dict-list',
  'system/category-list',
  'system/permission-list',
  'system/depart-list',
  // single sign-on
  'system/third-account-list',
  // visit statistics (both sides)
  'statistics/visit-statistics',
  // token management and the logs
  'system/token-list',
  'system/login-log-list',
  'system/audit-log-list',
  // product search and the product page
  'product/product-search',
  'product/product-detail',
  'purchase/taobao-pre-order-list',
  'purchase/1688-pre-order-list',
  // the purchasers' queue and purchase orders, the merchant's purchase orders
  'purchase/purchase-queue',
  'purchase/purchasing-order-list',
  'purchase/taobao-order-list',
  'purchase/1688-order-list',
  // the platforms' token configuration (platforms)
  'config/taobao-global-token-config',
  // a merchant's API keys
  'config/token-config',
  // message push configuration
  'config/message-push-config',
  // API and message push statistics
  'statistics/api-statistics',
  'statistics/message-push-statistics',
  // online development (the designer), and any published online report or form (the code is the path's last segment)
  'system/online-dev',
  'online/report',
  'online/form',
] as const;

export type PageComponent = (typeof PAGE_COMPONENTS)[number];

/** The component of a group with no page of its own (the spec's route view). */
export const CONTAINER_COMPONENT = 'layouts/RouteView';

export const isPageComponent = (name: string): name is PageComponent => (PAGE_COMPONENTS as readonly string[]).includes(name);
