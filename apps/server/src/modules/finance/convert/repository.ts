import type { Db } from '../../../db/client.ts';
import { and, eq } from 'drizzle-orm';
import type { CurrencyCode } from '@portal/shared/money';
import { accounts } from '../../../db/schema/finance.ts';

/** The tenant's wallet balance in `currency`, in minor units (0 without a wallet yet). */
export async function walletBalance(tx: Db, tenantId: number, currency: CurrencyCode): Promise<bigint> {
  const [row] = await tx
    .select({ balance: accounts.balance })
    .from(accounts)
    .where(and(eq(accounts.tenantId, tenantId), eq(accounts.kind, 'WALLET'), eq(accounts.currency, currency)));
  return row?.balance ?? 0n;
}
