import type { Db } from '../db/client.ts';
import type { CacheBus } from './cache-bus.ts';
import { TtlCache } from './ttl-cache.ts';

/*
 * Reference data that every write of some kind reads: the active rate cards (each new order's quote), a
 * tenant's push endpoints (each change merchants may be told of), the category names (each order's answer).
 * Kept in memory per database and forgotten through the cache bus when it changes, on every app server. A
 * handle and its transactions share drizzle's dialect object: that is how a transaction finds its database's
 * memory. A database no app keeps references for (seeds, scripts) reads them every time.
 */

export type ReferenceName = 'rateCards' | 'categories' | `pushEndpoints:${number}`;

// bounds a change that commits after a reader loaded the rows it replaces
const KEPT_MS = 10_000;
const memories = new WeakMap<object, TtlCache<ReferenceName, Promise<unknown>>>();
const buses = new WeakMap<object, CacheBus>();
const databaseOf = (db: Db): object => (db as unknown as { dialect: object }).dialect;

/** The app keeps the references of its database, forgetting what the bus says changed. */
export function keepReferences(db: Db, bus: CacheBus): void {
  const database = databaseOf(db);
  let memory = memories.get(database);
  if (!memory) memories.set(database, (memory = new TtlCache(KEPT_MS, 10_000)));
  buses.set(database, bus);
  const kept = memory;
  bus.subscribe((event) => {
    if (event.kind === 'reference') kept.delete(event.name);
  });
}

/** The reference `name` as kept, or loaded (and kept) now. */
export function referenced<Value>(db: Db, name: ReferenceName, load: () => Promise<Value>): Promise<Value> {
  const memory = memories.get(databaseOf(db));
  if (!memory) return load();
  const kept = memory.get(name);
  if (kept) return kept as Promise<Value>;
  const loading = load();
  memory.set(name, loading);
  // a failed read is not kept
  loading.catch(() => memory.delete(name));
  return loading;
}

/** Every app server forgets `name`: its writer calls this once the change is made. */
export async function referenceChanged(db: Db, name: ReferenceName): Promise<void> {
  const database = databaseOf(db);
  memories.get(database)?.delete(name);
  await buses.get(database)?.publish({ kind: 'reference', name });
}
