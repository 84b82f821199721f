import { inArray } from 'drizzle-orm';
import { CURRENCY_EXPONENTS, currencyFromMinor, toMinor, type CurrencyCode } from '@portal/shared/money';
import { tenants, users } from '../../db/schema/sys.ts';
import type { FastifyRequest } from 'fastify';
import { badRequest, forbidden } from '../../lib/errors.ts';
import { caller } from '../../plugins/auth.ts';
import type { Tx } from './ledger.ts';

/** What the finance routes share: access configs, amounts in and out, names of people and tenants. */

/** The wallet calls' path under the platform gateway (spec §7). */
export const WALLET = '/finance/virtualWallet';

/**
 * The merchant tenant of a wallet call: the platform (tenant 0) has no wallet of its own, so its users
 * (who may hold every permission) are refused the merchant side's calls.
 */
export function walletCaller(request: FastifyRequest): { tenantId: number; userId: number } {
  const { tenantId, userId } = caller(request);
  if (tenantId === 0) throw forbidden('platformHasNoWallet');
  return { tenantId, userId };
}

/** A validated decimal amount ("12.50") as minor units of `currency`; more decimals than it has is 400. */
export function minorOf(field: string, amount: string, currency: CurrencyCode): bigint {
  const scale = CURRENCY_EXPONENTS[currency];
  const [whole = '0', fraction = ''] = amount.split('.');
  const significant = fraction.replace(/0+$/, '');
  if (significant.length > scale) throw badRequest('amountScaleInvalid', { field, currency, scale });
  return toMinor(significant ? `${whole}.${significant}` : whole, scale);
}

/** Minor units as the decimal string JSON carries ("1234.50"; JPY "1234"). */
export const amountText = (minor: bigint | number | string, currency: CurrencyCode): string => currencyFromMinor(minor, currency);

/**
 * An amount as a spreadsheet cell: a number shown with two decimals, like every finance export (exact to
 * the cent: below 10^13 a two-decimal amount round-trips through a double), so sums and filters work.
 */
export const EXPORT_AMOUNT_FORMAT = '#,##0.00';
export const exportAmount = (minor: bigint | number | string | null, currency: CurrencyCode): number | null => (minor === null ? null : Number(amountText(minor, currency)));

export const iso = (time: Date | string | null | undefined): string | null => (time ? new Date(time).toISOString() : null);

/** Real names (else usernames) of users by id, for the "created by", "payee", "refunder" columns. */
export async function userNames(tx: Tx, ids: (number | null | undefined)[]): Promise<Map<number, string>> {
  const wanted = [...new Set(ids.filter((id): id is number => typeof id === 'number'))];
  if (wanted.length === 0) return new Map();
  const rows = await tx.select({ id: users.id, realname: users.realname, username: users.username }).from(users).where(inArray(users.id, wanted));
  return new Map(rows.map((row) => [row.id, row.realname || row.username]));
}

export async function tenantNames(tx: Tx, ids: number[]): Promise<Map<number, string>> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return new Map();
  const rows = await tx.select({ id: tenants.id, name: tenants.name }).from(tenants).where(inArray(tenants.id, wanted));
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** The platform company a payment goes to (the spec's "payee"). */
export const PLATFORM_PAYEE = 'Cross Border Consolidation Ltd';
