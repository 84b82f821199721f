import { PURCHASE_PLATFORMS, type PurchasePlatform } from '@portal/shared/purchase';
import type { StaticOption } from '../../components/list-page/list-config.ts';
import { textKey } from '../../components/list-page/text-key.ts';

/**
 * The platform a purchase was made on (Taobao, 1688), as the merchant's stock, the warehouse's receiving,
 * the product page and the purchasers' screens show it. The texts are the purchase-stock namespace's.
 */
const COLORS: Record<PurchasePlatform, string> = { TAOBAO: 'orange', '1688': 'blue' };

export const PURCHASE_PLATFORM_OPTIONS: readonly (StaticOption & { value: PurchasePlatform })[] = PURCHASE_PLATFORMS.map((platform) => ({
  value: platform,
  label: textKey('purchase-stock', `common.platforms.${platform}`),
  color: COLORS[platform],
}));
