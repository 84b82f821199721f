import { sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client.ts';

/**
 * `count` copies of a weighed order in `tenantId`, numbered `<tag>000001`..., each with its own freight
 * charge (500 + (n × 37) mod 5000 minor units): charges to pay for the ledger proofs and the bench.
 */
export async function copyChargedOrders(db: Db, options: { templateId: number; tenantId: number; count: number; tag: string }): Promise<number[]> {
  const columns = (
    (await db.execute(sql`select column_name from information_schema.columns where table_name = 'log_order'
      and column_name not in ('id', 'tenant_id', 'order_no', 'merchant_order_no', 'freight_charge') order by ordinal_position`)) as unknown as { rows: { column_name: string }[] }
  ).rows.map((row) => sql.identifier(row.column_name));
  const list = sql.join(columns, sql`, `);
  const made = (await db.execute(sql`
    insert into log_order (tenant_id, order_no, merchant_order_no, freight_charge, ${list})
    select ${options.tenantId}, ${options.tag} || lpad(n::text, 6, '0'), ${options.tag} || '-' || n, 500 + (n * 37) % 5000, ${list}
    from log_order, generate_series(1, ${options.count}) as n where log_order.id = ${options.templateId}
    returning id`)) as unknown as { rows: { id: string }[] };
  return made.rows.map((row) => Number(row.id));
}
