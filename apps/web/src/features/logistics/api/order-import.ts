import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Envelope } from '@portal/shared/api';
import type { ImportResult } from '@portal/shared/logistics-schemas';
import { buildUrl, HTTP_TIMEOUT_MS, requestHeaders, download } from '../../../lib/http.ts';
import { i18n } from '../../../lib/i18n.ts';
import { ORDERS_KEY } from './orders.ts';

/** An import the server did not take (a 4xx or 5xx, a network failure); the message is for the user. */
export class ImportFailure extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'ImportFailure';
  }
}

/**
 * POST /logistics/order/importExcel (multipart, field `file`): all the rows or none. Answers how many
 * orders were imported, or, when the file has errors, 0 and each error's row, column and message.
 * XMLHttpRequest rather than fetch: fetch reports no upload progress. Failures are not announced
 * here: the import dialog shows them where the user is looking.
 */
export function importOrders(file: File, onProgress: (percent: number) => void, signal?: AbortSignal): Promise<ImportResult> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', buildUrl('POST', '/logistics/order/importExcel'));
    // the browser sets the multipart Content-Type with its boundary
    for (const [name, value] of Object.entries(requestHeaders(false))) xhr.setRequestHeader(name, value);
    xhr.timeout = HTTP_TIMEOUT_MS;
    xhr.responseType = 'text';
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    };
    const fail = (status: number, fallback: string) => {
      let message = '';
      try {
        const body = JSON.parse(xhr.responseText) as Partial<Envelope<unknown>>;
        if (typeof body.message === 'string') message = body.message;
      } catch {
        // not JSON: the fallback says it
      }
      reject(new ImportFailure(message || fallback, status));
    };
    xhr.onload = () => {
      if (xhr.status < 200 || xhr.status >= 300) {
        const fallback = xhr.status === 401 ? i18n.t('errors.unauthorized') : xhr.status === 403 ? i18n.t('errors.accessDenied') : i18n.t('errors.operationFailed');
        fail(xhr.status, fallback);
        return;
      }
      try {
        const body = JSON.parse(xhr.responseText) as Envelope<ImportResult>;
        if (!body.success) {
          reject(new ImportFailure(body.message || i18n.t('errors.operationFailed'), xhr.status));
          return;
        }
        resolve(body.result);
      } catch {
        reject(new ImportFailure(i18n.t('errors.operationFailed'), xhr.status));
      }
    };
    xhr.onerror = () => reject(new ImportFailure(i18n.t('errors.timeout'), 504));
    xhr.ontimeout = () => reject(new ImportFailure(i18n.t('errors.timeout'), 504));
    xhr.onabort = () => reject(new DOMException('aborted', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
}

/** The import as a mutation, its upload's percent handed to `onProgress`: the lists and counts refresh when orders were imported. */
export function useImportOrders(onProgress: (percent: number) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      onProgress(0);
      return importOrders(file, onProgress);
    },
    onSuccess: (result) => (result.imported > 0 ? client.invalidateQueries({ queryKey: ORDERS_KEY }) : undefined),
  });
}

/** GET /logistics/order/importTemplate: the Excel template of the order import (its headers in the caller's language). */
export const downloadImportTemplate = () => download('/logistics/order/importTemplate');

export const useDownloadImportTemplate = () => useMutation({ mutationFn: downloadImportTemplate });
