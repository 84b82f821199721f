import { PLATFORM_TENANT } from '@portal/shared/tenant';
import type { Page } from '@portal/shared/api';
import type { AuditRefKind } from '@portal/shared/audit-fields';
import { AUDIT_DELETED_MARK } from '@portal/shared/audit-fields';
import type { Language } from '@portal/shared/languages';
import { entryTitle } from '@portal/shared/menu-titles';
import type { AuditFieldRow, AuditLogDetail, AuditLogRecord } from '@portal/shared/system-sessions';
import type { Db } from '../../../db/client.ts';
import { notFound } from '../../../lib/errors.ts';
import { timeFormatter } from '../../../lib/xlsx.ts';
import type { DictService } from '../../dict/service.ts';
import { readableFields, wantedNames, type Reading, type WantedNames } from './model.ts';
import {
  departsByCode,
  departsById,
  entriesByCode,
  entriesById,
  findAuditLog,
  listAuditLogs,
  positionsById,
  rolesById,
  tenantsById,
  usersById,
  type AuditLogListQuery,
  type AuditLogRow,
  type CatalogueEntryName,
} from './repository.ts';

/*
 * Reading the audit log: a line keeps the ids and codes it was written with, and is named here for its
 * reader, in their tenant, language and time zone. The names of a page of lines are looked up together,
 * one query per kind of thing, whatever the number of lines.
 */

export type AuditReader = { tenantId: number; lang: Language; timeZone: string };

const ids = (keys: ReadonlySet<string>) => [...keys].map(Number);

/** A menu entry as the menu shows it; a button under its menu's title ("使用者管理 › 新增"), since buttons share names. */
function entryName(row: CatalogueEntryName, lang: Language): string {
  const own = entryTitle({ title: row.name, titles: row.titles }, lang);
  if (row.menuType !== 2 || row.parentName === null) return own;
  return `${entryTitle({ title: row.parentName, titles: row.parentTitles }, lang)} › ${own}`;
}

/** The current name of every id and code the lines hold (what is not found is gone); none looked up for a kind with none. */
async function namesOf(db: Db, reader: AuditReader, wanted: WantedNames): Promise<Reading['names']> {
  const { tenantId, lang } = reader;
  const { refs } = wanted;
  const lookUp = async <T>(keys: ReadonlySet<string>, query: () => Promise<T[]>, entry: (row: T) => [string, string]) =>
    keys.size === 0 ? new Map<string, string>() : new Map((await query()).map(entry));
  // a merchant's lines name no other tenant: only the platform reads tenants' names
  const tenantKeys = new Set([...refs.tenant].filter((key) => tenantId === PLATFORM_TENANT || Number(key) === tenantId));
  const [permission, permissionCode, depart, departCode, role, position, user, tenant] = await Promise.all([
    lookUp(refs.permission, () => entriesById(db, ids(refs.permission)), (row) => [String(row.id), entryName(row, lang)]),
    lookUp(refs.permissionCode, () => entriesByCode(db, [...refs.permissionCode]), (row) => [row.perms, entryName(row, lang)]),
    lookUp(refs.depart, () => departsById(db, tenantId, ids(refs.depart)), (row) => [String(row.id), row.name]),
    lookUp(refs.departCode, () => departsByCode(db, tenantId, [...refs.departCode]), (row) => [row.orgCode, row.name]),
    lookUp(refs.role, () => rolesById(db, tenantId, ids(refs.role)), (row) => [String(row.id), row.name]),
    lookUp(refs.position, () => positionsById(db, tenantId, ids(refs.position)), (row) => [String(row.id), row.name]),
    lookUp(refs.user, () => usersById(db, tenantId, ids(refs.user)), (row) => {
      const name = row.realname ? `${row.realname} (${row.username})` : row.username;
      // a user in the recycle bin is named, and marked as deleted
      return [String(row.id), row.delFlag === 0 ? name : `${name}${AUDIT_DELETED_MARK[lang]}`];
    }),
    lookUp(tenantKeys, () => tenantsById(db, ids(tenantKeys)), (row) => [String(row.id), row.name]),
  ]);
  const names: Record<AuditRefKind, ReadonlyMap<string, string>> = { permission, permissionCode, depart, departCode, role, position, user, tenant };
  return names;
}

async function readingFor(db: Db, dicts: DictService, reader: AuditReader, lines: readonly AuditLogRow[]): Promise<Reading> {
  const wanted = wantedNames(lines);
  const dictionaries = new Map<string, ReadonlyMap<string, string>>();
  for (const code of wanted.dicts) {
    const items = await dicts.items(code, reader.lang);
    if (items) dictionaries.set(code, new Map(items.map((item) => [item.value, item.text])));
  }
  const format = timeFormatter(reader.timeZone);
  return { lang: reader.lang, names: await namesOf(db, reader, wanted), dicts: dictionaries, time: (iso) => format(new Date(iso)) };
}

function recordOf(line: AuditLogRow, fields: AuditFieldRow[]): AuditLogRecord {
  const { id, username, resource, resourceId, action, label, ip, createdAt } = line;
  return { id, username, resource, resourceId, action, label, ip, createdAt, changes: fields.filter((row) => row.changed) };
}

/** A page of the tenant's log, each line with the fields it changed, named for the reader. */
export async function readAuditLogs(db: Db, dicts: DictService, reader: AuditReader, query: AuditLogListQuery): Promise<Page<AuditLogRecord>> {
  const page = await listAuditLogs(db, reader.tenantId, query);
  const reading = await readingFor(db, dicts, reader, page.records);
  return { ...page, records: page.records.map((line) => recordOf(line, readableFields(line, reading))) };
}

/** One line with every field of its before and after, named for the reader (404 for another tenant's). */
export async function readAuditLog(db: Db, dicts: DictService, reader: AuditReader, id: number): Promise<AuditLogDetail> {
  const line = await findAuditLog(db, reader.tenantId, id);
  if (!line) throw notFound();
  const reading = await readingFor(db, dicts, reader, [line]);
  const fields = readableFields(line, reading);
  return { ...recordOf(line, fields), before: line.before, after: line.after, fields };
}
