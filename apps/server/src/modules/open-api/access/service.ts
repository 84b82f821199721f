import { BlockList, isIP } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client.ts';
import { AppError, forbidden } from '../../../lib/errors.ts';
import type { CacheBus } from '../../../lib/cache-bus.ts';
import { TtlCache } from '../../../lib/ttl-cache.ts';
import { SCOPE_PERMISSIONS, type ApiScope } from '@portal/shared/open-api';
import type { HeldRights } from '../../auth/access/holder.ts';
import { hashApiKey, isApiKeyText } from '../key/model.ts';
import { touchKey, usableKeyByHash, type ApiKeyRecord } from './repository.ts';

/**
 * Who calls the open API: a key of one tenant, with its scopes; never a user's session. It acts with the
 * rights of its holder (decision 0027): `held` are the scopes whose permissions the holder holds now, and
 * the holder's data rules narrow what it reads.
 */
export type ApiKeyCaller = Omit<ApiKeyRecord, 'ipAllowList' | 'holder' | 'usableUntil'> & {
  holder: { userId: number; username: string; orgCode: string | null };
  held: ReadonlySet<ApiScope>;
};

const keyRefused = () => new AppError(401, 'apiKeyInvalid');

/** "Authorization: Bearer mpk_…": the key, or undefined when the header is absent or not of that shape. */
export function presentedKey(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  const key = match?.[1];
  return key && isApiKeyText(key) ? key : undefined;
}

/**
 * Is `ip` inside one of the addresses or CIDR ranges? (An empty list allows every address.) Never throws:
 * an address that is none (no socket address) is refused, and a stored entry that is no address or range
 * (the form checks them; a hand-edited row may not) allows nothing, rather than failing the call with a 500.
 */
export function ipAllowed(ip: string, allowList: readonly string[]): boolean {
  if (allowList.length === 0) return true;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1];
  const address = mapped ?? ip;
  const family = isIP(address);
  if (family === 0) return false;
  const list = new BlockList();
  for (const entry of allowList) {
    const [base = '', bits, ...rest] = entry.split('/');
    const entryFamily = isIP(base);
    if (entryFamily === 0 || rest.length > 0) continue;
    const type = entryFamily === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) {
      list.addAddress(base, type);
      continue;
    }
    const prefix = Number(bits);
    if (/^\d{1,3}$/.test(bits) && prefix <= (entryFamily === 6 ? 128 : 32)) list.addSubnet(base, prefix, type);
  }
  return list.check(address, family === 6 ? 'ipv6' : 'ipv4');
}

/** Last use is written at most once a minute per key, off the request's path. */
const TOUCH_EVERY_MS = 60_000;
/** How long a key found is kept in memory, as a session is: every change to it, its holder or its company is published and forgets it at once. */
const KEY_CACHE_MS = 15_000;

export class ApiKeyAccess {
  private readonly touched = new TtlCache<number, true>(TOUCH_EVERY_MS);
  /** keys found, by their secret's hash */
  private readonly keys = new TtlCache<string, ApiKeyRecord>(KEY_CACHE_MS);
  /** the last-use writes under way, which a closing server waits for (as the sessions' do) */
  private readonly writing = new Set<Promise<void>>();

  constructor(
    private readonly db: Db,
    private readonly rights: HeldRights,
    private readonly log: FastifyBaseLogger,
    bus: CacheBus,
  ) {
    bus.subscribe((event) => {
      switch (event.kind) {
        case 'apiKey':
          this.keys.deleteWhere((_, key) => key.keyId === event.keyId);
          break;
        case 'user':
          this.keys.deleteWhere((_, key) => key.holder?.userId === event.userId);
          break;
        case 'tenant':
          this.keys.deleteWhere((_, key) => key.tenantId === event.tenantId);
          break;
      }
    });
  }

  /** The key whose secret has this hash, if it works now: from memory when it was found a moment ago. */
  private async usableKey(hash: string): Promise<ApiKeyRecord | undefined> {
    const cached = this.keys.get(hash);
    if (cached && cached.usableUntil.getTime() > Date.now()) return cached;
    const found = await usableKeyByHash(this.db, hash);
    if (found) this.keys.set(hash, found);
    else this.keys.delete(hash);
    return found;
  }

  /** The caller of an open-API request; 401 for a missing or unusable key, 403 from an address the key does not allow. */
  async authenticate(authorization: string | undefined, ip: string): Promise<ApiKeyCaller> {
    const key = presentedKey(authorization);
    if (!key) throw keyRefused();
    const record = await this.usableKey(hashApiKey(key));
    if (!record) throw keyRefused();
    if (!ipAllowed(ip, record.ipAllowList)) throw forbidden('apiKeyIpRefused', { ip });
    // the whole key stops with its holder: frozen, deleted, or no longer one of the company's users
    const holder = record.holder;
    if (!holder || holder.state !== 'ACTIVE') throw new AppError(401, 'apiKeyHolderInactive', { holder: holder?.username ?? '' });
    if (!this.touched.get(record.keyId)) {
      this.touched.set(record.keyId, true);
      const write = touchKey(this.db, record.tenantId, record.keyId, ip)
        .catch((error: unknown) => this.log.warn({ err: error }, 'api key last use'))
        .finally(() => this.writing.delete(write));
      this.writing.add(write);
    }
    const held = await this.rights(SCOPE_PERMISSIONS, holder, record.tenantId);
    return { keyId: record.keyId, tenantId: record.tenantId, scopes: record.scopes, createdBy: record.createdBy, holder: { userId: holder.userId, username: holder.username, orgCode: holder.orgCode }, held };
  }

  /** Resolves once the last-use writes under way are done (a closing server calls it before the database closes). */
  async lastUseWritten(): Promise<void> {
    await Promise.all([...this.writing]);
  }
}
