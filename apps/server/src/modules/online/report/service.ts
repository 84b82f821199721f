import { reportDefinition, type ReportDefinition, type ReportRecord } from '@portal/shared/online';
import type { Db } from '../../../db/client.ts';
import { badRequest, conflict, notFound } from '../../../lib/errors.ts';
import { refuseTakenTitle } from '../titles.ts';
import type { DictService } from '../../dict/service.ts';
import { recordAudit, type AuditActor } from '../../../lib/audit.ts';
import { DATA_SETS, fieldOf } from '../data-set/repository.ts';
import { deleteMenu } from '../../system/menu/repository.ts';
import { findVersion, forgetVersions, recordVersion } from '../history/repository.ts';
import { codeTaken, deleteReport, insertReport, lockReport, publishedReports, reportById, reportByCode, updateReport } from './repository.ts';

/*
 * The report designer's rules (platform only). A definition is checked against its data set before it is
 * kept: every column, query field, sort and chart field a field of the data set, each operator one the
 * field allows, each dictionary one that exists. Every save keeps a version in the history (16 kept) and
 * writes its audit line, in its own transaction.
 */

const RESOURCE = 'online-report';
export type Designer = AuditActor & { userId: number };

/** The first problem of a definition against its data set, thrown as a translated 400. */
export async function checkDefinition(dicts: DictService, definition: ReportDefinition): Promise<void> {
  const dataSet = DATA_SETS[definition.dataSet];
  const fieldOrFail = (key: string) => {
    const field = fieldOf(dataSet, key);
    if (!field) throw badRequest('onlineReportFieldUnknown', { dataSet: definition.dataSet, name: key });
    return field;
  };
  const dictOrFail = async (code: string | null) => {
    if (code !== null && (await dicts.items(code, 'en-US')) === undefined) throw badRequest('onlineReportDictUnknown', { dictCode: code });
  };
  const columns = new Set<string>();
  for (const column of definition.columns) {
    const field = fieldOrFail(column.field);
    if (columns.has(column.field)) throw badRequest('onlineReportColumnRepeated', { name: column.field });
    columns.add(column.field);
    if (column.sortable && !field.sortable) throw badRequest('onlineReportFieldNotSortable', { name: column.field });
    await dictOrFail(column.dictCode);
  }
  const queried = new Set<string>();
  for (const query of definition.queryFields) {
    const field = fieldOrFail(query.field);
    if (queried.has(query.field)) throw badRequest('onlineReportColumnRepeated', { name: query.field });
    queried.add(query.field);
    if (!field.operators.includes(query.operator)) throw badRequest('onlineReportOperatorNotAllowed', { name: query.field, operator: query.operator });
  }
  const sortField = fieldOf(dataSet, definition.defaultSort.field);
  if (!columns.has(definition.defaultSort.field) || !sortField?.sortable) throw badRequest('onlineReportDefaultSortInvalid', { name: definition.defaultSort.field });
  const chart = definition.chart;
  if (chart) {
    if (!columns.has(chart.groupBy)) throw badRequest('onlineReportChartGroupInvalid', { name: chart.groupBy });
    if (chart.measure !== 'count') {
      const summed = chart.measure.sum;
      if (!columns.has(summed) || fieldOf(dataSet, summed)?.type !== 'number') throw badRequest('onlineReportChartSumInvalid', { name: summed });
    }
  }
}

async function recordOrFail(db: Db, id: number): Promise<ReportRecord> {
  const record = await reportById(db, id);
  if (!record) throw notFound();
  return record;
}

export async function addReport(db: Db, dicts: DictService, actor: Designer, definition: ReportDefinition): Promise<ReportRecord> {
  await checkDefinition(dicts, definition);
  if (await codeTaken(db, definition.code)) throw conflict('onlineReportCodeTaken', { code: definition.code });
  await refuseTakenTitle(db, 'report', definition.titles, null);
  return db.transaction(async (tx) => {
    const id = await insertReport(tx, definition, actor.userId);
    // a concurrent add of the same code won the race
    if (id === undefined) throw conflict('onlineReportCodeTaken', { code: definition.code });
    // a code deleted before starts its history afresh
    await forgetVersions(tx, 'report', definition.code);
    await recordVersion(tx, { kind: 'report', code: definition.code, version: 1, definition, changedBy: actor.userId });
    const after = await recordOrFail(tx, id);
    await recordAudit(tx, actor, { resource: RESOURCE, resourceId: id, action: 'create', label: definition.code, after });
    return after;
  });
}

/**
 * The codes a published report's menu entry asks of its reader (EntryNeeds): one of its data set's screens,
 * which the report's calls require (decision 0031). Without one the entry would open on a refusal.
 */
export async function publishedReportNeeds(db: Db): Promise<ReadonlyMap<number, readonly string[]>> {
  return new Map((await publishedReports(db)).map((report) => [report.menuId, DATA_SETS[report.dataSet].permissions]));
}

/** Tells every app server the catalogue changed (the access service's cache bus). */
type Publish = { publish: (event: { kind: 'permissions' }) => Promise<void> | void };

/** Saves `definition` as the next version of report `id`; `expected`: the version the editor loaded (null: whatever it is now, for a rollback). */
async function saveVersion(db: Db, access: Publish, actor: Designer, id: number, definition: ReportDefinition, expected: number | null, action: 'update' | 'rollback'): Promise<ReportRecord> {
  const { before, after } = await db.transaction(async (tx) => {
    const row = await lockReport(tx, id);
    if (!row) throw notFound();
    if (row.code !== definition.code) throw badRequest('onlineReportCodeFixed');
    if (expected !== null && row.version !== expected) throw conflict('onlineReportStale');
    const before = await recordOrFail(tx, id);
    const version = row.version + 1;
    await updateReport(tx, id, definition, version, actor.userId);
    await recordVersion(tx, { kind: 'report', code: row.code, version, definition, changedBy: actor.userId });
    const after = await recordOrFail(tx, id);
    await recordAudit(tx, actor, { resource: RESOURCE, resourceId: id, action, label: row.code, before, after });
    return { before, after };
  });
  // a published report read from another data set asks its readers for another screen (publishedReportNeeds)
  if (after.menuId !== null && after.dataSet !== before.dataSet) await access.publish({ kind: 'permissions' });
  return after;
}

export async function editReport(db: Db, dicts: DictService, access: Publish, actor: Designer, input: ReportDefinition & { id: number; version: number }): Promise<ReportRecord> {
  const { id, version, ...definition } = input;
  // an unknown id is 404 before its definition is judged
  if (!(await reportById(db, id))) throw notFound();
  await checkDefinition(dicts, definition);
  await refuseTakenTitle(db, 'report', definition.titles, id);
  return saveVersion(db, access, actor, id, definition, version, 'update');
}

/** A kept version saved again as the newest (the versions between stay in the history). */
export async function rollbackReport(db: Db, dicts: DictService, access: Publish, actor: Designer, input: { kind: string; code: string; version: number }): Promise<ReportRecord> {
  if (input.kind !== 'report') throw badRequest('onlineReportKindMismatch');
  const report = await reportByCode(db, input.code);
  if (!report) throw notFound();
  const kept = reportDefinition.safeParse(await findVersion(db, 'report', input.code, input.version));
  if (!kept.success) throw badRequest('onlineReportVersionMissing', { code: input.code, version: input.version });
  // the data set or a dictionary may have changed since
  await checkDefinition(dicts, kept.data);
  await refuseTakenTitle(db, 'report', kept.data.titles, report.id);
  return saveVersion(db, access, actor, report.id, kept.data, null, 'rollback');
}

/** A report and its history; its published menu entry goes with it (true when there was one). */
export async function removeReport(db: Db, actor: Designer, id: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const row = await lockReport(tx, id);
    if (!row) throw notFound();
    if (row.builtIn) throw conflict('onlineReportBuiltIn');
    const before = await recordOrFail(tx, id);
    await deleteReport(tx, id);
    const menuRemoved = row.menuId !== null && (await deleteMenu(tx, row.menuId));
    await forgetVersions(tx, 'report', row.code);
    await recordAudit(tx, actor, { resource: RESOURCE, resourceId: id, action: 'delete', label: row.code, before });
    return menuRemoved;
  });
}

/** The report of a runtime call, or 404. */
export async function reportOrFail(db: Db, key: { id: number } | { code: string }): Promise<ReportRecord> {
  const report = 'id' in key ? await reportById(db, key.id) : await reportByCode(db, key.code);
  if (!report) throw notFound();
  return report;
}
