import { divideHalfEven } from '@portal/shared/money';
import { SERVICE_FEE_MIN_FEN, SERVICE_FEE_PERCENT } from '@portal/shared/purchase';
import type { ProductSku } from '../platform/types.ts';

/*
 * The pre-purchase order's estimate, pure (CNY fen as bigint): goods, the domestic express fee (each
 * seller ships once: the highest express fee among its lines), the platform's service fee (a percentage
 * of the goods, half to even, with a floor) and their total. An empty basket costs nothing.
 */

export type EstimateLine = { sellerId: string; unitPrice: bigint; expressFee: bigint; quantity: number };
export type Estimate = { goodsAmount: bigint; expressFee: bigint; serviceFee: bigint; totalAmount: bigint };

export function serviceFeeOf(goods: bigint): bigint {
  const fee = divideHalfEven(goods * BigInt(SERVICE_FEE_PERCENT), 100n);
  return fee < SERVICE_FEE_MIN_FEN ? SERVICE_FEE_MIN_FEN : fee;
}

export function estimateOf(lines: readonly EstimateLine[]): Estimate {
  if (lines.length === 0) return { goodsAmount: 0n, expressFee: 0n, serviceFee: 0n, totalAmount: 0n };
  const goodsAmount = lines.reduce((sum, line) => sum + line.unitPrice * BigInt(line.quantity), 0n);
  const perSeller = new Map<string, bigint>();
  for (const line of lines) {
    const highest = perSeller.get(line.sellerId);
    if (highest === undefined || line.expressFee > highest) perSeller.set(line.sellerId, line.expressFee);
  }
  const expressFee = [...perSeller.values()].reduce((sum, fee) => sum + fee, 0n);
  const serviceFee = serviceFeeOf(goodsAmount);
  return { goodsAmount, expressFee, serviceFee, totalAmount: goodsAmount + expressFee + serviceFee };
}

/** A SKU's properties as one text, in the platform's order: "颜色:白色;尺码:M". */
export const skuTextOf = (sku: Pick<ProductSku, 'properties'>): string => sku.properties.map((property) => `${property.name}:${property.value}`).join(';');
