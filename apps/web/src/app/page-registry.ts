import type { PageComponent } from '@portal/shared/page-components';
import type { PageLoader } from '../components/lazy-page.tsx';
// home is the first page after sign-in and its tab is never closed (spec §2): it comes with the shell, not as a chunk of its own
import { AnalysisPage } from '../features/dashboard/pages/analysis-page.tsx';

/**
 * Server menu entries name their page by `component`; this typed table is the only way such a name
 * becomes code (never eval, never a path built from server text). A name missing here shows the
 * "not available yet" page. Business issues add their pages here, and their names to the shared list
 * (packages/shared/src/page-components.ts), which the menu management form offers and the server checks.
 */
export const pageRegistry = {
  // the purchasers' queue and purchase orders, the merchant's purchase orders
  'purchase/purchase-queue': () => import('../features/purchasing/pages/purchase-queue-page.tsx').then((m) => m.PurchaseQueuePage),
  'purchase/purchasing-order-list': () => import('../features/purchasing/pages/purchasing-order-list-page.tsx').then((m) => m.PurchasingOrderListPage),
  'purchase/taobao-order-list': () => import('../features/purchase/pages/purchase-order-list-page.tsx').then((m) => m.TaobaoPurchaseOrderListPage),
  'purchase/1688-order-list': () => import('../features/purchase/pages/purchase-order-list-page.tsx').then((m) => m.AlibabaPurchaseOrderListPage),
  'dashboard/analysis': () => Promise.resolve(AnalysisPage),
  // the announcements the user receives (the inbox, opened from the bell), and their management
  'system/announcement-list': () => import('../features/announcement/pages/announcement-list-page.tsx').then((m) => m.AnnouncementListPage),
  'system/announcement-manage': () => import('../features/announcement/pages/announcement-manage-page.tsx').then((m) => m.AnnouncementManagePage),
  // logistics
  'logistics/international-order-list': () => import('../features/logistics/pages/order-list-page.tsx').then((m) => m.OrderListPage),
  'logistics/international-order-detail': () => import('../features/logistics/pages/order-detail-page.tsx').then((m) => m.OrderDetailPage),
  'logistics/logistics-order-list': () => import('../features/logistics/pages/logistics-order-list-page.tsx').then((m) => m.LogisticsOrderListPage),
  'logistics/package-list': () => import('../features/shipping/pages/package-list-page.tsx').then((m) => m.PackageListPage),
  'logistics/pickup-batch-list': () => import('../features/shipping/pages/pickup-batch-list-page.tsx').then((m) => m.PickupBatchListPage),
  'logistics/collection-exception-list': () => import('../features/shipping/pages/exception-list-page.tsx').then((m) => m.ExceptionListPage),
  'warehouse/parcel-receive': () => import('../features/warehouse/pages/receive-page.tsx').then((m) => m.ReceivePage),
  'warehouse/ship-out': () => import('../features/warehouse/pages/ship-out-page.tsx').then((m) => m.ShipOutPage),
  'warehouse/tracking-event-list': () => import('../features/warehouse/pages/tracking-event-page.tsx').then((m) => m.TrackingEventPage),
  'warehouse/pickup-confirm-list': () => import('../features/shipping/pages/pickup-confirm-page.tsx').then((m) => m.PickupConfirmPage),
  'warehouse/exception-list': () => import('../features/warehouse-exceptions/pages/exception-list-page.tsx').then((m) => m.PlatformExceptionListPage),
  'warehouse/rate-card-list': () => import('../features/shipping/pages/rate-card-list-page.tsx').then((m) => m.RateCardListPage),
  // purchased goods into the warehouse, the merchant's stock
  'warehouse/purchase-receive': () => import('../features/warehouse/pages/purchase-receive-page.tsx').then((m) => m.PurchaseReceivePage),
  'purchase/stock-list': () => import('../features/purchase-stock/pages/stock-list-page.tsx').then((m) => m.StockListPage),
  // finance (the merchant's wallet, finance details and statements, the platform's review)
  'finance/wallet-overview': () => import('../features/wallet/pages/wallet-overview-page.tsx').then((m) => m.WalletOverviewPage),
  'finance/wallet-recharge-list': () => import('../features/wallet/pages/recharge-list-page.tsx').then((m) => m.RechargeListPage),
  'finance/wallet-payment-list': () => import('../features/wallet/pages/payment-list-page.tsx').then((m) => m.PaymentListPage),
  'finance/wallet-refund-list': () => import('../features/wallet/pages/refund-list-page.tsx').then((m) => m.RefundListPage),
  'finance/exchange-rate-apply-list': () => import('../features/finance/pages/rate-apply-list-page.tsx').then((m) => m.RateApplyListPage),
  'finance/finance-detail-list': () => import('../features/finance/pages/finance-detail-page.tsx').then((m) => m.FinanceDetailPage),
  'finance/alipay-statement-list': () => import('../features/finance/pages/statement-list-page.tsx').then((m) => m.StatementListPage),
  'finance/recharge-review-list': () => import('../features/finance/pages/recharge-review-page.tsx').then((m) => m.RechargeReviewPage),
  'finance/refund-review-list': () => import('../features/finance/pages/refund-review-page.tsx').then((m) => m.RefundReviewPage),
  'finance/exchange-rate-list': () => import('../features/finance/pages/exchange-rate-list-page.tsx').then((m) => m.ExchangeRateListPage),
  'finance/rate-apply-review-list': () => import('../features/finance/pages/rate-apply-review-page.tsx').then((m) => m.RateApplyReviewPage),
  'finance/account-list': () => import('../features/finance/pages/account-list-page.tsx').then((m) => m.AccountListPage),
  // system administration
  'system/user-list': () => import('../features/system/pages/user-list-page.tsx').then((m) => m.UserListPage),
  'system/role-list': () => import('../features/system/pages/role-list-page.tsx').then((m) => m.RoleListPage),
  'system/permission-list': () => import('../features/system/pages/menu-list-page.tsx').then((m) => m.MenuListPage),
  'system/depart-list': () => import('../features/system/pages/depart-list-page.tsx').then((m) => m.DepartListPage),
  'system/position-list': () => import('../features/system/pages/position-list-page.tsx').then((m) => m.PositionListPage),
  'system/tenant-list': () => import('../features/system/pages/tenant-list-page.tsx').then((m) => m.TenantListPage),
  'system/tenant-menu-list': () => import('../features/system/pages/tenant-package-list-page.tsx').then((m) => m.TenantPackageListPage),
  'system/third-account-list': () => import('../features/system/pages/third-account-list-page.tsx').then((m) => m.ThirdAccountListPage),
  'system/my-depart': () => import('../features/system/pages/my-depart-page.tsx').then((m) => m.MyDepartPage),
  'system/address-book': () => import('../features/system/pages/address-book-page.tsx').then((m) => m.AddressBookPage),
  'system/dict-list': () => import('../features/system/pages/dict-list-page.tsx').then((m) => m.DictListPage),
  'system/category-list': () => import('../features/system/pages/category-list-page.tsx').then((m) => m.CategoryListPage),
  // the visit statistics (the one page that loads the chart library)
  'statistics/visit-statistics': () => import('../features/statistics/pages/visit-statistics-page.tsx').then((m) => m.VisitStatisticsPage),
  // token management and the logs
  'system/token-list': () => import('../features/system/pages/token-list-page.tsx').then((m) => m.TokenListPage),
  'system/login-log-list': () => import('../features/system/pages/login-log-list-page.tsx').then((m) => m.LoginLogListPage),
  'system/audit-log-list': () => import('../features/system/pages/audit-log-list-page.tsx').then((m) => m.AuditLogListPage),
  // product search and the product page
  'product/product-search': () => import('../features/product/pages/product-search-page.tsx').then((m) => m.ProductSearchPage),
  'product/product-detail': () => import('../features/product/pages/product-detail-page.tsx').then((m) => m.ProductDetailPage),
  // one page for both platforms' pre-purchase orders
  'purchase/taobao-pre-order-list': () => import('../features/purchase/pages/pre-order-list-page.tsx').then((m) => m.TaobaoPreOrderListPage),
  'purchase/1688-pre-order-list': () => import('../features/purchase/pages/pre-order-list-page.tsx').then((m) => m.AlibabaPreOrderListPage),
  // the platforms' token configuration (platforms)
  'config/taobao-global-token-config': () => import('../features/purchase-config/pages/taobao-global-token-config-page.tsx').then((m) => m.TaobaoGlobalTokenConfigPage),
  // a merchant's API keys
  'config/token-config': () => import('../features/open-api-keys/pages/token-config-page.tsx').then((m) => m.TokenConfigPage),
  'config/message-push-config': () => import('../features/message-push/pages/message-push-config-page.tsx').then((m) => m.MessagePushConfigPage),
  // API and message push statistics (with the visit statistics, the pages that load the chart library)
  'statistics/api-statistics': () => import('../features/statistics/pages/api-statistics-page.tsx').then((m) => m.ApiStatisticsPage),
  'statistics/message-push-statistics': () => import('../features/statistics/pages/message-push-statistics-page.tsx').then((m) => m.MessagePushStatisticsPage),
  // online development (the designer) and the published online reports and forms
  'system/online-dev': () => import('../features/online-dev/pages/online-dev-page.tsx').then((m) => m.OnlineDevPage),
  'online/report': () => import('../features/online-report/pages/online-report-page.tsx').then((m) => m.OnlineReportPage),
  'online/form': () => import('../features/online-form/pages/online-form-page.tsx').then((m) => m.OnlineFormPage),
} satisfies Record<PageComponent, PageLoader>;

const pages: Record<string, PageLoader> = pageRegistry;

export function findPage(component: string): PageLoader | undefined {
  return Object.hasOwn(pages, component) ? pages[component] : undefined;
}
