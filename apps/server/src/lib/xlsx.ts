import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { z } from 'zod';
import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { EXPORT_ROWS_MAX } from '@portal/shared/logistics';
import { badRequest, msg } from './errors.ts';

/*
 * The one Excel export stack: an export is counted first (a 400 past EXPORT_ROWS_MAX, before a byte is
 * sent), then read in keyset batches and streamed, so that neither the rows nor the workbook are ever
 * whole in memory. A module's `export.ts` holds only its columns and its batch query.
 */

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Where the portal's merchants are (UTC+8) when the client does not say. */
export const DEFAULT_EXPORT_TIME_ZONE = 'Asia/Shanghai';

const isTimeZone = (value: string) => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
};

/** The reader's time zone (IANA name): a spreadsheet cell has none, so times are written in it. */
export const timeZoneParam = z
  .string()
  .max(64)
  .regex(/^[A-Za-z][A-Za-z0-9_+\-/]*$/, { error: msg('exportTimeZoneInvalid') })
  .refine(isTimeZone, { error: msg('exportTimeZoneInvalid') })
  .optional();

/** YYYY-MM-DD HH:mm:ss (spec §9) in the given zone; '' for no time. */
export function timeFormatter(timeZone: string): (value: Date | null) => string {
  // sv-SE writes ISO-like dates: 2026-01-31 08:05:09
  const format = new Intl.DateTimeFormat('sv-SE', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });
  return (value) => (value ? format.format(value) : '');
}

/**
 * A spreadsheet cell has no time zone: Excel shows a date cell's UTC fields. This is the Date whose
 * UTC fields are the wall-clock time of `value` in `timeZone`, what the reader's screen shows for it.
 */
export function wallClock(timeZone: string): (value: Date) => Date {
  const format = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric', hourCycle: 'h23' });
  return (value) => {
    const part = Object.fromEntries(format.formatToParts(value).map(({ type, value: text }) => [type, Number(text)]));
    const { year = 1970, month = 1, day = 1, hour = 0, minute = 0, second = 0 } = part;
    return new Date(Date.UTC(year, month - 1, day, hour, minute, second, value.getUTCMilliseconds()));
  };
}

/** `count` may stop at max + 1: the message names the limit, not the count. */
export function assertExportSize(count: number, max: number = EXPORT_ROWS_MAX): void {
  if (count > max) throw badRequest('exportRowsTooMany', { max });
}

/**
 * RFC 6266 with the RFC 5987 UTF-8 name (a Chinese title) and a plain ASCII fallback for old clients;
 * `inline` for a file the browser shows (a bank voucher).
 */
export function contentDisposition(fileName: string, asciiName: string, disposition: 'attachment' | 'inline' = 'attachment'): string {
  const encoded = encodeURIComponent(fileName).replace(/['()*!]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${disposition}; filename="${asciiName.replace(/[^A-Za-z0-9._-]/g, '_')}"; filename*=UTF-8''${encoded}`;
}

/** A Date is an instant, written as a date cell of its wall-clock time in the export's zone (format it with the column's numFmt). */
export type Cell = string | number | Date | null;
export type ExportColumn<R> = { header: string; width: number; numFmt?: string; value: (row: R) => Cell };

/** Rows after `after` in (time desc, id desc) order: the keyset of every export here. */
export type Cursor = { time: string; id: number };
export const EXPORT_BATCH = 1_000;

/** (time, id) strictly after the cursor in descending order; the time travels as PostgreSQL's own text, keeping its microseconds. */
export const afterCursor = (time: AnyColumn, id: AnyColumn, cursor: Cursor): SQL => sql`(${time}, ${id}) < (${cursor.time}::timestamptz, ${cursor.id})`;
/** What a batch query selects as the cursor time. */
export const cursorTimeOf = (time: AnyColumn) => sql<string>`${time}::text`;

/** Fetches batch after batch until one comes back short. */
export async function* keysetBatches<R extends { id: number; cursorTime: string }>(fetch: (after: Cursor | null, limit: number) => Promise<R[]>): AsyncGenerator<R[]> {
  let after: Cursor | null = null;
  for (;;) {
    const rows = await fetch(after, EXPORT_BATCH);
    if (rows.length > 0) yield rows;
    const last = rows.at(-1);
    if (!last || rows.length < EXPORT_BATCH) return;
    after = { time: last.cursorTime, id: last.id };
  }
}

/**
 * Writes the workbook into `stream` batch after batch, waiting while the reader is slower than the
 * database (memory stays flat however large the export), and stops when the reader has gone away.
 */
export async function writeXlsx<R>(stream: PassThrough, options: { sheetName: string; timeZone: string; columns: ExportColumn<R>[]; batches: AsyncIterable<R[]> }): Promise<void> {
  const local = wallClock(options.timeZone);
  const cell = (value: Cell) => (value instanceof Date ? local(value) : value);
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(options.sheetName.slice(0, 31));
  sheet.columns = options.columns.map((column, index) => ({ header: column.header, key: String(index), width: column.width, style: column.numFmt ? { numFmt: column.numFmt } : {} }));
  sheet.getRow(1).font = { bold: true };
  for await (const batch of options.batches) {
    for (const row of batch) sheet.addRow(options.columns.map((column) => cell(column.value(row)))).commit();
    if (stream.writableNeedDrain) await Promise.race([once(stream, 'drain'), once(stream, 'close')]);
    if (stream.destroyed) return;
  }
  sheet.commit();
  await workbook.commit();
}

/**
 * Answers with the workbook as it is written. `title` names the sheet and the file in the caller's
 * language; `asciiTitle` is the fallback file name. A module whose names differ gives them whole:
 * `sheetName`, and `fileName` (used as it is, its ASCII fallback made from it).
 */
export function sendXlsx<R>(
  reply: FastifyReply,
  options: { title: string; asciiTitle: string; timeZone: string; columns: ExportColumn<R>[]; batches: AsyncIterable<R[]>; sheetName?: string; fileName?: string },
): FastifyReply {
  const stamp = timeFormatter(options.timeZone)(new Date()).replace(/\D/g, '');
  const stream = new PassThrough();
  // the headers are gone by now: a failure can only cut the download short (and is logged)
  writeXlsx(stream, { sheetName: options.sheetName ?? options.title, timeZone: options.timeZone, columns: options.columns, batches: options.batches }).catch((error: unknown) => {
    reply.log.error({ err: error }, 'export failed');
    stream.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return reply
    .header('content-type', XLSX_TYPE)
    .header('content-disposition', options.fileName ? contentDisposition(options.fileName, options.fileName) : contentDisposition(`${options.title}_${stamp}.xlsx`, `${options.asciiTitle}_${stamp}.xlsx`))
    .header('cache-control', 'no-store')
    .send(stream);
}
