import type { Db } from '../../../db/client.ts';
import type { CacheBus } from '../../../lib/cache-bus.ts';
import { TtlCache } from '../../../lib/ttl-cache.ts';
import { belongsIn } from './built-in-roles.ts';
import { hashToken } from '../../../lib/tokens.ts';
import {
  findSession,
  loadGrantedPermissionIds,
  loadPackagePermissionIds,
  loadPermissionCatalogue,
  touchSession,
  type PermissionRow,
  type SessionRecord,
} from './repository.ts';

/** A session's last use is written at most this often: the list shows minutes, and a request never waits for it. */
export const LAST_SEEN_EVERY_MS = 60_000;

export type Catalogue = {
  rows: PermissionRow[];
  byId: Map<number, PermissionRow>;
  /** codes of rules switched off (status '0'): everyone passes them */
  openCodes: Set<string>;
  /** entries that ask their reader for one of these codes besides their own (entryNeeds) */
  needs: ReadonlyMap<number, readonly string[]>;
};

/**
 * Entries of the catalogue whose page reads what other screens guard, with those screens' codes: a reader
 * must hold one of them too, or the entry would open on a refusal. A higher module (online reports over a
 * data set) registers one; the catalogue asks each on every reload.
 */
export type EntryNeeds = (db: Db) => Promise<ReadonlyMap<number, readonly string[]>>;

export type UserAccess = {
  /** granted permission rows, ancestors of granted menus included */
  grantedIds: Set<number>;
  codes: Set<string>;
};

export const splitCodes = (perms: string) =>
  perms
    .split(',')
    .map((c) => c.trim())
    .filter(Boolean);

/**
 * Who is calling and what they may do, cached in memory for a few seconds. Every change that matters
 * (logout, password change, freezing, role or menu edits) is published on the cache bus, which reaches
 * every app server, so the TTL only bounds the damage of a lost notification.
 */
export class AccessService {
  /** keyed by the token itself, so a hit costs no hashing; events name the hash, never the token */
  private readonly sessions = new TtlCache<string, SessionRecord & { tokenHash: string }>(15_000);
  private readonly access = new TtlCache<string, UserAccess>(60_000);
  private catalogue: Promise<Catalogue> | null = null;
  private readonly entryNeeds: EntryNeeds[] = [];
  /** sessions whose last use was written in the last minute, on this app server */
  private readonly seen = new TtlCache<number, true>(LAST_SEEN_EVERY_MS);
  /** last-use writes under way (tests wait for them; a request never does) */
  private readonly touching = new Set<Promise<void>>();

  constructor(
    private readonly db: Db,
    private readonly bus: CacheBus,
    private readonly onError: (error: unknown) => void = () => undefined,
  ) {
    bus.subscribe((event) => {
      switch (event.kind) {
        case 'session':
          this.sessions.deleteWhere((_, s) => s.tokenHash === event.tokenHash);
          break;
        case 'sessions': {
          const ended = new Set(event.sessionIds);
          this.sessions.deleteWhere((_, s) => ended.has(s.sessionId));
          break;
        }
        case 'user':
          this.sessions.deleteWhere((_, s) => s.userId === event.userId);
          this.access.deleteWhere((key) => key.startsWith(`${event.userId}:`));
          break;
        case 'permissions':
          this.catalogue = null;
          this.access.clear();
          break;
        case 'tenant':
          this.sessions.deleteWhere((_, s) => s.defaultTenantId === event.tenantId || s.tenantIds.includes(event.tenantId));
          this.access.deleteWhere((key) => key.endsWith(`:${event.tenantId}`));
          break;
      }
    });
  }

  async session(token: string): Promise<(SessionRecord & { tokenHash: string }) | null> {
    const cached = this.sessions.get(token);
    if (cached && cached.expiresAt > Date.now()) return cached;
    const tokenHash = hashToken(token);
    const found = await findSession(this.db, tokenHash);
    if (!found) {
      this.sessions.delete(token);
      return null;
    }
    const session = { ...found, tokenHash };
    this.sessions.set(token, session);
    return session;
  }

  /**
   * Whether the session of `tokenHash` still holds in `tenantId`, read from the database (not the cache): asked by
   * the live streams when an event may have ended it.
   */
  async stillSignedIn(tokenHash: string, tenantId: number): Promise<boolean> {
    const found = await findSession(this.db, tokenHash);
    return found !== null && found.expiresAt > Date.now() && (found.defaultTenantId === tenantId || found.tenantIds.includes(tenantId));
  }

  /**
   * Notes that a session was used from `ip`: written at most once a minute per session, off the request's
   * path (never awaited), and a failed write is logged, never the request's failure.
   */
  touch(sessionId: number, ip: string): void {
    if (this.seen.get(sessionId)) return;
    this.seen.set(sessionId, true);
    const writing = touchSession(this.db, sessionId, ip).catch((error: unknown) => this.onError(error));
    this.touching.add(writing);
    void writing.finally(() => this.touching.delete(writing));
  }

  /** Waits for the last-use writes under way (tests, and a server closing its database). */
  async lastSeenWritten(): Promise<void> {
    await Promise.all([...this.touching]);
  }

  /** Adds what some entries ask besides their own code (EntryNeeds); a change to it publishes `permissions`. */
  registerEntryNeeds(needs: EntryNeeds): void {
    this.entryNeeds.push(needs);
    this.catalogue = null;
  }

  getCatalogue(): Promise<Catalogue> {
    if (!this.catalogue) {
      const loading = Promise.all([loadPermissionCatalogue(this.db), ...this.entryNeeds.map((needs) => needs(this.db))]).then(([rows, ...needed]) => ({
        rows,
        byId: new Map(rows.map((r) => [r.id, r])),
        openCodes: new Set(rows.filter((r) => r.status === '0').flatMap((r) => splitCodes(r.perms))),
        needs: new Map(needed.flatMap((map) => [...map])),
      }));
      // a failed load must not be remembered
      loading.catch(() => {
        if (this.catalogue === loading) this.catalogue = null;
      });
      this.catalogue = loading;
    }
    return this.catalogue;
  }

  async userAccess(session: Pick<SessionRecord, 'userId' | 'orgCode'>, tenantId: number): Promise<UserAccess> {
    const key = `${session.userId}:${tenantId}`;
    const cached = this.access.get(key);
    if (cached) return cached;
    const [catalogue, granted, packaged] = await Promise.all([
      this.getCatalogue(),
      loadGrantedPermissionIds(this.db, session.userId, tenantId, session.orgCode),
      loadPackagePermissionIds(this.db, tenantId),
    ]);
    const grantedIds = new Set<number>();
    for (const id of granted) {
      // platform screens are never granted inside a merchant tenant, nor merchant screens inside the platform's, whatever a role says
      let row = catalogue.byId.get(id);
      if (!row || !belongsIn(row, tenantId)) continue;
      // nor anything outside the tenant's package (decision 0018): a role's grant there lies dormant
      if (packaged && !packaged.has(row.id)) continue;
      grantedIds.add(row.id);
      // a granted entry brings its ancestors, so grants can be made on leaves
      while (row?.parentId != null && !grantedIds.has(row.parentId)) {
        row = catalogue.byId.get(row.parentId);
        if (row) grantedIds.add(row.id);
      }
    }
    const codes = new Set<string>();
    for (const id of grantedIds) for (const code of splitCodes(catalogue.byId.get(id)?.perms ?? '')) codes.add(code);
    const access = { grantedIds, codes };
    this.access.set(key, access);
    return access;
  }

  async can(access: UserAccess, code: string): Promise<boolean> {
    if (access.codes.has(code)) return true;
    return (await this.getCatalogue()).openCodes.has(code);
  }

  publish = (event: Parameters<CacheBus['publish']>[0]) => this.bus.publish(event);
}
