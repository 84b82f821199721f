import { and, asc, count, eq, exists, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { maskPhone, type AddressBookDepartNode, type AddressBookRecord } from '@portal/shared/system-org';
import type { Db } from '../../../db/client.ts';
import { departments, positions, userDepartments, userPositions, users, userTenants } from '../../../db/schema/sys.ts';
import { escapeLike, pageOf } from '../../../lib/list.ts';

/*
 * The address book: everyone of the tenant who is active and not deleted, by department (a department and
 * those under it, by org code prefix), searched by name, email, position, and phone for readers who may
 * see phones. The phone is masked here, before the record leaves the repository, unless `showPhone`.
 */

export type AddressBookFilters = { orgCode?: string; keyword?: string };

/** Only readers who may see phones search by them: a masked number could otherwise be guessed digit by digit. */
function whereOf(db: Db, tenantId: number, filters: AddressBookFilters, showPhone: boolean): SQL | undefined {
  const conditions: (SQL | undefined)[] = [eq(userTenants.tenantId, tenantId), eq(users.status, 1), eq(users.delFlag, 0)];
  if (filters.orgCode) {
    const inDepartment = db
      .select({ one: sql`1` })
      .from(userDepartments)
      .innerJoin(departments, and(eq(departments.tenantId, userDepartments.tenantId), eq(departments.id, userDepartments.departmentId)))
      .where(and(eq(userDepartments.tenantId, tenantId), eq(userDepartments.userId, users.id), sql`${departments.orgCode} like ${`${escapeLike(filters.orgCode)}%`}`));
    conditions.push(exists(inDepartment));
  }
  if (filters.keyword) {
    const pattern = `%${escapeLike(filters.keyword)}%`;
    const holdsPosition = db
      .select({ one: sql`1` })
      .from(userPositions)
      .innerJoin(positions, and(eq(positions.tenantId, userPositions.tenantId), eq(positions.id, userPositions.positionId)))
      .where(and(eq(userPositions.tenantId, tenantId), eq(userPositions.userId, users.id), ilike(positions.name, pattern)));
    conditions.push(or(ilike(users.realname, pattern), ilike(users.nickname, pattern), ilike(users.email, pattern), showPhone ? ilike(users.phone, pattern) : undefined, exists(holdsPosition)));
  }
  return and(...conditions);
}

type Row = { id: number; realname: string; nickname: string; username: string; avatar: string; phone: string | null; email: string | null; workNo: string };

async function recordsOf(db: Db, tenantId: number, rows: Row[], showPhone: boolean): Promise<AddressBookRecord[]> {
  const ids = rows.map((row) => Number(row.id));
  const [departRows, positionRows] =
    ids.length === 0
      ? [[], []]
      : await Promise.all([
          db
            .select({ userId: userDepartments.userId, id: departments.id, orgCode: departments.orgCode, departName: departments.departName })
            .from(userDepartments)
            .innerJoin(departments, and(eq(departments.tenantId, userDepartments.tenantId), eq(departments.id, userDepartments.departmentId)))
            .where(and(eq(userDepartments.tenantId, tenantId), inArray(userDepartments.userId, ids)))
            .orderBy(asc(departments.orgCode)),
          db
            .select({ userId: userPositions.userId, id: positions.id, name: positions.name, rank: positions.rank })
            .from(userPositions)
            .innerJoin(positions, and(eq(positions.tenantId, userPositions.tenantId), eq(positions.id, userPositions.positionId)))
            .where(and(eq(userPositions.tenantId, tenantId), inArray(userPositions.userId, ids)))
            .orderBy(asc(positions.rank), asc(positions.name)),
        ]);
  return rows.map((row) => {
    const id = Number(row.id);
    const phone = row.phone ?? '';
    return {
      id,
      name: row.realname || row.nickname || row.username,
      avatar: row.avatar,
      departments: departRows.filter((d) => Number(d.userId) === id).map((d) => ({ id: Number(d.id), orgCode: d.orgCode, departName: d.departName })),
      positions: positionRows.filter((p) => Number(p.userId) === id).map((p) => ({ id: Number(p.id), name: p.name, rank: p.rank })),
      phone: showPhone ? phone : maskPhone(phone),
      phoneMasked: !showPhone && phone !== '',
      email: row.email ?? '',
      workNo: row.workNo,
    };
  });
}

const columns = { id: users.id, realname: users.realname, nickname: users.nickname, username: users.username, avatar: users.avatar, phone: users.phone, email: users.email, workNo: users.workNo };

export async function listAddressBook(db: Db, tenantId: number, query: AddressBookFilters & { pageNo: number; pageSize: number }, showPhone: boolean) {
  const where = whereOf(db, tenantId, query, showPhone);
  const [rows, counted] = await Promise.all([
    db
      .select(columns)
      .from(users)
      .innerJoin(userTenants, eq(userTenants.userId, users.id))
      .where(where)
      .orderBy(asc(users.realname), asc(users.id))
      .limit(query.pageSize)
      .offset((query.pageNo - 1) * query.pageSize),
    db.select({ total: count() }).from(users).innerJoin(userTenants, eq(userTenants.userId, users.id)).where(where),
  ]);
  return pageOf(await recordsOf(db, tenantId, rows, showPhone), Number(counted[0]?.total ?? 0), query.pageNo, query.pageSize);
}

export async function countAddressBook(db: Db, tenantId: number, filters: AddressBookFilters, showPhone: boolean): Promise<number> {
  const rows = await db.select({ total: count() }).from(users).innerJoin(userTenants, eq(userTenants.userId, users.id)).where(whereOf(db, tenantId, filters, showPhone));
  return Number(rows[0]?.total ?? 0);
}

/** The whole filtered address book in batches (keyset on the user id), for the export. */
export async function* addressBookBatches(db: Db, tenantId: number, filters: AddressBookFilters, showPhone: boolean, size = 1_000): AsyncGenerator<AddressBookRecord[]> {
  let after = 0;
  for (;;) {
    const rows = await db
      .select(columns)
      .from(users)
      .innerJoin(userTenants, eq(userTenants.userId, users.id))
      .where(and(whereOf(db, tenantId, filters, showPhone), sql`${users.id} > ${after}`))
      .orderBy(asc(users.id))
      .limit(size);
    if (rows.length > 0) yield recordsOf(db, tenantId, rows, showPhone);
    const last = rows.at(-1);
    if (!last || rows.length < size) return;
    after = Number(last.id);
  }
}

/** The tenant's departments as a tree: the address book's left side (its readers need not manage departments). */
export async function departmentTree(db: Db, tenantId: number): Promise<AddressBookDepartNode[]> {
  const rows = await db
    .select({ id: departments.id, parentId: departments.parentId, orgCode: departments.orgCode, departName: departments.departName })
    .from(departments)
    .where(eq(departments.tenantId, tenantId))
    .orderBy(asc(departments.sortNo), asc(departments.id));
  const nodes = new Map<number, AddressBookDepartNode>(rows.map((row) => [Number(row.id), { ...row, id: Number(row.id), parentId: row.parentId === null ? null : Number(row.parentId), children: [] }]));
  const roots: AddressBookDepartNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentId === null ? undefined : nodes.get(node.parentId);
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}
