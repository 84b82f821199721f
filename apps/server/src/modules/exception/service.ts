import type { ExceptionResolution, ExceptionStatus, ExceptionType } from '@portal/shared/logistics';
import type { ExceptionRecord } from '@portal/shared/logistics-schemas';
import type { Language, Texts } from '@portal/shared/languages';
import { EXCEPTION_STATUS_TEXTS, pickupExportTexts } from '@portal/shared/messages-pickup';
import type { Db } from '../../db/client.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { must } from '../../lib/must.ts';
import { moveRefused } from '../../lib/status-move.ts';
import { assertExportSize, keysetBatches } from '../../lib/xlsx.ts';
import { emitException } from '../../lib/push-events.ts';
import { exceptionColumnsFor } from './export.ts';
import { DEALABLE, PLATFORM_EXCEPTION_MOVES } from './lifecycle.ts';
import {
  countExceptions,
  dealException,
  exceptionExportBatch,
  exceptionWhere,
  findException,
  insertException,
  lockException,
  orderOfAnyTenant,
  platformExceptionRecordOf,
  setExceptionStatus,
  toExceptionRecord,
  type ExceptionFilters,
  type PlatformExceptionRecord,
} from './repository.ts';

/** The merchant's systems are told of the exception as it now is, in the change's transaction. */
async function emitExceptionOf(tx: Db, id: number, from: ExceptionStatus | null): Promise<void> {
  const row = must(await findException(tx, id, null), 'exception');
  const { exceptionNo, orderNo, type, status, description, resolution, merchantRemark, platformRemark } = toExceptionRecord(row);
  await emitException(tx, { tenantId: row.tenantId, exceptionNo, orderNo, type, to: status, description, resolution, merchantRemark, platformRemark }, from);
}

const THE_EXCEPTION: Texts = { 'zh-TW': '異常', 'zh-CN': '异常', 'en-US': 'The exception' };

/** One exception of the caller tenant (404 otherwise). */
export async function exceptionOf(db: Db, tenantId: number, id: number): Promise<ExceptionRecord> {
  const row = await findException(db, id, tenantId);
  if (!row) throw notFound();
  return toExceptionRecord(row);
}

/** The merchant's decision on a pending ('0') or awaiting ('2') exception: handled ('1'); any other status is 409. */
export async function dealWith(db: Db, caller: { tenantId: number; userId: number }, body: { id: number; resolution: ExceptionResolution; remark: string }): Promise<ExceptionRecord> {
  // one transaction with the pushed event; the lock tells the status it was dealt from
  const dealt = await db.transaction(async (tx) => {
    const before = await lockException(tx, body.id, caller.tenantId);
    if (!before || !(await dealException(tx, caller.tenantId, body.id, DEALABLE, { resolution: body.resolution, merchantRemark: body.remark, dealtBy: caller.userId }))) return false;
    await emitExceptionOf(tx, body.id, before.status);
    return true;
  });
  if (!dealt) {
    const row = await findException(db, body.id, caller.tenantId);
    if (!row) throw notFound();
    throw conflict('exceptionNotDealable', { status: EXCEPTION_STATUS_TEXTS[row.status] });
  }
  return toExceptionRecord(must(await findException(db, body.id, caller.tenantId), 'exception'));
}

/** The filtered exception list as a workbook (refused past the export size), newest first. */
export async function exceptionWorkbook(db: Db, tenantId: number, filters: ExceptionFilters, lang: Language, timeZone: string) {
  const where = exceptionWhere(db, tenantId, filters);
  assertExportSize(await countExceptions(db, where));
  return {
    title: pickupExportTexts.exceptionTitle[lang],
    asciiTitle: 'collection-exceptions',
    timeZone,
    columns: exceptionColumnsFor(lang, timeZone),
    batches: keysetBatches((after, limit) => exceptionExportBatch(db, where, after, limit)),
  };
}

/** Register an exception on an order of any tenant, by the order's number: pending ('0'). */
export async function registerException(db: Db, userId: number, body: { orderNo: string; type: ExceptionType; description: string }): Promise<PlatformExceptionRecord> {
  const order = await orderOfAnyTenant(db, body.orderNo);
  if (!order) throw notFound('exceptionOrderNotFound', { orderNo: body.orderNo });
  const id = await db.transaction(async (tx) => {
    const created = await insertException(tx, order, { type: body.type, description: body.description, reportedBy: userId });
    await emitExceptionOf(tx, created, null);
    return created;
  });
  return platformExceptionRecordOf(must(await findException(db, id, null), 'exception'));
}

/** The platform asks the merchant ('2', remark required), closes ('3') or cancels ('4') an exception, as the lifecycle allows. */
export async function updateException(db: Db, body: { id: number; status: '2' | '3' | '4'; remark: string }): Promise<PlatformExceptionRecord> {
  // a question to the merchant needs its words
  if (body.status === '2' && !body.remark) throw badRequest('validationRequired', { field: 'remark' });
  await db.transaction(async (tx) => {
    const current = await lockException(tx, body.id);
    if (!current) throw notFound();
    if (!PLATFORM_EXCEPTION_MOVES[current.status].includes(body.status)) {
      throw moveRefused('exceptionTransitionRefused', THE_EXCEPTION, EXCEPTION_STATUS_TEXTS[current.status], EXCEPTION_STATUS_TEXTS[body.status]);
    }
    await setExceptionStatus(tx, current.id, body.status, body.remark);
    await emitExceptionOf(tx, current.id, current.status);
  });
  return platformExceptionRecordOf(must(await findException(db, body.id, null), 'exception'));
}
