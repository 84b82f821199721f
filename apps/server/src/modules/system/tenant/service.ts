import { randomBytes } from 'node:crypto';
import type { Language } from '@portal/shared/languages';
import type { TenantAddInput, TenantAdded, TenantEditInput, TenantRecord } from '@portal/shared/system-tenants';
import { normalisePhone } from '@portal/shared/sys';
import { isStrongPassword } from '@portal/shared/password-rule';
import type { Db } from '../../../db/client.ts';
import type { CacheEvent } from '../../../lib/cache-bus.ts';
import { badRequest, conflict, notFound } from '../../../lib/errors.ts';
import { violatedConstraint } from '../../../lib/db-errors.ts';
import { hashPassword } from '../../../lib/passwords.ts';
import { recordAudit, type AuditActor } from '../../../lib/audit.ts';
import { defaultPackageId, findPackage } from '../tenant-package/repository.ts';
import { phoneTakenBy, usernameTakenBy } from '../user/repository.ts';
import { endTenantSessions } from '../../auth/session/service.ts';
import { createMerchant, findTenant, lockTenants, setTenantStatus, tenantNamed, updateTenant, type TenantValues } from './repository.ts';

/*
 * Merchant companies as the platform administers them: made exactly as registration makes one
 * (built-in roles inside its package, root department, main account heading it), edited, frozen and
 * unfrozen. A frozen company, or one outside its validity period, signs nobody in, and its people's open
 * sessions end at their next request on every app server (the access service checks the company at each
 * session look-up; the `tenant` event makes every server look again at once).
 */

/** What a tenant call needs of the app: who acts (for the audit log) and the cache bus. */
export type TenantCaller = { actor: AuditActor; publish: (event: CacheEvent) => Promise<void> | void };

const RESOURCE = 'tenant';

const requireFound = (record: TenantRecord | null): TenantRecord => {
  if (!record) throw notFound('tenantNotFound');
  return record;
};

type Columns = Omit<TenantEditInput, 'id'>;

/** The form's values checked: the period's order, and a package that exists (and, when newly chosen, is in use). */
async function valuesOf(db: Db, input: Columns, currentPackageId: number | null): Promise<TenantValues> {
  const validFrom = input.validFrom ? new Date(input.validFrom) : null;
  const validUntil = input.validUntil ? new Date(input.validUntil) : null;
  if (validFrom && validUntil && validUntil <= validFrom) throw badRequest('tenantValidityOrder');
  const chosen = await findPackage(db, input.packageId);
  if (!chosen) throw notFound('packageNotFound');
  if (chosen.status !== 1 && chosen.id !== currentPackageId) throw badRequest('packageDisabled', { name: chosen.name });
  return { name: input.name, packageId: input.packageId, validFrom, validUntil, contactName: input.contactName, contactPhone: input.contactPhone, contactEmail: input.contactEmail };
}

/** A password that passes the rule (letters and digits), shown once to the administrator who made the account. */
const generatedPassword = () => `${randomBytes(9).toString('base64url')}a7`;

/** A new merchant's main account takes a name and a number nobody holds, deleted accounts included. */
export async function refuseTakenAccount(db: Db, phone: string, username?: string): Promise<void> {
  if (username !== undefined && (await usernameTakenBy(db, username))) throw conflict('usernameTaken');
  if (await phoneTakenBy(db, phone)) throw conflict('phoneTaken');
}

/** Another sign-up took the name or number between the checks and the insert: answered as the check would. */
export function takenAccountOf(error: unknown): unknown {
  const constraint = violatedConstraint(error);
  if (constraint === 'sys_user_username_uq') return conflict('usernameTaken');
  if (constraint === 'sys_user_phone_uq') return conflict('phoneTaken');
  return error;
}

/** A company registering itself: made on the default package (the seed keeps one at every start), inside the caller's transaction. */
/** Two companies of one name could not be told apart in any picker (targets, statistics, the tenant list): 409 naming it. */
export async function refuseTakenTenantName(db: Db, name: string, exceptId?: number): Promise<void> {
  const taken = await tenantNamed(db, name, exceptId);
  if (taken) throw conflict('tenantNameTaken', { name: taken.name });
}

export async function registerMerchant(tx: Db, values: { companyName: string; username: string; phone: string; passwordHash: string; language: Language }): Promise<{ tenantId: number; userId: number }> {
  await refuseTakenTenantName(tx, values.companyName);
  const packageId = await defaultPackageId(tx);
  if (packageId === null) throw new Error('register: no default tenant package');
  return createMerchant(tx, { ...values, packageId });
}

export async function addTenant(db: Db, caller: TenantCaller, input: TenantAddInput): Promise<TenantAdded> {
  const values = await valuesOf(db, input, null);
  const { account } = input;
  const phone = normalisePhone(account.phone);
  if (!phone) throw badRequest('phoneInvalid');
  if (account.password !== undefined && !isStrongPassword(account.password)) throw badRequest('passwordWeak');
  await refuseTakenAccount(db, phone, account.username);
  await refuseTakenTenantName(db, values.name);
  const generated = account.password === undefined ? generatedPassword() : null;
  const passwordHash = await hashPassword(account.password ?? (generated as string));
  try {
    const tenant = await db.transaction(async (scoped) => {
      const { name, packageId, ...extras } = values;
      const created = await createMerchant(scoped, {
        companyName: name,
        username: account.username,
        realname: account.realname,
        phone,
        passwordHash,
        // the platform chose or saw the password: the main account changes it at its first sign-in
        passwordChangeRequired: true,
        language: 'zh-TW',
        packageId,
        tenant: extras,
      });
      const after = requireFound(await findTenant(scoped, created.tenantId));
      await recordAudit(scoped, caller.actor, { resource: RESOURCE, resourceId: after.id, action: 'create', label: after.name, before: null, after });
      return after;
    });
    return { tenant, generatedPassword: generated };
  } catch (error) {
    throw takenAccountOf(error);
  }
}

export async function editTenant(db: Db, caller: TenantCaller, { id, ...input }: TenantEditInput): Promise<TenantRecord> {
  const tenant = await db.transaction(async (scoped) => {
    const [before] = await lockTenants(scoped, [id]);
    if (!before) throw notFound('tenantNotFound');
    const values = await valuesOf(scoped, input, before.packageId);
    await refuseTakenTenantName(scoped, values.name, id);
    await updateTenant(scoped, id, values);
    const after = requireFound(await findTenant(scoped, id));
    await recordAudit(scoped, caller.actor, { resource: RESOURCE, resourceId: id, action: 'update', label: after.name, before, after });
    return after;
  });
  // another package or period takes effect at the tenant's next request, on every app server
  await caller.publish({ kind: 'tenant', tenantId: id });
  return tenant;
}

/**
 * Freezes (status 0) or unfreezes (1) tenants: all or nothing (an id that is no merchant tenant is 404). Freezing
 * ends the open sessions of the company's people; a tenant already in that state is left as it is.
 */
export async function setTenantsFrozen(db: Db, caller: TenantCaller, ids: readonly number[], frozen: boolean): Promise<number> {
  const unique = [...new Set(ids)];
  const status = frozen ? 0 : 1;
  const changed = await db.transaction(async (scoped) => {
    const locked = await lockTenants(scoped, unique);
    if (locked.length !== unique.length) throw notFound('tenantNotFound');
    const moving = locked.filter((tenant) => tenant.status !== status);
    if (moving.length === 0) return [];
    await setTenantStatus(
      scoped,
      moving.map((tenant) => tenant.id),
      status,
    );
    for (const before of moving) {
      if (frozen) await endTenantSessions(scoped, before.id);
      await recordAudit(scoped, caller.actor, { resource: RESOURCE, resourceId: before.id, action: frozen ? 'freeze' : 'unfreeze', label: before.name, before, after: { ...before, status } });
    }
    return moving.map((tenant) => tenant.id);
  });
  for (const tenantId of changed) await caller.publish({ kind: 'tenant', tenantId });
  return unique.length;
}

export async function tenantDetail(db: Db, id: number): Promise<TenantRecord> {
  return requireFound(await findTenant(db, id));
}
