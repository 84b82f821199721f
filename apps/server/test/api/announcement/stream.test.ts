import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { departments, roles } from '../../../src/db/schema/sys.ts';
import { createLocalBus, createPostgresBus, type CacheBus } from '../../../src/lib/cache-bus.ts';
import { ok, refused } from '../../helpers/answers.ts';
import { createTestApp, createTestDatabase, testDbKind, type TestApp, type TestDatabase } from '../../helpers/test-app.ts';

/*
 * The live stream over real HTTP (each app listens on a port of its own, read with fetch as the web does):
 * an announcement published on one app server reaches the streams of its audience on another, through the
 * cache bus (LISTEN/NOTIFY on PostgreSQL); others hear nothing; a reconnecting reader gets what it missed.
 * "Hears nothing" is shown without waiting: every stream's events come in order, so when a later event
 * that does concern it arrives first, the earlier one was never sent.
 */

type Summary = { count: number; latest: { id: number; title: string }[] };
type Stream = {
  /** the next unread summary, past the session's notices; null when the stream ends */
  next(): Promise<Summary | null>;
  /** the next event's name, whatever it is; null when the stream ends */
  nextEvent(): Promise<string | null>;
  /** the next event, its name and data */
  nextNotice(): Promise<{ event: string; data: string } | null>;
  close(): void;
  status: number;
  contentType: string | null;
};

async function openStream(base: string, token: string): Promise<Stream> {
  const controller = new AbortController();
  const response = await fetch(`${base}/api/sys/announcement/stream`, { headers: { 'x-access-token': token }, signal: controller.signal });
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  const nextBlock = async (): Promise<{ event: string; data: string } | null> => {
    for (;;) {
      const end = buffer.indexOf('\n\n');
      if (end >= 0) {
        const lines = buffer.slice(0, end).split('\n');
        buffer = buffer.slice(end + 2);
        // comments (heartbeats) and the retry hint carry no event
        const event = lines.find((line) => line.startsWith('event: '));
        if (!event) continue;
        return { event: event.slice(7), data: lines.find((line) => line.startsWith('data: '))!.slice(6) };
      }
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
      if (done) return null;
      buffer += value;
    }
  };
  return {
    status: response.status,
    contentType: response.headers.get('content-type'),
    close: () => controller.abort(),
    async next() {
      for (;;) {
        const block = await nextBlock();
        if (!block) return null;
        if (block.event === 'unread') return JSON.parse(block.data) as Summary;
      }
    },
    nextEvent: async () => (await nextBlock())?.event ?? null,
    nextNotice: nextBlock,
  };
}

describe(`the announcement stream (${testDbKind()})`, () => {
  let database: TestDatabase;
  let buses: CacheBus[];
  let one: TestApp;
  let two: TestApp;
  let baseTwo = '';
  const tokens = { merchant: '', staff: '', merchant2: '' };
  let finance = 0;
  const streams: Stream[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    // two app servers on one database; on PostgreSQL each has its own LISTEN connection, as in production
    const local = createLocalBus();
    buses = database.url ? await Promise.all([createPostgresBus(database.url, () => undefined), createPostgresBus(database.url, () => undefined)]) : [local, local];
    one = await createTestApp({ testDatabase: database, bus: buses[0] });
    two = await createTestApp({ testDatabase: database, bus: buses[1] });
    await two.app.listen({ port: 0, host: '127.0.0.1' });
    const address = two.app.server.address();
    baseTwo = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    [tokens.merchant, tokens.staff, tokens.merchant2] = await Promise.all([one.login('merchant'), one.login('staff'), one.login('merchant2')]);
    finance = (await one.db.select({ id: departments.id }).from(departments).where(and(eq(departments.tenantId, 1), eq(departments.orgCode, 'A01A02'))))[0]!.id;
  });
  afterAll(async () => {
    for (const stream of streams) stream.close();
    await one.app.close();
    await two.app.close();
    for (const bus of new Set(buses)) await bus.close();
    await database.drop();
  });

  const open = async (token: string) => {
    const stream = await openStream(baseTwo, token);
    streams.push(stream);
    return stream;
  };
  // published on app server one; the streams are on app server two
  const publish = async (title: string, extra: Record<string, unknown> = {}) => {
    const created = ok<{ id: number }>(await one.call({ method: 'POST', url: '/api/sys/announcement/add', token: tokens.merchant, payload: { title, content: '<p>x</p>', priority: 'H', msgType: 'notice', audience: 'ALL', ...extra } }));
    ok(await one.call({ method: 'POST', url: '/api/sys/announcement/publish', token: tokens.merchant, payload: { id: created.id } }));
    return created.id;
  };

  it('refuses a caller without a session before any stream opens', async () => {
    refused(await two.call({ method: 'GET', url: '/api/sys/announcement/stream' }), 401);
    const response = await fetch(`${baseTwo}/api/sys/announcement/stream`, { headers: { 'x-access-token': 'x'.repeat(40) } });
    expect(response.status).toBe(401);
  });

  it('answers HEAD with the headers alone, at once (it was held open like a stream)', async () => {
    const response = await fetch(`${baseTwo}/api/sys/announcement/stream`, { method: 'HEAD', headers: { 'x-access-token': tokens.merchant }, signal: AbortSignal.timeout(5_000) });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(await response.text()).toBe('');
  });

  it("tells a department's members, on another app server, without a reload; others hear nothing", async () => {
    const merchant = await open(tokens.merchant);
    const staff = await open(tokens.staff);
    const merchant2 = await open(tokens.merchant2);
    expect(merchant.status).toBe(200);
    expect(merchant.contentType).toBe('text/event-stream; charset=utf-8');
    // the first event of each is its reader's count as it stands
    const [m0, s0, o0] = [(await merchant.next())!, (await staff.next())!, (await merchant2.next())!];

    await publish('Finance only', { audience: 'DEPART', targetIds: [finance] });
    const m1 = (await merchant.next())!;
    expect(m1.count).toBe(m0.count + 1);
    expect(m1.latest[0]?.title).toBe('Finance only');

    // something staff does hear: had the finance one been told to staff, it would come first
    await publish('Everyone at Demo Trading');
    const s1 = (await staff.next())!;
    expect(s1.latest[0]?.title).toBe('Everyone at Demo Trading');
    expect(s1.count).toBe(s0.count + 1);
    expect(s1.latest.map((l) => l.title)).not.toContain('Finance only');
    expect((await merchant.next())!.count).toBe(m0.count + 2);

    // merchant2's stream heard neither: its next event is its own reading of everything
    ok(await one.call({ method: 'POST', url: '/api/sys/announcement/readAll', token: tokens.merchant2, payload: {} }));
    const o1 = await merchant2.next();
    expect(o0.count).toBeGreaterThan(0);
    expect(o1).toEqual({ count: 0, latest: [] });
  });

  it('a reader who reconnects gets what was published while away, at once', async () => {
    const first = await open(tokens.staff);
    const before = (await first.next())!;
    first.close();
    const id = await publish('While you were away');
    const again = await open(tokens.staff);
    const now = (await again.next())!;
    expect(now.count).toBe(before.count + 1);
    expect(now.latest[0]).toMatchObject({ id, title: 'While you were away' });
    // reading it in one window updates the others
    ok(await one.call({ method: 'POST', url: '/api/sys/announcement/read', token: tokens.staff, payload: { id } }));
    expect((await again.next())!.count).toBe(before.count);
  });

  it('a revoked announcement leaves the bell of those who had it', async () => {
    const staff = await open(tokens.staff);
    const before = (await staff.next())!;
    const id = await publish('Soon revoked');
    expect((await staff.next())!.count).toBe(before.count + 1);
    ok(await one.call({ method: 'POST', url: '/api/sys/announcement/revoke', token: tokens.merchant, payload: { id } }));
    const after = (await staff.next())!;
    expect(after.count).toBe(before.count);
    expect(after.latest.map((l) => l.id)).not.toContain(id);
  });

  describe("the reader's session, told on the same stream (on another app server)", () => {
    const PASSWORD = 'Welcome2026x';
    let staffRole = 0;
    let newcomer = 0;
    const addUser = async (username: string) => {
      const ids = await one.db.select({ id: departments.id }).from(departments).where(and(eq(departments.tenantId, 1), eq(departments.orgCode, 'A01A01')));
      const added = ok<{ id: number }>(
        await one.call({ method: 'POST', url: '/api/sys/user/add', token: tokens.merchant, payload: { username, password: PASSWORD, passwordChangeRequired: false, realname: username, departIds: [ids[0]!.id], roleIds: [staffRole] } }),
      );
      return { id: added.id, token: await one.login(username, PASSWORD) };
    };

    beforeAll(async () => {
      staffRole = (await one.db.select({ id: roles.id }).from(roles).where(and(eq(roles.tenantId, 1), eq(roles.roleCode, 'merchant_staff'))))[0]!.id;
      newcomer = (await addUser('streamReader')).id;
    });

    it('tells a reader whose rights changed to ask for them again, and nobody else', async () => {
      const reader = await open(await one.login('streamReader', PASSWORD));
      const merchant = await open(tokens.merchant);
      expect(await reader.nextEvent()).toBe('unread');
      expect(await merchant.nextEvent()).toBe('unread');
      // the reader's roles change: their rights may have
      ok(await one.call({ method: 'PUT', url: '/api/sys/user/edit', token: tokens.merchant, payload: { id: newcomer, realname: 'streamReader', departIds: [finance], roleIds: [staffRole] } }));
      // told to this reader alone: the screen asks at once
      expect(await reader.nextNotice()).toEqual({ event: 'access', data: '{}' });
      // a permission taken from the reader's role: its holders ask again; the merchant, not one of them, hears
      // nothing (its next event is the announcement published after)
      const granted = ok<number[]>(await one.call({ method: 'GET', url: '/api/sys/permission/queryRolePermission', token: tokens.merchant, query: { roleId: String(staffRole) } }));
      const fewer = granted.slice(1);
      ok(await one.call({ method: 'POST', url: '/api/sys/permission/saveRolePermission', token: tokens.merchant, payload: { roleId: staffRole, permissionIds: fewer, lastpermissionIds: granted } }));
      expect(await reader.nextEvent()).toBe('access');
      await publish('After the role changed');
      expect(await merchant.nextEvent()).toBe('unread');
      ok(await one.call({ method: 'POST', url: '/api/sys/permission/saveRolePermission', token: tokens.merchant, payload: { roleId: staffRole, permissionIds: granted, lastpermissionIds: fewer } }));
    });

    it('tells every reader at once when anyone\'s rights may have changed (a menu, a role of many), marked so that screens spread their questions', async () => {
      const reader = await open(await one.login('streamReader', PASSWORD));
      const merchant = await open(tokens.merchant);
      expect(await reader.nextEvent()).toBe('unread');
      expect(await merchant.nextEvent()).toBe('unread');
      // from app server one's bus: every app server's streams hear it
      await buses[0]!.publish({ kind: 'permissions' });
      expect(await reader.nextNotice()).toEqual({ event: 'access', data: '{"everyone":true}' });
      expect(await merchant.nextNotice()).toEqual({ event: 'access', data: '{"everyone":true}' });
    });

    it("tells a session revoked by an administrator to leave at once and ends its stream; the user's other session stays", async () => {
      const { token } = await addUser('streamRevoked');
      const reader = await open(token);
      expect(await reader.nextEvent()).toBe('unread');
      // the second sign-in is the newer session: the list is newest first
      const stays = await open(await one.login('streamRevoked', PASSWORD));
      expect(await stays.nextEvent()).toBe('unread');
      const sessions = ok<{ records: { id: number }[] }>(await one.call({ method: 'GET', url: '/api/sys/session/list', token: tokens.merchant, query: { username: 'streamRevoked' } }));
      expect(sessions.records).toHaveLength(2);
      ok(await one.call({ method: 'POST', url: '/api/sys/session/revoke', token: tokens.merchant, payload: { id: sessions.records[1]!.id } }));
      expect(await reader.nextEvent()).toBe('signed-out');
      expect(await reader.nextEvent()).toBeNull();
      // the other session heard nothing: its next event is the announcement published after
      await publish('After the revocation');
      expect(await stays.nextEvent()).toBe('unread');
    });

    it("tells a frozen user's screen to leave at once", async () => {
      const { id, token } = await addUser('streamFrozen');
      const reader = await open(token);
      expect(await reader.nextEvent()).toBe('unread');
      ok(await one.call({ method: 'PUT', url: '/api/sys/user/frozenBatch', token: tokens.merchant, payload: { ids: [id], status: 2 } }));
      expect(await reader.nextEvent()).toBe('signed-out');
      expect(await reader.nextEvent()).toBeNull();
    });
  });

  it('ends its streams when the server closes, so that closing does not wait for them', async () => {
    const stream = await open(tokens.merchant);
    await stream.next();
    await two.app.close();
    expect(await stream.next()).toBeNull();
  });
});
