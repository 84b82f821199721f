import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { and, eq, inArray } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import type { PermissionTree, RoleRecord } from '@portal/shared/system-roles';
import { createTestApp, testDbKind, type TestApp } from '../../helpers/test-app.ts';
import { ok } from '../../helpers/answers.ts';
import { permissions, rolePermissions, userRoles, userTenants, users } from '../../../src/db/schema/sys.ts';

/*
 * The rules of delegation on the real server: seeded random sequences of
 * saveRolePermission and role assignment calls by a non-top administrator of tenant 1 ("deputy"), whose role
 * holds a random subset of what the merchant may grant. Every accepted call leaves the database within the
 * rules (what changed is held by the deputy, computed from the database); every refused one changes nothing.
 */

const SEQUENCES = 20;
const NEEDED = ['system:role:list', 'system:role:edit', 'system:role:auth'];

/** a save toggles some of what the merchant may grant on the role's current grants, and now and then one id of the platform's */
type Op = { kind: 'save'; role: number; toggles: number[]; stray: boolean } | { kind: 'assign' | 'unassign'; role: number; user: number };

describe(`delegation on random call sequences (${testDbKind()})`, { timeout: 300_000 }, () => {
  let t: TestApp;
  let merchant = '';
  let deputy = '';
  let deputyRole = 0;
  let deputyUser = 0;
  let grantable: number[] = [];
  let needed: number[] = [];
  const targets: number[] = [];
  const people: number[] = [];

  const call = (token: string, method: 'GET' | 'POST' | 'DELETE', url: string, data: Record<string, unknown>): Promise<LightMyRequestResponse> =>
    method === 'POST'
      ? t.call({ method, url: `/api${url}`, token, payload: data })
      : t.call({ method, url: `/api${url}`, token, query: Object.fromEntries(Object.entries(data).map(([k, v]) => [k, String(v)])) });

  /** What the deputy holds in tenant 1, from the database: their roles' grants and the ancestors, the platform's own screens left out. */
  async function deputyHeld(): Promise<Set<number>> {
    const catalogue = await t.db.select({ id: permissions.id, parentId: permissions.parentId, platformOnly: permissions.platformOnly }).from(permissions);
    const byId = new Map(catalogue.map((p) => [p.id, p]));
    const granted = await t.db
      .select({ id: rolePermissions.permissionId })
      .from(rolePermissions)
      .innerJoin(userRoles, and(eq(userRoles.roleId, rolePermissions.roleId), eq(userRoles.tenantId, rolePermissions.tenantId)))
      .where(and(eq(userRoles.userId, deputyUser), eq(userRoles.tenantId, 1)));
    const held = new Set<number>();
    for (const { id } of granted) {
      if (byId.get(id)?.platformOnly) continue;
      for (let p = byId.get(id); p; p = p.parentId === null ? undefined : byId.get(p.parentId)) held.add(p.id);
    }
    return held;
  }

  async function snapshot() {
    const grants = await t.db.select().from(rolePermissions).where(and(eq(rolePermissions.tenantId, 1), inArray(rolePermissions.roleId, targets)));
    const links = await t.db.select().from(userRoles).where(and(eq(userRoles.tenantId, 1), inArray(userRoles.roleId, targets)));
    const byRole = new Map(targets.map((r) => [r, new Set(grants.filter((g) => g.roleId === r).map((g) => g.permissionId))]));
    return { byRole, links: new Set(links.map((l) => `${l.roleId}:${l.userId}`)) };
  }

  beforeAll(async () => {
    t = await createTestApp();
    merchant = await t.login('merchant');
    grantable = ok<PermissionTree>(await call(merchant, 'GET', '/sys/role/queryTreeList', {})).ids;
    needed = (await t.db.select({ id: permissions.id }).from(permissions).where(inArray(permissions.perms, NEEDED))).map((p) => p.id);
    deputyRole = ok<RoleRecord>(await call(merchant, 'POST', '/sys/role/add', { roleCode: 'deputy', roleName: 'Deputy' })).id;
    for (const code of ['target1', 'target2', 'target3']) targets.push(ok<RoleRecord>(await call(merchant, 'POST', '/sys/role/add', { roleCode: code, roleName: code })).id);
    // the deputy: a plain user of tenant 1 (not the main account), signing in with the demo password
    const [{ passwordHash }] = (await t.db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.username, 'merchant'))) as [{ passwordHash: string }];
    const [row] = await t.db.insert(users).values({ username: 'deputy', realname: 'Deputy', passwordHash, defaultTenantId: 1 }).returning({ id: users.id });
    deputyUser = row!.id;
    await t.db.insert(userTenants).values({ userId: deputyUser, tenantId: 1 });
    ok(await call(merchant, 'POST', '/sys/user/addSysUserRole', { roleId: deputyRole, userIdList: [deputyUser] }));
    deputy = await t.login('deputy');
    const [staff] = await t.db.select({ id: users.id }).from(users).where(eq(users.username, 'staff'));
    people.push(staff!.id, deputyUser, (await t.db.select({ id: users.id }).from(users).where(eq(users.username, 'merchant')))[0]!.id);
  });
  afterAll(() => t.close());

  it(`every accepted call stays within the rules and every refused one changes nothing (${SEQUENCES} seeded sequences)`, async () => {
    const platformIds = (await t.db.select({ id: permissions.id }).from(permissions).where(eq(permissions.platformOnly, true))).map((p) => p.id);
    const subsetOf = (ids: number[]) => fc.subarray(ids);
    const op: fc.Arbitrary<Op> = fc.oneof(
      fc.record({ kind: fc.constant('save' as const), role: fc.constantFrom(0, 1, 2), toggles: fc.array(fc.nat(), { minLength: 1, maxLength: 4 }), stray: fc.boolean() }),
      fc.record({ kind: fc.constantFrom('assign' as const, 'unassign' as const), role: fc.constantFrom(0, 1, 2), user: fc.constantFrom(0, 1, 2) }),
    ) as fc.Arbitrary<Op>;
    let accepted = 0;
    let refusedCalls = 0;
    let sequences = 0;
    await fc.assert(
      fc.asyncProperty(subsetOf(grantable), fc.array(fc.nat(), { minLength: 3, maxLength: 3 }), fc.array(op, { minLength: 2, maxLength: 5 }), async (deputyGrants, seeds, ops) => {
        // two target roles inside what the deputy holds, one with anything the merchant may grant
        const targetGrants = seeds.map((seed, i) => (i < 2 ? deputyGrants : grantable).filter((_, k) => (k + seed) % 3 === 0));
        sequences++;
        // the merchant (top) sets the scene: the deputy's role and the target roles, through the API
        ok(await call(merchant, 'POST', '/sys/permission/saveRolePermission', { roleId: deputyRole, permissionIds: [...new Set([...deputyGrants, ...needed])] }));
        for (const [i, role] of targets.entries()) ok(await call(merchant, 'POST', '/sys/permission/saveRolePermission', { roleId: role, permissionIds: targetGrants[i] }));
        for (const o of ops) {
          const held = await deputyHeld();
          const before = await snapshot();
          const role = targets[o.role]!;
          const pick = new Set(before.byRole.get(role));
          if (o.kind === 'save') {
            const pool = [...held];
            for (const n of o.toggles) {
              const id = pool[n % Math.max(pool.length, 1)];
              if (id !== undefined && !pick.delete(id)) pick.add(id);
            }
            if (o.stray && platformIds.length > 0) pick.add(platformIds[o.toggles[0]! % platformIds.length]!);
          }
          const response =
            o.kind === 'save'
              ? await call(deputy, 'POST', '/sys/permission/saveRolePermission', { roleId: role, permissionIds: [...pick], lastpermissionIds: [...pick] })
              : o.kind === 'assign'
                ? await call(deputy, 'POST', '/sys/user/addSysUserRole', { roleId: role, userIdList: [people[o.user]!] })
                : await call(deputy, 'DELETE', '/sys/user/deleteUserRole', { roleId: role, userId: people[o.user]! });
          const after = await snapshot();
          if (response.statusCode !== 200) {
            expect([403, 404], response.body).toContain(response.statusCode);
            expect(after).toEqual(before);
            refusedCalls++;
            continue;
          }
          accepted++;
          for (const r of targets) {
            const was = before.byRole.get(r)!;
            const now = after.byRole.get(r)!;
            const changed = [...now].filter((id) => !was.has(id)).concat([...was].filter((id) => !now.has(id)));
            expect(changed.filter((id) => !held.has(id))).toEqual([]);
          }
          if (o.kind !== 'save') {
            // the role given or taken held nothing beyond the deputy, and the user was neither the deputy nor the main account
            expect([...before.byRole.get(role)!].filter((id) => !held.has(id))).toEqual([]);
            expect(people[o.user]).toBe(people[0]);
          }
        }
      }),
      { numRuns: SEQUENCES, seed: 12 },
    );
    expect(sequences).toBe(SEQUENCES);
    expect(accepted).toBeGreaterThan(0);
    expect(refusedCalls).toBeGreaterThan(0);
    console.info(`delegation on the API (${testDbKind()}): ${sequences} random sequences, ${accepted} calls accepted, ${refusedCalls} refused`);
  });
});
