import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createTestDatabase, testDbKind, type TestApp, type TestDatabase } from '../../helpers/test-app.ts';
import { createLocalBus, createPostgresBus, type CacheBus } from '../../../src/lib/cache-bus.ts';

/**
 * Two app servers on one database, as behind a load balancer: a sign-out on one must be
 * honoured at once by the other, although both cache sessions in memory.
 */
describe(`two app servers on one database (${testDbKind()})`, () => {
  let shared: TestDatabase;
  let one: TestApp;
  let two: TestApp;
  const buses: CacheBus[] = [];

  beforeAll(async () => {
    shared = await createTestDatabase();
    const makeBus = async () => (shared.url ? createPostgresBus(shared.url, () => undefined) : createLocalBus());
    const localShared = createLocalBus();
    const busOne = shared.url ? await makeBus() : localShared;
    const busTwo = shared.url ? await makeBus() : localShared;
    buses.push(busOne, busTwo);
    one = await createTestApp({ testDatabase: shared, bus: busOne });
    two = await createTestApp({ testDatabase: shared, bus: busTwo });
  });
  afterAll(async () => {
    await one.close();
    await two.close();
    for (const bus of new Set(buses)) await bus.close();
    await shared.drop();
  });

  const waitFor = async (check: () => Promise<boolean>) => {
    for (let i = 0; i < 50; i++) {
      if (await check()) return true;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return false;
  };

  it('forgets a session on every server when it signs out on one', async () => {
    const token = await one.login('merchant');
    const url = '/api/sys/permission/getUserPermissionByToken';
    expect((await two.call({ method: 'GET', url, token })).statusCode).toBe(200);
    expect((await one.call({ method: 'POST', url: '/api/sys/logout', token })).statusCode).toBe(200);
    expect(await waitFor(async () => (await two.call({ method: 'GET', url, token })).statusCode === 401)).toBe(true);
  });

  it("ends a frozen tenant's sessions on every server when the platform freezes it on one", async () => {
    const url = '/api/sys/permission/getUserPermissionByToken';
    const admin = await one.login('admin');
    const token = await one.login('merchant2');
    expect((await two.call({ method: 'GET', url, token })).statusCode).toBe(200);
    expect((await one.call({ method: 'PUT', url: '/api/sys/tenant/freeze', payload: { ids: [2] }, token: admin })).statusCode).toBe(200);
    expect(await waitFor(async () => (await two.call({ method: 'GET', url, token })).statusCode === 401)).toBe(true);
    expect((await one.call({ method: 'PUT', url: '/api/sys/tenant/unfreeze', payload: { ids: [2] }, token: admin })).statusCode).toBe(200);
  });

  it("forgets a session on every server when an administrator ends it by id on another (token management)", async () => {
    const admin = await one.login('merchant');
    const token = await two.login('staff');
    const url = '/api/sys/permission/getUserPermissionByToken';
    // cached on server two
    expect((await two.call({ method: 'GET', url, token })).statusCode).toBe(200);
    const list = (await one.call({ method: 'GET', url: '/api/sys/session/list', token: admin, query: { username: 'staff', pageSize: '200' } })).json().result;
    const { eq } = await import('drizzle-orm');
    const { sessions } = await import('../../../src/db/schema/auth.ts');
    const { hashToken } = await import('../../../src/lib/tokens.ts');
    const own = (await shared.database.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.tokenHash, hashToken(token))))[0]!;
    expect(list.records.map((s: { id: number }) => s.id)).toContain(Number(own.id));
    expect((await one.call({ method: 'POST', url: '/api/sys/session/revoke', token: admin, payload: { id: Number(own.id) } })).statusCode).toBe(200);
    expect(await waitFor(async () => (await two.call({ method: 'GET', url, token })).statusCode === 401)).toBe(true);
  });

  it('forgets dictionaries on every server after a refresh on one', async () => {
    const token = await one.login('merchant');
    await two.call({ method: 'GET', url: '/api/sys/dict/queryAllDictItems', token });
    const { dictItems } = await import('../../../src/db/schema/dict.ts');
    const { eq } = await import('drizzle-orm');
    await shared.database.db.update(dictItems).set({ itemText: { 'zh-TW': '新建', 'zh-CN': '新建', 'en-US': 'New' } }).where(eq(dictItems.itemValue, 'CREATED'));
    // a forced reload is the platform's (system:dict:refresh)
    await one.call({ method: 'GET', url: '/api/sys/dict/refleshCache', token: await one.login('admin') });
    expect(
      await waitFor(async () => {
        const items = (await two.call({ method: 'GET', url: '/api/sys/dict/getDictItems/OrderStatus', token, lang: 'en-US' })).json().result;
        return items[0].text === 'New';
      }),
    ).toBe(true);
  });
});
