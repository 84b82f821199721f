import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orders, parcels } from '../../db/schema/logistics.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { moveOrder } from '../logistics/order-lifecycle.ts';
import { warehouseLocation } from './warehouse-places.ts';

/** One order's outcome: shipped, or the refusal (translated by the route). */
export type ShipOutOutcome = { orderNo: string; refusal: AppError | null };

/**
 * Ship-out of a list of orders, each in its own transaction: one refused order (not received yet,
 * unknown) must not hold back the others on the truck. Each goes WHIN -> WHOUT, takes the waybill
 * when one is given, and its parcels in the warehouse leave with it.
 */
export async function shipOut(db: Db, orderNos: readonly string[], waybillNo: string | undefined, createdBy: number): Promise<ShipOutOutcome[]> {
  // a number scanned twice is one order, answered once
  const distinct = [...new Set(orderNos)];
  const outcomes: ShipOutOutcome[] = [];
  for (const orderNo of distinct) {
    try {
      await db.transaction(async (transaction) => {
        const tx = transaction as unknown as Db;
        const [order] = await tx
          .select({ id: orders.id, tenantId: orders.tenantId, status: orders.status, warehouseCode: orders.warehouseCode })
          .from(orders)
          .where(eq(orders.orderNo, orderNo))
          .for('update');
        if (!order) throw notFound('warehouseOrderNotFound', { orderNo });
        await moveOrder(tx, order, 'WHOUT', { source: 'WAREHOUSE', location: warehouseLocation(order.warehouseCode), createdBy });
        if (waybillNo !== undefined) {
          await tx.update(orders).set({ waybillNo, updatedAt: sql`now()` }).where(eq(orders.id, order.id));
        }
        await tx
          .update(parcels)
          .set({ status: 'SHIPPED', shipmentTime: sql`now()`, updatedAt: sql`now()` })
          .where(and(eq(parcels.orderId, order.id), eq(parcels.status, 'IN_WAREHOUSE')));
      });
      outcomes.push({ orderNo, refusal: null });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      outcomes.push({ orderNo, refusal: error });
    }
  }
  return outcomes;
}
