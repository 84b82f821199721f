import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, ne } from 'drizzle-orm';
import { orders, parcels } from '../../../src/db/schema/logistics.ts';
import { users } from '../../../src/db/schema/sys.ts';
import { createTestApp, testDbKind, type TestApp } from '../../helpers/test-app.ts';

/*
 * The duplicate check of the numbers a merchant enters in its order and parcel forms,
 * within its own tenant only: another tenant's number is free, another tenant's record as dataId is 404.
 */


describe(`duplicate check of merchant order and tracking numbers (${testDbKind()})`, () => {
  let t: TestApp;
  const tokens = { merchant: '', merchant2: '' };
  const tenants = { merchant: 0, merchant2: 0 };

  beforeAll(async () => {
    t = await createTestApp();
    [tokens.merchant, tokens.merchant2] = await Promise.all([t.login('merchant'), t.login('merchant2')]);
    for (const name of ['merchant', 'merchant2'] as const) {
      const [row] = await t.db.select({ tenantId: users.defaultTenantId }).from(users).where(eq(users.username, name));
      tenants[name] = row!.tenantId!;
    }
  });
  afterAll(() => t.close());

  const check = (token: string, query: Record<string, string>, lang = 'en-US') => t.call({ method: 'GET', url: '/api/sys/duplicate/check', token, lang, query });

  /** A record of `merchant` and the number it holds, and one of another tenant. */
  async function records(table: typeof orders | typeof parcels, column: typeof orders.merchantOrderNo | typeof parcels.trackingNo) {
    const [own] = await t.db.select({ id: table.id, value: column }).from(table).where(eq(table.tenantId, tenants.merchant)).limit(1);
    const [other] = await t.db.select({ id: table.id, value: column }).from(table).where(and(ne(table.tenantId, tenants.merchant))).limit(1);
    return { own: own!, other };
  }

  const cases = [
    { tableName: 'log_order', fieldName: 'merchantOrderNo', table: orders, column: orders.merchantOrderNo },
    { tableName: 'log_parcel', fieldName: 'tracking_no', table: parcels, column: parcels.trackingNo },
  ] as const;

  for (const { tableName, fieldName, table, column } of cases) {
    describe(`${tableName}.${fieldName}`, () => {
      it("says a number of the caller's tenant is taken, a new one free", async () => {
        const { own } = await records(table, column);
        const taken = await check(tokens.merchant, { tableName, fieldName, fieldVal: own.value });
        expect(taken.statusCode, taken.body).toBe(200);
        expect(taken.json()).toMatchObject({ success: false });
        expect(taken.json().message).toMatch(/already/i);
        const free = await check(tokens.merchant, { tableName, fieldName, fieldVal: `NEW-${Date.now()}` });
        expect(free.json()).toMatchObject({ success: true });
      });

      it('leaves the record being edited out', async () => {
        const { own } = await records(table, column);
        const response = await check(tokens.merchant, { tableName, fieldName, fieldVal: own.value, dataId: String(own.id) });
        expect(response.json()).toMatchObject({ success: true });
      });

      it("does not see another tenant's numbers, nor take its records as dataId", async () => {
        const { own } = await records(table, column);
        // merchant's number is free for merchant2, whose records hold none of it
        const [clash] = await t.db.select({ id: table.id }).from(table).where(and(eq(table.tenantId, tenants.merchant2), eq(column, own.value))).limit(1);
        if (!clash) expect((await check(tokens.merchant2, { tableName, fieldName, fieldVal: own.value })).json()).toMatchObject({ success: true });
        const foreign = await check(tokens.merchant2, { tableName, fieldName, fieldVal: 'ANY-1', dataId: String(own.id) });
        expect(foreign.statusCode, foreign.body).toBe(404);
      });
    });
  }
});
