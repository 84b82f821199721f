import type { Language } from '@portal/shared/languages';
import { rateExportTexts } from '@portal/shared/messages-rates';
import type { Db } from '../../../db/client.ts';
import { assertExportSize, keysetBatches } from '../../../lib/xlsx.ts';
import { accountColumnsFor, detailColumnsFor } from './export.ts';
import { accountBatches, countAccounts, countDetails, detailExportBatch, type AccountFilters, type DetailFilters } from './repository.ts';

/* The exports of the finance details and of the account list: counted first (400 past the limit), then streamed. */

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
