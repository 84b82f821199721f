import { PLATFORM_TENANT } from '@portal/shared/tenant';
import type { ServerResponse } from 'node:http';
import { ANNOUNCEMENT_STREAM_EVENT, SESSION_STREAM_EVENTS, type SessionNotice } from '@portal/shared/announcement';
import type { Db } from '../../../db/client.ts';
import type { CacheBus, CacheEvent } from '../../../lib/cache-bus.ts';
import { tenantsWithTimesBetween, unreadSummary, type Reader } from '../repository.ts';

export type HubOptions = {
  /** a comment line this often keeps proxies from closing an idle stream; also when start and end times are checked */
  heartbeatMs: number;
  /** a stream is closed after this long, so that the client reconnects and its session is checked again */
  maxLifetimeMs: number;
  /** streams of one user (tabs, windows); the oldest is closed past it */
  maxPerUser: number;
  onError: (error: unknown) => void;
  /** whether a stream's session still holds in its tenant, asked after an event that may have ended it */
  stillSignedIn: (tokenHash: string, tenantId: number) => Promise<boolean>;
};

export const DEFAULT_HUB_OPTIONS: Omit<HubOptions, 'onError' | 'stillSignedIn'> = { heartbeatMs: 25_000, maxLifetimeMs: 30 * 60_000, maxPerUser: 8 };

/** A slow reader whose unsent events pass this is dropped (it reconnects and gets the count anew). */
const BACKLOG_LIMIT = 256 * 1024;

type Connection = Reader & {
  id: number;
  tokenHash: string;
  sessionId: number;
  response: ServerResponse;
  openedAt: number;
  /** the last summary sent, as JSON: an event is sent only when it changes */
  lastSent: string | null;
  /** one recount at a time per stream, in order */
  chain: Promise<void>;
};

/**
 * The live side of announcements: the open event streams of this app server, and what each reader is
 * told. A stream gets its reader's unread summary at once when it opens (a client that was away sees
 * what was published meanwhile), and again whenever it changes: an `announcement` event on the cache bus
 * (from this or any app server) makes the streams it may concern recount, and only those whose figure
 * changed hear anything. A reader outside an announcement's audience is therefore told nothing.
 *
 * The same stream is the signed-in screen's only live channel, so it also tells a reader about their session:
 * after an event that may have changed their rights or ended their session, `access` (the screen asks for its
 * menu and buttons again) or `signed-out` (the screen leaves at once; the stream ends).
 */
export class AnnouncementHub {
  private readonly connections = new Map<number, Connection>();
  private nextId = 1;
  private eventId = 0;
  private closed = false;
  private lastTick = new Date();
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly db: Db,
    bus: CacheBus,
    private readonly options: HubOptions,
  ) {
    bus.subscribe((event) => this.onEvent(event));
    this.timer = setInterval(() => void this.tick(), options.heartbeatMs);
    this.timer.unref();
  }

  get size(): number {
    return this.connections.size;
  }

  /** Takes over an open response (headers sent) for the reader. */
  open(response: ServerResponse, reader: Reader & { tokenHash: string; sessionId: number }): void {
    if (this.closed) {
      response.end();
      return;
    }
    const own = [...this.connections.values()].filter((c) => c.userId === reader.userId);
    for (const old of own.slice(0, Math.max(0, own.length - this.options.maxPerUser + 1))) this.end(old);
    const connection: Connection = { ...reader, id: this.nextId++, response, openedAt: Date.now(), lastSent: null, chain: Promise.resolve() };
    this.connections.set(connection.id, connection);
    response.on('close', () => this.connections.delete(connection.id));
    // the browser's EventSource would wait this long before reconnecting; our client has its own backoff
    response.write('retry: 3000\n\n');
    this.recount(connection);
  }

  /** Ends every stream (the server is closing); later ones are ended at once. */
  close(): void {
    this.closed = true;
    clearInterval(this.timer);
    for (const connection of this.connections.values()) this.end(connection);
  }

  private onEvent(event: CacheEvent): void {
    if (this.closed) return;
    if (event.kind === 'announcement') {
      for (const c of this.connections.values()) {
        const concerned = event.userId !== undefined ? c.userId === event.userId : event.tenantId === PLATFORM_TENANT || c.tenantId === event.tenantId;
        if (concerned) this.recount(c);
      }
      return;
    }
    // a role's or a menu's permissions: anyone's rights may have changed, and no session has ended; every screen
    // hears it at once, so each spreads its question over a moment
    if (event.kind === 'permissions') {
      for (const c of this.connections.values()) this.send(c, this.notice(SESSION_STREAM_EVENTS.access, { everyone: true }));
      return;
    }
    // the events that may have ended a session (a sign-out, a revocation, a frozen user or tenant) or changed a
    // user's rights (their roles, department, tenant's package): each stream concerned is checked
    for (const c of this.connections.values()) {
      const concerned =
        (event.kind === 'session' && c.tokenHash === event.tokenHash) ||
        (event.kind === 'sessions' && event.sessionIds.includes(c.sessionId)) ||
        (event.kind === 'user' && c.userId === event.userId) ||
        (event.kind === 'tenant' && c.tenantId === event.tenantId);
      if (concerned) this.recheck(c);
    }
  }

  /** Tells a stream whether its session still holds: `access` (ask for the rights again) or `signed-out` and the end. */
  private recheck(connection: Connection): void {
    connection.chain = connection.chain
      .then(async () => {
        if (!this.connections.has(connection.id)) return;
        const holds = await this.options.stillSignedIn(connection.tokenHash, connection.tenantId);
        if (holds) {
          this.send(connection, this.notice(SESSION_STREAM_EVENTS.access));
          return;
        }
        this.send(connection, this.notice(SESSION_STREAM_EVENTS.signedOut));
        this.end(connection);
      })
      .catch((error: unknown) => {
        this.options.onError(error);
        // the client reconnects and is checked again
        this.end(connection);
      });
  }

  private notice(event: string, data: SessionNotice = {}): string {
    return `id: ${++this.eventId}\nevent: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
  }

  private recount(connection: Connection): void {
    connection.chain = connection.chain
      .then(async () => {
        if (!this.connections.has(connection.id)) return;
        const summary = JSON.stringify(await unreadSummary(this.db, connection));
        if (summary === connection.lastSent || !this.connections.has(connection.id)) return;
        connection.lastSent = summary;
        this.send(connection, `id: ${++this.eventId}\nevent: ${ANNOUNCEMENT_STREAM_EVENT}\ndata: ${summary}\n\n`);
      })
      .catch((error: unknown) => {
        this.options.onError(error);
        // the client reconnects and asks again
        this.end(connection);
      });
  }

  private async tick(): Promise<void> {
    const now = new Date();
    for (const c of this.connections.values()) {
      if (now.getTime() - c.openedAt > this.options.maxLifetimeMs) this.end(c);
      else this.send(c, ': ping\n\n');
    }
    const since = this.lastTick;
    this.lastTick = now;
    if (this.connections.size === 0) return;
    try {
      const tenants = await tenantsWithTimesBetween(this.db, since, now);
      for (const tenantId of tenants) this.onEvent({ kind: 'announcement', tenantId });
    } catch (error) {
      this.options.onError(error);
    }
  }

  private send(connection: Connection, text: string): void {
    const { response } = connection;
    if (response.destroyed || response.writableEnded) return;
    if (response.writableLength > BACKLOG_LIMIT) {
      this.end(connection);
      return;
    }
    response.write(text);
  }

  private end(connection: Connection): void {
    this.connections.delete(connection.id);
    if (!connection.response.writableEnded) connection.response.end();
  }
}
