import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import type { CurrencyCode } from '@portal/shared/money';
import type { Language } from '@portal/shared/languages';
import { JOURNAL_KIND_TEXTS } from '@portal/shared/messages-finance';
import { rateExportTexts } from '@portal/shared/messages-rates';
import { contentDisposition, timeFormatter, XLSX_TYPE } from '../../../lib/xlsx.ts';
import type { DetailRow } from '../details/repository.ts';
import type { Figures } from './repository.ts';
import { amountText, EXPORT_AMOUNT_FORMAT } from '../money.ts';

export type StatementSheet = {
  lang: Language;
  timeZone: string;
  tenantName: string;
  currency: CurrencyCode;
  month: string;
  figures: Figures;
  generatedAt: Date;
  /** the month's movements, oldest first, batch after batch */
  lines: AsyncIterable<DetailRow[]>;
};

/**
 * One sheet: a block of the statement's figures (label, value), a blank row, then the month's movements
 * with the running balance counted from the opening balance. Streamed like the list exports.
 */
export function sendStatementXlsx(reply: FastifyReply, sheet: StatementSheet): FastifyReply {
  const t = rateExportTexts;
  const { lang, currency } = sheet;
  const time = timeFormatter(sheet.timeZone);
  const money = (minor: bigint) => Number(amountText(minor, currency));
  const stream = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
  const title = t.statementTitle[lang];
  const ws = workbook.addWorksheet(`${title} ${sheet.month}`.slice(0, 31));
  ws.columns = [{ width: 20 }, { width: 14 }, { width: 20 }, { width: 30 }, { width: 16 }, { width: 16 }];

  const label = (text: string, value: string | number, moneyCell = false) => {
    const row = ws.addRow([text, value]);
    row.getCell(1).font = { bold: true };
    if (moneyCell) row.getCell(2).numFmt = EXPORT_AMOUNT_FORMAT;
    row.commit();
  };
  const { figures } = sheet;
  const write = async () => {
    label(t.tenant[lang], sheet.tenantName);
    label(t.currency[lang], currency);
    label(t.month[lang], sheet.month);
    label(t.opening[lang], money(figures.opening), true);
    label(t.credits[lang], money(figures.credits), true);
    label(t.debits[lang], money(figures.debits), true);
    label(t.closing[lang], money(figures.closing), true);
    label(t.entryCount[lang], figures.entryCount);
    label(t.generatedAt[lang], time(sheet.generatedAt));
    ws.addRow([]).commit();
    const header = ws.addRow([t.postedAt[lang], t.kind[lang], t.refNo[lang], t.memo[lang], t.amount[lang], t.balance[lang]]);
    header.font = { bold: true };
    header.commit();
    let balance = figures.opening;
    for await (const batch of sheet.lines) {
      for (const line of batch) {
        balance += line.amount;
        const row = ws.addRow([time(line.postedAt), JOURNAL_KIND_TEXTS[line.kind][lang], line.refNo, line.memo, money(line.amount), money(balance)]);
        row.getCell(5).numFmt = EXPORT_AMOUNT_FORMAT;
        row.getCell(6).numFmt = EXPORT_AMOUNT_FORMAT;
        row.commit();
      }
      // as lib/xlsx does: wait while the reader is slower than the database, stop when it has gone
      if (stream.writableNeedDrain) await Promise.race([once(stream, 'drain'), once(stream, 'close')]);
      if (stream.destroyed) return;
    }
    ws.commit();
    await workbook.commit();
  };
  // the headers are gone by now: a failure can only cut the download short (and is logged)
  write().catch((error: unknown) => {
    reply.log.error({ err: error }, 'statement export failed');
    stream.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return reply
    .header('content-type', XLSX_TYPE)
    .header('content-disposition', contentDisposition(`${title}_${sheet.month}_${currency}.xlsx`, `alipay-statement_${sheet.month}_${currency}.xlsx`))
    .header('cache-control', 'no-store')
    .send(stream);
}
