import type { PermissionCode } from '@portal/shared/permissions';
import { PLATFORM_SEGMENTS } from '@portal/shared/pre-order-schemas';
import type { PreOrderStatus, PurchasePlatform } from '@portal/shared/purchase';

/* What differs between the Taobao and the 1688 pre-purchase order pages: the path and the codes. */

export const apiBase = (platform: PurchasePlatform) => `/purchase/${PLATFORM_SEGMENTS[platform]}`;

type Action = 'list' | 'add' | 'edit' | 'delete' | 'submit' | 'pay' | 'cancel' | 'import' | 'export';
export const preOrderCode = (platform: PurchasePlatform, action: Action): PermissionCode =>
  (platform === 'TAOBAO' ? `purchase:taobao-pre-order:${action}` : `purchase:1688-pre-order:${action}`) as PermissionCode;

/** The page's tabs: the basket, then the pre-orders by status, then all of them. */
export const PRE_ORDER_TABS = ['BASKET', 'SUBMITTED', 'PAID', 'PURCHASING', 'DONE', 'CANCELLED', 'ALL'] as const;
export type PreOrderTab = (typeof PRE_ORDER_TABS)[number];
export const statusOfTab = (tab: PreOrderTab): Exclude<PreOrderStatus, 'DRAFT'> | undefined => (tab === 'BASKET' || tab === 'ALL' ? undefined : tab);

/** What stands in for a product picture that does not load: a plain grey square. */
export const IMAGE_FALLBACK =
  "data:image/svg+xml;utf8,<svg xmlns='http://www.w3.org/2000/svg' width='48' height='48'><rect width='48' height='48' fill='%23f0f0f0'/></svg>";
