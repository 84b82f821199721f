import type { Db } from '../../../db/client.ts';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { CurrencyCode } from '@portal/shared/money';
import type { Person } from '@portal/shared/finance-schemas';
import { accounts, payments, rateApplications, recharges, refunds } from '../../../db/schema/finance.ts';
import { users } from '../../../db/schema/sys.ts';
import { rechargeWhere } from '../recharge/repository.ts';
import { refundWhere } from '../refund/repository.ts';

/** What the wallet at a glance reads: the tenant's wallets, what awaits review, the people of the filters. */

/** The tenant's wallets (in `only` of the currencies, or all). */
export function wallets(db: Db, tenantId: number, only: CurrencyCode[] | null) {
  return db
    .select({ currency: accounts.currency, balance: accounts.balance, updatedAt: accounts.updatedAt })
    .from(accounts)
    .where(and(eq(accounts.tenantId, tenantId), eq(accounts.kind, 'WALLET'), only ? inArray(accounts.currency, only) : undefined));
}

/**
 * The tenant's submitted recharges, one by one (received in `only`, or any): the rows the recharge list shows
 * under its SUBMITTED tab, through the same condition and the reader's data rules there (`scope`).
 */
export function submittedRecharges(db: Db, tenantId: number, only: CurrencyCode[] | null, scope?: SQL) {
  return db
    .select({ from: recharges.transferCurrency, to: recharges.receivedCurrency, amount: recharges.transferAmount })
    .from(recharges)
    .where(and(rechargeWhere(tenantId, { status: 'SUBMITTED' }, scope), only ? inArray(recharges.receivedCurrency, only) : undefined));
}

/**
 * The sum of the tenant's submitted balance refunds per currency: the refund list's rows of that status and
 * kind, through the same condition and the reader's data rules there (`rules`; none: every one of the tenant).
 */
export function submittedRefunds(db: Db, tenantId: number, only: CurrencyCode[] | null, rules?: SQL) {
  return db
    .select({ currency: refunds.currency, amount: sql<string>`sum(${refunds.amount})::text` })
    .from(refunds)
    .where(and(refundWhere(tenantId, { status: 'SUBMITTED', kind: 'BALANCE' }, rules), only ? inArray(refunds.currency, only) : undefined))
    .groupBy(refunds.currency);
}

async function people(db: Db, ids: ReturnType<typeof sql>): Promise<Person[]> {
  return db
    .select({ id: users.id, username: users.username, realname: users.realname })
    .from(users)
    .where(sql`${users.id} in ${ids}`)
    .orderBy(users.username);
}

/** The people of the tenant who created wallet records. */
export function initiators(db: Db, tenantId: number): Promise<Person[]> {
  return people(
    db,
    sql`(select created_by from ${recharges} where tenant_id = ${tenantId}
        union select created_by from ${payments} where tenant_id = ${tenantId}
        union select created_by from ${refunds} where tenant_id = ${tenantId})`,
  );
}

/** The platform's people who decided on the tenant's records. */
export function judges(db: Db, tenantId: number): Promise<Person[]> {
  return people(
    db,
    sql`(select decided_by from ${recharges} where tenant_id = ${tenantId}
        union select decided_by from ${refunds} where tenant_id = ${tenantId}
        union select decided_by from ${rateApplications} where tenant_id = ${tenantId})`,
  );
}
