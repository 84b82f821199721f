import pg from 'pg';
import type { ReferenceName } from './reference-memory.ts';

/** What in-memory caches must forget, and what the announcement streams must tell. Every app server hears every event. */
export type CacheEvent =
  | { kind: 'user'; userId: number }
  | { kind: 'session'; tokenHash: string }
  /** sessions ended by id (an administrator's revocation, the concurrent-session limit): no hash travels */
  | { kind: 'sessions'; sessionIds: number[] }
  | { kind: 'permissions' }
  /** a tenant frozen, unfrozen, moved to another package or given another validity period */
  | { kind: 'tenant'; tenantId: number }
  /** an API key edited, rolled or revoked: the open API's key cache forgets it */
  | { kind: 'apiKey'; keyId: number }
  | { kind: 'dicts' }
  /** reference data kept in memory changed (lib/reference-memory.ts) */
  | { kind: 'reference'; name: ReferenceName }
  /** an announcement of `tenantId` (0: the platform's) was published or revoked, or `userId` read some: the readers' streams recount */
  | { kind: 'announcement'; tenantId: number; userId?: number };

export type CacheBus = {
  publish(event: CacheEvent): Promise<void>;
  subscribe(listener: (event: CacheEvent) => void): void;
  close(): Promise<void>;
};

const CHANNEL = 'portal_cache';
/** LISTEN takes no bound channel name: the statement is written out, naming CHANNEL (decision 0033). */
const LISTEN = 'listen portal_cache';

/** One process (the embedded database): events go straight to the listeners. */
export function createLocalBus(): CacheBus {
  const listeners: ((event: CacheEvent) => void)[] = [];
  return {
    async publish(event) {
      for (const listener of listeners) listener(event);
    },
    subscribe: (listener) => void listeners.push(listener),
    close: async () => undefined,
  };
}

/**
 * Several app servers on one PostgreSQL: events travel by LISTEN/NOTIFY, so a logout or a frozen
 * account on one server is forgotten by all. Local listeners are told at once, before the round trip.
 */
export async function createPostgresBus(url: string, onError: (error: Error) => void): Promise<CacheBus> {
  const local = createLocalBus();
  const listener = new pg.Client({ connectionString: url });
  listener.on('error', onError);
  await listener.connect();
  await listener.query(LISTEN);
  listener.on('notification', (note) => {
    if (note.channel !== CHANNEL || !note.payload) return;
    try {
      void local.publish(JSON.parse(note.payload) as CacheEvent);
    } catch (error) {
      onError(error as Error);
    }
  });
  return {
    async publish(event) {
      await local.publish(event);
      await listener.query('select pg_notify($1, $2)', [CHANNEL, JSON.stringify(event)]);
    },
    subscribe: local.subscribe,
    close: () => listener.end(),
  };
}
