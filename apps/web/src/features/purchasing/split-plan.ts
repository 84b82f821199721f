import type { PreOrderLineRecord } from '@portal/shared/purchasing-schemas';

/*
 * The split dialog's rules (pure): one purchase order per seller to start with; the purchaser may move a
 * seller's quantities into further orders of the same seller. Every line's quantity must be shared out
 * exactly, as the server checks again.
 */

export type DraftOrder = { key: number; sellerId: string; quantities: Record<number, number> };

/** One order per seller, each holding its seller's lines in full. */
export function initialPlan(lines: readonly PreOrderLineRecord[]): DraftOrder[] {
  const bySeller = new Map<string, DraftOrder>();
  for (const line of lines) {
    const order = bySeller.get(line.sellerId) ?? { key: bySeller.size + 1, sellerId: line.sellerId, quantities: {} };
    order.quantities[line.id] = line.quantity;
    bySeller.set(line.sellerId, order);
  }
  return [...bySeller.values()];
}

/** What is wrong with a plan: each line short or over, by line number. */
export function planProblems(lines: readonly PreOrderLineRecord[], plan: readonly DraftOrder[]): { lineNo: number; left: number }[] {
  return lines.flatMap((line) => {
    const given = plan.reduce((sum, order) => sum + (order.quantities[line.id] ?? 0), 0);
    return given === line.quantity ? [] : [{ lineNo: line.lineNo, left: line.quantity - given }];
  });
}

/** The request's orders: empty orders left out, a line only where it has a quantity. */
export function planOrders(plan: readonly DraftOrder[]): { lines: { lineId: number; quantity: number }[] }[] {
  return plan
    .map((order) => ({ lines: Object.entries(order.quantities).flatMap(([lineId, quantity]) => (quantity > 0 ? [{ lineId: Number(lineId), quantity }] : [])) }))
    .filter((order) => order.lines.length > 0);
}

/** A further empty order for a seller. */
export function addOrder(plan: readonly DraftOrder[], sellerId: string): DraftOrder[] {
  const key = Math.max(0, ...plan.map((order) => order.key)) + 1;
  return [...plan, { key, sellerId, quantities: {} }];
}

export function setQuantity(plan: readonly DraftOrder[], key: number, lineId: number, quantity: number): DraftOrder[] {
  return plan.map((order) => (order.key === key ? { ...order, quantities: { ...order.quantities, [lineId]: quantity } } : order));
}

export function removeOrder(plan: readonly DraftOrder[], key: number): DraftOrder[] {
  return plan.filter((order) => order.key !== key);
}
