import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDENTIFIER_PAYLOADS, ORDER_PAYLOADS, VALUE_PAYLOADS } from '../../helpers/injection-payloads.ts';
import { fingerprint } from '../../helpers/fingerprint.ts';
import { createTestApp, testDbKind, type TestApp } from '../../helpers/test-app.ts';

/*
 * The public injection payloads of the online-report family against the product's own generic lists that
 * take a sort column and order: every one refused with the list's own message, or taken as the
 * plain value it is; nothing leaked (no database error, no hash, no other tenant's row); nothing changed.
 * A payload that ran would sleep 30 s and time the test out.
 */

type Who = 'admin' | 'merchant';
type Endpoint = { url: string; who: Who; /** a text filter of the list, to send the value payloads to */ filter: string; sortable: string };

const ENDPOINTS: Endpoint[] = [
  { url: '/api/logistics/order/list', who: 'merchant', filter: 'merchantOrderNo', sortable: 'createdAt' },
  { url: '/api/sys/user/list', who: 'admin', filter: 'username', sortable: 'username' },
  { url: '/api/sys/user/list', who: 'merchant', filter: 'phone', sortable: 'createdAt' },
  { url: '/api/sys/dict/list', who: 'admin', filter: 'dictName', sortable: 'dictCode' },
];

/** What an answer must never carry: the database's own words, hashes, the payload's effects. */
const LEAKS = [/syntax error/i, /pg_sleep/i, /relation "/i, /column "/i, /\$2[aby]\$/, /argon2/i, /postgres/i, /stack/i, /\bat [\w.]+ \(/];

function expectNoLeak(body: string) {
  for (const leak of LEAKS) expect(body, `leaked ${leak}`).not.toMatch(leak);
}

describe(`injection payloads against the generic lists (${testDbKind()})`, () => {
  let t: TestApp;
  const tokens: Record<Who, string> = { admin: '', merchant: '' };
  let before = '';

  beforeAll(async () => {
    t = await createTestApp();
    tokens.admin = await t.login('admin');
    tokens.merchant = await t.login('merchant');
    before = await fingerprint(t.db);
  });
  afterAll(async () => {
    // nothing any payload sent changed a thing
    expect(await fingerprint(t.db)).toBe(before);
    await t.close();
  });

  const list = (endpoint: Endpoint, query: Record<string, string>, lang?: string) =>
    t.call({ method: 'GET', url: endpoint.url, token: tokens[endpoint.who], query: { pageNo: '1', pageSize: '10', ...query }, lang });

  for (const endpoint of ENDPOINTS) {
    describe(`${endpoint.url} as ${endpoint.who}`, () => {
      it('answers a plain sorted page (the payloads below are refused, not everything)', async () => {
        const response = await list(endpoint, { column: endpoint.sortable, order: 'asc' });
        expect(response.statusCode, response.body).toBe(200);
        expect(response.json().success).toBe(true);
      });

      it('refuses every sort column payload with the list\'s message, translated', async () => {
        for (const payload of IDENTIFIER_PAYLOADS) {
          const response = await list(endpoint, { column: payload, order: 'desc' }, 'en-US');
          expect(response.statusCode, `${payload}: ${response.body}`).toBe(400);
          const body = response.json() as { success: boolean; message: string };
          expect(body.success).toBe(false);
          expect(body.message).toMatch(/sort/i);
          expectNoLeak(response.body);
        }
      });

      it('refuses every sort order payload', async () => {
        for (const payload of ORDER_PAYLOADS) {
          const response = await list(endpoint, { column: endpoint.sortable, order: payload });
          expect(response.statusCode, `${payload}: ${response.body}`).toBe(400);
          expect(response.json().success).toBe(false);
          expectNoLeak(response.body);
        }
      });

      it('takes every value payload as the plain text it is: no row matches it', async () => {
        for (const payload of VALUE_PAYLOADS) {
          const response = await list(endpoint, { [endpoint.filter]: payload });
          // a value the filter's own rule refuses is fine too; a 500 or a match is not
          expect([200, 400], `${payload}: ${response.body}`).toContain(response.statusCode);
          expectNoLeak(response.body);
          if (response.statusCode === 200) expect(response.json().result.records, payload).toEqual([]);
        }
      });
    });
  }
});
