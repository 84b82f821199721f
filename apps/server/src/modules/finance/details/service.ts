import type { z } from 'zod';
import type { Page } from '@portal/shared/api';
import type { accountListBody, AccountRecord, detailListBody, DetailRecord, PlatformDetailRecord } from '@portal/shared/finance-schemas';
import type { Language } from '@portal/shared/languages';
import { rateExportTexts } from '@portal/shared/messages-rates';
import type { Db } from '../../../db/client.ts';
import { pageOf } from '../../../lib/list.ts';
import { assertExportSize, keysetBatches } from '../../../lib/xlsx.ts';
import { accountColumnsFor, detailColumnsFor } from './export.ts';
import {
  accountBatches,
  accountRows,
  countAccounts,
  countDetails,
  detailExportBatch,
  detailRows,
  toAccountRecord,
  toDetailRecord,
  toPlatformDetailRecord,
  type AccountFilters,
  type DetailFilters,
} from './repository.ts';

/*
 * Finance details: every posted movement of a tenant's wallets with the running balance, the same across
 * tenants for the platform (or its own accounts), and the platform's account list. Reads only.
 */

type DetailListBody = z.infer<typeof detailListBody>;

/** The caller tenant's wallet movements, newest first unless asked otherwise. */
export async function detailList(db: Db, tenantId: number, body: Omit<DetailListBody, 'tenantId'>): Promise<Page<DetailRecord>> {
  const [rows, total] = await Promise.all([
    detailRows(db, tenantId, body, { direction: body.order ?? 'desc', limit: body.pageSize, offset: (body.pageNo - 1) * body.pageSize }),
    countDetails(db, tenantId, body),
  ]);
  return pageOf(
    rows.map((row) => toDetailRecord(row)),
    total,
    body.pageNo,
    body.pageSize,
  );
}

/** Every tenant's wallet movements, one tenant's, or (tenantId 0) the platform's own accounts'. */
export async function platformDetailList(db: Db, body: DetailListBody): Promise<Page<PlatformDetailRecord>> {
  const [rows, total] = await Promise.all([
    detailRows(db, null, body, { direction: body.order ?? 'desc', limit: body.pageSize, offset: (body.pageNo - 1) * body.pageSize }),
    countDetails(db, null, body),
  ]);
  return pageOf(rows.map(toPlatformDetailRecord), total, body.pageNo, body.pageSize);
}

/** The caller tenant's filtered movements as a spreadsheet in `lang`, newest first: 400 past the export limit. */
export async function detailExport(db: Db, tenantId: number, filters: DetailFilters, lang: Language, timeZone: string) {
  assertExportSize(await countDetails(db, tenantId, filters));
  return {
    title: rateExportTexts.detailTitle[lang],
    asciiTitle: 'finance-details',
    timeZone,
    columns: detailColumnsFor(lang, timeZone),
    batches: keysetBatches((after, limit) => detailExportBatch(db, tenantId, filters, after, limit)),
  };
}

export async function accountList(db: Db, body: z.infer<typeof accountListBody>): Promise<Page<AccountRecord>> {
  const [rows, total] = await Promise.all([accountRows(db, body, { direction: body.order ?? 'asc', limit: body.pageSize, offset: (body.pageNo - 1) * body.pageSize }), countAccounts(db, body)]);
  return pageOf(rows.map(toAccountRecord), total, body.pageNo, body.pageSize);
}

/** The filtered account list as a spreadsheet in `lang`: 400 past the export limit. */
export async function accountExport(db: Db, filters: AccountFilters, lang: Language, timeZone: string) {
  assertExportSize(await countAccounts(db, filters));
  return {
    title: rateExportTexts.accountTitle[lang],
    asciiTitle: 'accounts',
    timeZone,
    columns: accountColumnsFor(lang, timeZone),
    batches: accountBatches(db, filters),
  };
}
