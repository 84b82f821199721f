import ExcelJS from 'exceljs';
import { expect } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';

/*
 * How the API tests read an answer: a success's body, a refusal's message, an exported workbook, a
 * download's file name. Each also asserts the envelope, so a test states only what it is about.
 */

/** The body of a successful JSON answer. */
export function ok<T = unknown>(response: LightMyRequestResponse): T {
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json();
  expect(body).toMatchObject({ success: true, code: 200 });
  return body.result as T;
}

/** A refusal: its status, and its message for assertions. */
export function refused(response: LightMyRequestResponse, status: number): string {
  expect(response.statusCode, response.body).toBe(status);
  const body = response.json();
  expect(body).toMatchObject({ success: false, code: status });
  return body.message as string;
}

export type Sheet = { headers: string[]; rows: (string | number | null)[][]; name: string };

/** The first sheet of an xlsx answer, values as read back. */
export async function readXlsx(response: LightMyRequestResponse): Promise<Sheet> {
  expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
  expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const values: (string | number | null)[][] = [];
  const width = sheet.columnCount;
  // an empty cell reads back as nothing at all: null here, whether it was written as '' or null
  sheet.eachRow((row) => {
    values.push(Array.from({ length: width }, (_, i) => (row.getCell(i + 1).value as string | number | null | undefined) ?? null).map((cell) => (cell === '' ? null : cell)));
  });
  const [headers = [], ...rows] = values;
  return { headers: headers.map(String), rows, name: sheet.name };
}

/** The file name of a download, decoded from its RFC 5987 form. */
export function downloadName(response: LightMyRequestResponse): string {
  const header = String(response.headers['content-disposition'] ?? '');
  const match = /filename\*=UTF-8''([^;]+)/.exec(header);
  expect(match, header).not.toBeNull();
  return decodeURIComponent(match![1]!);
}
