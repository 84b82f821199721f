import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { IDEMPOTENCY_HEADER } from '@portal/shared/finance';
import type { CurrencyCode } from '@portal/shared/money';
import type { Db } from '../../src/db/client.ts';
import { accounts } from '../../src/db/schema/finance.ts';
import { platformLeg, walletLeg } from '../../src/modules/finance/ledger/model.ts';
import { post } from '../../src/modules/finance/ledger/service.ts';
import { png } from './png.ts';
import type { TestApp } from './test-app.ts';

/*
 * The tests' wallet client: the money-moving calls with their Idempotency-Key (a new one unless a test
 * names it, none when it tests the refusal), a bank voucher to upload, and a wallet funded or read
 * directly in the database.
 */

/** A new Idempotency-Key: unique across tests, files and runs sharing one database. */
export const newKey = (): string => randomUUID();

/** The header of `key`: a new key when undefined, none when null. */
export const idempotencyHeaders = (key?: string | null): Record<string, string> => (key === null ? {} : { [IDEMPOTENCY_HEADER]: key ?? newKey() });

export type WalletCallOptions = { key?: string | null; lang?: string };

/** A POST of `t` with an Idempotency-Key, in English unless told otherwise. */
export const walletPost =
  (t: TestApp) =>
  (url: string, token: string, payload: object, options: WalletCallOptions = {}): Promise<LightMyRequestResponse> =>
    t.call({ method: 'POST', url, token, payload, lang: options.lang ?? 'en-US', headers: idempotencyHeaders(options.key) });

/** A multipart/form-data body with one file part (by default a PNG voucher in field "file"). */
export function voucherUpload(file: Buffer = png(), filename = 'v.png', field = 'file', type = 'image/png'): { payload: Buffer; headers: Record<string, string> } {
  const boundary = '----portal-voucher-boundary-51c2';
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, file, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

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
