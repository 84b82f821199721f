import type { Envelope } from '@portal/shared/api';
import type { ImportResult } from '@portal/shared/logistics-schemas';
import { buildUrl, HTTP_TIMEOUT_MS, requestHeaders } from './http.ts';
import { i18n } from './i18n.ts';

/**
 * POST an import's spreadsheet (multipart, field "file"): every import answers how many rows came in, or
 * 0 and every wrong row. Not through http.post, which sends JSON: the browser writes the boundary.
 */
export async function uploadImport(path: string, file: File): Promise<ImportResult> {
  const data = new FormData();
  data.append('file', file, file.name);
  let response: Response;
  try {
    response = await fetch(buildUrl('POST', path), { method: 'POST', headers: requestHeaders(false), body: data, signal: AbortSignal.timeout(HTTP_TIMEOUT_MS) });
  } catch {
    throw new Error(i18n.t('errors.timeout'));
  }
  const body = (await response.json().catch(() => null)) as Envelope<ImportResult> | null;
  if (!response.ok || !body?.success) throw new Error(body?.message || i18n.t('errors.operationFailed'));
  return body.result;
}
