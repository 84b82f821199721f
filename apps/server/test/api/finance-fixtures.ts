import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { CurrencyCode } from '@portal/shared/money';
import type { Db } from '../../src/db/client.ts';
import { accounts } from '../../src/db/schema/finance.ts';
import { platformLeg, walletLeg } from '../../src/modules/finance/ledger/model.ts';
import { post } from '../../src/modules/finance/ledger/service.ts';

/** Money into a tenant's wallet, posted as a confirmed recharge would be (from the platform's bank). */
export async function fundWallet(db: Db, currency: CurrencyCode, minor: bigint, tenantId = 1): Promise<void> {
  await db.transaction(async (tx) =>
    post(tx, { tenantId, kind: 'RECHARGE', refNo: `RCTEST${randomBytes(6).toString('hex')}`, createdBy: null }, [platformLeg('BANK', currency, -minor), walletLeg(tenantId, currency, minor)]),
  );
}

/** A tenant's wallet balance in minor units (0 without a wallet yet), read from the database. */
export async function walletBalanceOf(db: Db, currency: CurrencyCode, tenantId = 1): Promise<bigint> {
  const [row] = await db
    .select({ balance: accounts.balance })
    .from(accounts)
    .where(and(eq(accounts.tenantId, tenantId), eq(accounts.kind, 'WALLET'), eq(accounts.currency, currency)));
  return row?.balance ?? 0n;
}
