import type { MessageKey, MessageParams } from '@portal/shared/messages';

/*
 * Sharing a pre-order's lines out into purchase orders (pure): by default one purchase order per seller;
 * a purchaser's own split must cover every line's quantity exactly once, one seller per purchase order.
 * The pre-order's express fee is shared so that the estimates add up to it exactly.
 */

export type SplitLine = { id: number; lineNo: number; title: string; sellerId: string; storeName: string; unitPrice: bigint; expressFee: bigint; quantity: number };
export type SplitOrder = { sellerId: string; storeName: string; purchaseAmount: bigint; estimatedExpressFee: bigint; lines: { lineId: number; quantity: number }[] };
export type SplitRefusal = { key: MessageKey; params: MessageParams };

/** `total` shared by `weights` (floor of each share, the remainder to the last); equal shares when every weight is 0. */
export function apportion(total: bigint, weights: bigint[]): bigint[] {
  if (weights.length === 0) return [];
  const all = weights.reduce((sum, weight) => sum + weight, 0n);
  const used = all === 0n ? weights.map(() => 1n) : weights;
  const sum = all === 0n ? BigInt(weights.length) : all;
  const shares = used.map((weight) => (total * weight) / sum);
  const given = shares.reduce((acc, share) => acc + share, 0n);
  shares[shares.length - 1] = (shares[shares.length - 1] ?? 0n) + total - given;
  return shares;
}

/** One purchase order per seller, in the order the sellers first appear. */
export function defaultSplit(lines: SplitLine[]): { lineId: number; quantity: number }[][] {
  const bySeller = new Map<string, { lineId: number; quantity: number }[]>();
  for (const line of lines) bySeller.set(line.sellerId, [...(bySeller.get(line.sellerId) ?? []), { lineId: line.id, quantity: line.quantity }]);
  return [...bySeller.values()];
}

/** The purchase orders of a split, or why it is refused. */
export function planSplit(lines: SplitLine[], expressFee: bigint, groups: { lineId: number; quantity: number }[][]): SplitOrder[] | SplitRefusal {
  const byId = new Map(lines.map((line) => [line.id, line]));
  const given = new Map<number, number>();
  const sellersOf: string[] = [];
  for (const group of groups) {
    const seen = new Set<number>();
    const sellers = new Set<string>();
    for (const part of group) {
      const line = byId.get(part.lineId);
      if (!line) return { key: 'purchasingSplitLineUnknown', params: { lineId: part.lineId } };
      if (seen.has(part.lineId)) return { key: 'purchasingSplitLineRepeated', params: { lineId: part.lineId } };
      seen.add(part.lineId);
      sellers.add(line.sellerId);
      given.set(part.lineId, (given.get(part.lineId) ?? 0) + part.quantity);
    }
    if (sellers.size > 1) return { key: 'purchasingSplitMixedSellers', params: { sellers: [...sellers].join(', ') } };
    sellersOf.push([...sellers][0] ?? '');
  }
  for (const line of lines) {
    const count = given.get(line.id) ?? 0;
    if (count !== line.quantity) return { key: 'purchasingSplitCoverage', params: { lineNo: line.lineNo, title: line.title.slice(0, 60), expected: line.quantity, given: count } };
  }
  const amounts = groups.map((group) => group.reduce((sum, part) => sum + (byId.get(part.lineId)?.unitPrice ?? 0n) * BigInt(part.quantity), 0n));
  // the seller's share of the express fee: by the highest fee among its lines (as the estimate takes it), then by the goods among its orders
  const sellers = [...new Set(sellersOf)];
  const sellerFees = sellers.map((seller) => lines.filter((line) => line.sellerId === seller).reduce((high, line) => (line.expressFee > high ? line.expressFee : high), 0n));
  const sellerShares = new Map(sellers.map((seller, index) => [seller, apportion(expressFee, sellerFees)[index] ?? 0n]));
  const fees: bigint[] = groups.map(() => 0n);
  for (const seller of sellers) {
    const indexes = sellersOf.flatMap((owner, index) => (owner === seller ? [index] : []));
    const shares = apportion(
      sellerShares.get(seller) ?? 0n,
      indexes.map((index) => amounts[index] ?? 0n),
    );
    indexes.forEach((index, position) => (fees[index] = shares[position] ?? 0n));
  }
  return groups.map((group, index) => {
    const seller = sellersOf[index] ?? '';
    return {
      sellerId: seller,
      storeName: lines.find((line) => line.sellerId === seller)?.storeName ?? '',
      purchaseAmount: amounts[index] ?? 0n,
      estimatedExpressFee: fees[index] ?? 0n,
      lines: group,
    };
  });
}
