import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DICT_VERSION_HEADER } from '@portal/shared/dict-codes';
import { createTestApp, createTestDatabase, testDbKind, type TestApp, type TestDatabase } from '../../helpers/test-app.ts';
import { createLocalBus, createPostgresBus, type CacheBus } from '../../../src/lib/cache-bus.ts';
import { ok } from '../../helpers/answers.ts';
import { eventually } from '../../helpers/eventually.ts';

type Item = { id: number; itemValue: string; itemText: Record<string, string>; color: string | null; sortOrder: number; status: number };
type Option = { value: string; text: string };

/**
 * Two app servers on one database, as behind a load balancer: a dictionary item edited through one is
 * served by the other after the bus event (LISTEN/NOTIFY on PostgreSQL), with the same version mark.
 */
describe(`dictionaries on two app servers (${testDbKind()})`, () => {
  let shared: TestDatabase;
  let one: TestApp;
  let two: TestApp;
  const buses: CacheBus[] = [];

  beforeAll(async () => {
    shared = await createTestDatabase();
    const local = createLocalBus();
    const busOne = shared.url ? await createPostgresBus(shared.url, () => undefined) : local;
    const busTwo = shared.url ? await createPostgresBus(shared.url, () => undefined) : local;
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


  it('serves an item edited on one server from the other, with the new version mark', async () => {
    const admin = await one.login('admin');
    const merchant = await two.login('merchant');
    const textOnTwo = async () => {
      const response = await two.call({ method: 'GET', url: '/api/sys/dict/getDictItems/ServiceType', token: merchant, lang: 'en-US' });
      return { text: ok<Option[]>(response).find((o) => o.value === 'FULL_LINK')?.text, version: String(response.headers[DICT_VERSION_HEADER]) };
    };
    const before = await textOnTwo();
    expect(before.text).toBe('Full link');

    const dicts = ok<{ records: { id: number; dictCode: string }[] }>(await one.call({ method: 'GET', url: '/api/sys/dict/list', token: admin, query: { dictCode: 'ServiceType' } }));
    const dictId = dicts.records.find((d) => d.dictCode === 'ServiceType')!.id;
    const item = ok<{ records: Item[] }>(await one.call({ method: 'GET', url: '/api/sys/dictItem/list', token: admin, query: { dictId: String(dictId) } })).records.find((i) => i.itemValue === 'FULL_LINK')!;
    const edited = await one.call({
      method: 'PUT',
      url: '/api/sys/dictItem/edit',
      token: admin,
      payload: { id: item.id, itemValue: 'FULL_LINK', itemText: { 'zh-TW': '全程', 'zh-CN': '全程', 'en-US': 'End to end' }, color: item.color, sortOrder: item.sortOrder, status: 1 },
    });
    ok(edited);
    const newVersion = String(edited.headers[DICT_VERSION_HEADER]);
    expect(newVersion).not.toBe(before.version);

    expect(await eventually(async () => (await textOnTwo()).text === 'End to end')).toBe(true);
    expect((await textOnTwo()).version).toBe(newVersion);
  });
});
