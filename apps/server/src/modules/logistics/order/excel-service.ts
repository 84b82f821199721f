import type { SQL } from 'drizzle-orm';
import { LANGUAGES, type Language, type Texts } from '@portal/shared/languages';
import { COUNTRY_CODES, EXPORT_ROWS_MAX, SERVICE_TYPES, WAREHOUSE_CODES, type OrderStatus } from '@portal/shared/logistics';
import type { ImportResult, ImportRowError, OrderRecord } from '@portal/shared/logistics-schemas';
import { formatMessage, type MessageKey, type MessageParams } from '@portal/shared/messages';
import { CURRENCY_CODES } from '@portal/shared/money';
import type { Db } from '../../../db/client.ts';
import { violatedConstraint } from '../../../lib/db-errors.ts';
import { assertExportSize, type ExportColumn } from '../../../lib/xlsx.ts';
import { priceShipment } from '../../freight/model.ts';
import { type Price } from '../../freight/service.ts';
import { activeRateCards } from '../../freight/repository.ts';
import { exportColumns, fileDate, orderBatches, orderTemplate, SHEET_TEXTS, type Names } from './export.ts';
import { normalizeTitle, readTitledSheet, readWorkbook } from '../../../lib/xlsx-read.ts';
import { buildOrders, CODED_COLUMNS, ORDER_SHEET, sortErrors, type CodeBooks, type CodedColumn } from './import.ts';
import { titleOf, type PreparedOrder } from './model.ts';
import { createOrders } from './lifecycle.ts';
import { takenMerchantNos } from './repository.ts';
import { countUpTo, orderConditions } from './list-repository.ts';

import { orderFilter, sortOf, type Actor, type Dictionaries, type ListQuery } from './service.ts';

/*
 * The orders' Excel files: the export of a list as filtered, the import template with its drop-down lists,
 * and the import (all rows or none). The rules of one order stay in service.ts.
 */

/** Code -> name in `language` of the coded fields (the dictionaries the screens show). */
async function namesOf(dictionaries: Dictionaries, language: Language): Promise<Names> {
  const names = async (code: string) => new Map(((await dictionaries.items(code, language)) ?? []).map((item) => [item.value, item.text]));
  const [status, serviceType, country, warehouse] = await Promise.all([names('LOGOrderStateEnum'), names('ServiceType'), names('CountryType'), names('LogisticsWarehouse')]);
  return { status, serviceType, country, warehouse };
}

/** Each coded column's codes and their names in every language (an import accepts any of them). */
async function codeBooks(dictionaries: Dictionaries): Promise<CodeBooks> {
  const known: Record<CodedColumn, readonly string[]> = { serviceType: SERVICE_TYPES, destinationCountry: COUNTRY_CODES, warehouseCode: WAREHOUSE_CODES, currency: CURRENCY_CODES };
  const books = {} as CodeBooks;
  for (const column of Object.keys(CODED_COLUMNS) as CodedColumn[]) {
    const book = new Map<string, string>(known[column].map((code) => [normalizeTitle(code), code]));
    for (const language of LANGUAGES) {
      for (const item of (await dictionaries.items(CODED_COLUMNS[column], language)) ?? []) {
        if (!known[column].includes(item.value)) continue;
        book.set(normalizeTitle(item.value), item.value);
        book.set(normalizeTitle(item.text), item.value);
      }
    }
    books[column] = book;
  }
  return books;
}

/** A few choices of each coded column as "name (code)" in `language`, for the message of a value that is none of them. */
async function codeExamples(dictionaries: Dictionaries, language: Language): Promise<Partial<Record<CodedColumn, string>>> {
  const names = await namesOf(dictionaries, language);
  const few = (codes: readonly string[], byCode: Map<string, string>) => {
    const shown = codes.slice(0, 3).map((code) => (byCode.get(code) ? `${byCode.get(code)} (${code})` : code));
    const list = shown.join(language === 'en-US' ? ', ' : '、');
    return codes.length > shown.length ? `${list} …` : list;
  };
  return {
    serviceType: few(SERVICE_TYPES, names.serviceType),
    destinationCountry: few(COUNTRY_CODES, names.country),
    warehouseCode: few(WAREHOUSE_CODES, names.warehouse),
    currency: few(CURRENCY_CODES, new Map()),
  };
}

/** The export refuses more than `max` matching orders before writing a byte (the caller then narrows the filters): counting stops at max + 1. */
export async function checkExportSize(db: Db, where: ReturnType<typeof orderConditions>, max: number): Promise<void> {
  assertExportSize(await countUpTo(db, where, max + 1), max);
}

export type OrderExport = { sheetName: string; fileName: string; columns: ExportColumn<OrderRecord>[]; batches: AsyncIterable<OrderRecord[]> };

/** The list (same filters and sort) as a workbook in the caller's language, refused past EXPORT_ROWS_MAX. */
export async function exportOrders(db: Db, dictionaries: Dictionaries, tenantId: number, query: Omit<ListQuery, 'pageNo' | 'pageSize'>, language: Language, file: { defaultStatuses?: readonly OrderStatus[]; name: Texts; scope?: SQL }): Promise<OrderExport> {
  const where = orderConditions(tenantId, orderFilter(query, { defaultStatuses: file.defaultStatuses }), file.scope);
  await checkExportSize(db, where, EXPORT_ROWS_MAX);
  return {
    sheetName: SHEET_TEXTS.ordersSheet[language],
    fileName: `${file.name[language]}-${fileDate()}.xlsx`,
    columns: exportColumns(language, await namesOf(dictionaries, language)),
    batches: orderBatches(db, where, sortOf(query)),
  };
}

/** The import template in the caller's language. */
export async function importTemplate(dictionaries: Dictionaries, language: Language): Promise<{ fileName: string; workbook: Buffer }> {
  const workbook = await orderTemplate(language, await namesOf(dictionaries, language), {
    serviceType: [...SERVICE_TYPES],
    country: [...COUNTRY_CODES],
    warehouse: [...WAREHOUSE_CODES],
    currency: [...CURRENCY_CODES],
  });
  return { fileName: `${SHEET_TEXTS.templateFile[language]}.xlsx`, workbook };
}

/**
 * Quotes of many orders with one read of the rate cards: what the freight service's priceFor does per
 * order (the active card of the destination and service type), for an import of 2,000 orders.
 */
async function quoteAll(db: Db, prepared: PreparedOrder[]): Promise<(Price | null)[]> {
  const countries = [...new Set(prepared.map((p) => p.order.destinationCountry))];
  if (countries.length === 0) return [];
  const rates = await activeRateCards(db, countries);
  return prepared.map(({ order, dimensions }) => {
    const rate = rates.find((r) => r.destinationCountry === order.destinationCountry && r.serviceType === order.serviceType);
    return rate ? { currency: rate.currency, ...priceShipment(rate, order.declaredWeight, dimensions) } : null;
  });
}

/** What an import answers, with its message. */
export type ImportOutcome = { result: ImportResult; key: MessageKey; params: MessageParams };

/** Imports the orders of an uploaded template, all or nothing: any wrong row imports nothing and the errors are listed by row and column. */
export async function importOrders(db: Db, dictionaries: Dictionaries, actor: Actor, file: Buffer, language: Language): Promise<ImportOutcome> {
  const sheet = readTitledSheet(await readWorkbook(file), ORDER_SHEET, language);
  const refuse = (errors: ImportRowError[]): ImportOutcome => ({ result: { imported: 0, errors: sortErrors(errors, sheet.titles) }, key: 'importNothingImported', params: { count: errors.length } });
  if (sheet.errors.length > 0) return refuse(sheet.errors);
  const { orders: found, errors } = buildOrders(sheet, await codeBooks(dictionaries), language, await codeExamples(dictionaries, language));
  const merchantNoTitle = sheet.titles.merchantOrderNo ?? titleOf('merchantOrderNo', language);
  const reportTaken = (taken: Set<string>) => {
    for (const order of found) {
      if (taken.has(order.merchantOrderNo)) {
        errors.push({ row: order.firstRow, column: merchantNoTitle, message: formatMessage(language, 'importOrderNoExists', { merchantOrderNo: order.merchantOrderNo }) });
      }
    }
  };
  const numbers = found.map((order) => order.merchantOrderNo);
  reportTaken(await takenMerchantNos(db, actor.tenantId, numbers));
  if (errors.length > 0) return refuse(errors);
  const quotes = await quoteAll(db, found.map((order) => order.prepared));
  try {
    await db.transaction((tx) =>
      createOrders(
        tx,
        actor,
        found.map((order, index) => ({ prepared: order.prepared, quote: quotes[index] ?? null })),
      ),
    );
  } catch (error) {
    if (violatedConstraint(error) !== 'log_order_merchant_no_uq') throw error;
    // another request took one of the numbers since the check: report it like the check would have
    reportTaken(await takenMerchantNos(db, actor.tenantId, numbers));
    return refuse(errors);
  }
  return { result: { imported: found.length, errors: [] }, key: 'importDone', params: { count: found.length } };
}
