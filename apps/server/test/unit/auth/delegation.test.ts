import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { refuseGrantChange, refuseRoleAssignment, refuseRoleChange, refuseUserAct, type Grantor } from '../../../src/modules/auth/access/delegation.ts';

/*
 * The rules of delegation (modules/auth/access/delegation.ts, docs/decisions/0013-delegation.md) on a pure model of
 * a tenant: a random catalogue, random roles with random grants (some inside a department's ceiling), random
 * users holding random roles, some of them top administrators. Thousands of random sequences of acts by random
 * grantors are run through the rules exactly as the services ask them; after every accepted act the
 * invariants below hold.
 */

type Act =
  | { kind: 'save'; grantor: number; role: number; after: number[] }
  | { kind: 'delete'; grantor: number; role: number }
  | { kind: 'assign' | 'unassign'; grantor: number; role: number; user: number }
  | { kind: 'freeze'; grantor: number; user: number };

type World = {
  grants: Map<number, Set<number>>;
  members: Map<number, Set<number>>;
  /** a department role's ceiling */
  ceilings: Map<number, Set<number>>;
  top: Set<number>;
  active: Set<number>;
};

const PERMISSIONS = 12;
const USERS = 6;
const ROLES = 5;

const held = (world: World, user: number): Set<number> => {
  const out = new Set<number>();
  for (const [role, members] of world.members) if (members.has(user)) for (const id of world.grants.get(role) ?? []) out.add(id);
  return out;
};
const grantorOf = (world: World, user: number): Grantor => ({ userId: user, tenantId: 1, top: world.top.has(user), held: held(world, user) });
const activeTops = (world: World) => [...world.top].filter((u) => world.active.has(u)).length;
const subset = (a: ReadonlySet<number>, b: ReadonlySet<number>) => [...a].every((x) => b.has(x));

/** Asks the rules as the services do; applies the act when none refuses. Returns the refusal or null. */
function run(world: World, act: Act): string | null {
  const grantor = grantorOf(world, act.grantor);
  if (act.kind === 'freeze') {
    const refused = refuseUserAct(grantor, { userId: act.user, top: world.top.has(act.user) }, 'freeze', activeTops(world));
    if (!refused) world.active.delete(act.user);
    return refused;
  }
  const grants = world.grants.get(act.role);
  if (!grants) return 'notFound';
  const members = world.members.get(act.role) ?? new Set<number>();
  const role = { grants, heldByGrantor: members.has(act.grantor), heldByTop: [...members].some((u) => world.top.has(u)) };
  if (act.kind === 'save') {
    const after = new Set(act.after);
    const refused = refuseRoleChange(grantor, role, after, world.ceilings.get(act.role));
    if (!refused) world.grants.set(act.role, after);
    return refused;
  }
  if (act.kind === 'delete') {
    const refused = refuseRoleChange(grantor, role, new Set()) ?? (members.size > 0 ? refuseRoleAssignment(grantor, grants) : null);
    if (!refused) {
      world.grants.delete(act.role);
      world.members.delete(act.role);
    }
    return refused;
  }
  const refused = refuseUserAct(grantor, { userId: act.user, top: world.top.has(act.user) }, 'roles', activeTops(world)) ?? refuseRoleAssignment(grantor, grants);
  if (!refused) {
    if (act.kind === 'assign') members.add(act.user);
    else members.delete(act.user);
    world.members.set(act.role, members);
  }
  return refused;
}

const ids = (max: number) => fc.uniqueArray(fc.integer({ min: 1, max }), { maxLength: max });
const user = fc.integer({ min: 1, max: USERS });
const roleId = fc.integer({ min: 1, max: ROLES });
const act: fc.Arbitrary<Act> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('save' as const), grantor: user, role: roleId, after: ids(PERMISSIONS) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('delete' as const), grantor: user, role: roleId }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constantFrom('assign' as const, 'unassign' as const), grantor: user, role: roleId, user }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('freeze' as const), grantor: user, user }) },
);
const world: fc.Arbitrary<World> = fc
  .record({
    grants: fc.array(ids(PERMISSIONS), { minLength: ROLES, maxLength: ROLES }),
    members: fc.array(ids(USERS), { minLength: ROLES, maxLength: ROLES }),
    // role 5 is a department role: its grants stay inside its department's permissions
    ceiling: ids(PERMISSIONS),
    top: fc.uniqueArray(user, { minLength: 1, maxLength: 2 }),
  })
  .map(({ grants, members, ceiling, top }) => {
    const ceilingSet = new Set(ceiling);
    return {
      grants: new Map(grants.map((g, i) => [i + 1, new Set(i + 1 === ROLES ? g.filter((id) => ceilingSet.has(id)) : g)])),
      members: new Map(members.map((m, i) => [i + 1, new Set(m)])),
      ceilings: new Map([[ROLES, ceilingSet]]),
      top: new Set(top),
      active: new Set(Array.from({ length: USERS }, (_, i) => i + 1)),
    };
  });

const SEQUENCES = 2_000;

describe('the rules of delegation on random grant sequences', { timeout: 30_000 }, () => {
  it(`keep every invariant after each accepted act (${SEQUENCES} sequences of up to 30 acts)`, () => {
    let accepted = 0;
    let refusedCount = 0;
    fc.assert(
      fc.property(world, fc.array(act, { minLength: 1, maxLength: 30 }), (w, acts) => {
        for (const a of acts) {
          const heldBefore = new Map(Array.from({ length: USERS }, (_, i) => [i + 1, held(w, i + 1)]));
          const grantorHeld = heldBefore.get(a.grantor)!;
          const grantsBefore = a.kind === 'freeze' ? undefined : w.grants.get(a.role);
          const refusal = run(w, a);
          if (refusal) {
            refusedCount++;
            continue;
          }
          accepted++;
          for (let u = 1; u <= USERS; u++) {
            const before = heldBefore.get(u)!;
            const after = held(w, u);
            // nobody gains, through the act, anything the grantor did not hold
            expect(subset(new Set([...after].filter((id) => !before.has(id))), grantorHeld)).toBe(true);
            // nobody loses, through the act, anything the grantor did not hold
            expect(subset(new Set([...before].filter((id) => !after.has(id))), grantorHeld)).toBe(true);
            // only a top administrator changes what a top administrator holds
            if (w.top.has(u) && !w.top.has(a.grantor)) expect(after).toEqual(before);
          }
          // nobody demotes themselves
          expect(subset(grantorHeld, held(w, a.grantor))).toBe(true);
          // a role's change (added and removed) is inside what the grantor held
          if (a.kind === 'save' && grantsBefore) {
            const after = w.grants.get(a.role)!;
            const changed = [...after].filter((id) => !grantsBefore.has(id)).concat([...grantsBefore].filter((id) => !after.has(id)));
            expect(changed.every((id) => grantorHeld.has(id))).toBe(true);
          }
          // a department role never goes beyond its ceiling
          for (const [r, ceiling] of w.ceilings) expect(subset(w.grants.get(r) ?? new Set(), ceiling)).toBe(true);
          // the last active top administrator stays
          expect(activeTops(w)).toBeGreaterThanOrEqual(1);
          // acts on oneself other than edits are refused
          if (a.kind === 'assign' || a.kind === 'unassign' || a.kind === 'freeze') expect(a.user).not.toBe(a.grantor);
        }
      }),
      { numRuns: SEQUENCES, seed: 20_261_125 },
    );
    // the rules are not vacuous: a good share of random acts goes through
    expect(accepted).toBeGreaterThan(SEQUENCES);
    console.info(`delegation properties: ${SEQUENCES} random sequences, ${accepted} acts accepted, ${refusedCount} refused`);
  });

  it('a grant change inside what the grantor holds, on a role they and no top admin hold, is accepted', () => {
    fc.assert(
      fc.property(ids(PERMISSIONS), ids(PERMISSIONS), ids(PERMISSIONS), fc.boolean(), (heldIds, before, wanted, top) => {
        const grantor: Grantor = { userId: 1, tenantId: 1, top, held: new Set(heldIds) };
        const beforeSet = new Set(before);
        // any change made only of held ids
        const after = new Set([...before.filter((id) => !grantor.held.has(id)), ...wanted.filter((id) => grantor.held.has(id))]);
        expect(refuseGrantChange(grantor, beforeSet, after)).toBeNull();
        expect(refuseRoleChange(grantor, { grants: beforeSet, heldByGrantor: false, heldByTop: false }, after)).toBeNull();
      }),
      { numRuns: 1_000, seed: 7 },
    );
  });

  it('names each refusal', () => {
    const grantor: Grantor = { userId: 1, tenantId: 1, top: false, held: new Set([1, 2]) };
    const topGrantor: Grantor = { ...grantor, top: true };
    expect(refuseGrantChange(grantor, new Set(), new Set([3]))).toBe('grantBeyondOwn');
    expect(refuseGrantChange(grantor, new Set([3]), new Set())).toBe('grantBeyondOwn');
    expect(refuseGrantChange(grantor, new Set(), new Set([1, 2]), new Set([1]))).toBe('grantBeyondCeiling');
    expect(refuseRoleAssignment(grantor, new Set([1, 3]))).toBe('roleBeyondOwn');
    expect(refuseRoleChange(grantor, { grants: new Set([1]), heldByGrantor: false, heldByTop: true }, new Set([1, 2]))).toBe('topAdminOnly');
    expect(refuseRoleChange(topGrantor, { grants: new Set([1]), heldByGrantor: false, heldByTop: true }, new Set([1, 2]))).toBeNull();
    expect(refuseRoleChange(grantor, { grants: new Set([1, 2]), heldByGrantor: true, heldByTop: false }, new Set([1]))).toBe('ownRoleShrink');
    expect(refuseRoleChange(grantor, { grants: new Set([1]), heldByGrantor: true, heldByTop: false }, new Set([1, 2]))).toBeNull();
    expect(refuseUserAct(grantor, { userId: 1, top: false }, 'freeze', 1)).toBe('notOnYourself');
    expect(refuseUserAct(grantor, { userId: 1, top: false }, 'edit', 1)).toBeNull();
    expect(refuseUserAct(grantor, { userId: 2, top: true }, 'edit', 2)).toBe('topAdminOnly');
    expect(refuseUserAct(topGrantor, { userId: 2, top: true }, 'delete', 1)).toBe('lastTopAdmin');
    expect(refuseUserAct(topGrantor, { userId: 2, top: true }, 'delete', 2)).toBeNull();
  });
});
