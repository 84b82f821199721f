import type { Envelope } from '@portal/shared/api';
import { i18n } from './i18n.ts';
import { feedback } from './feedback.ts';
import { storage, STORAGE_KEYS } from './storage.ts';
import { clearSession, currentToken } from './session.ts';
import { noteDictVersion } from './dict-version.ts';

/** Spec §9: 60 s. */
export const HTTP_TIMEOUT_MS = 60_000;
const BASES = { consignor: '/api', platform: '/platform-api' } as const;

/** A failed HTTP status; already shown to the user as §8 says unless the request was silent. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** `success: false` in a 200 answer (spec §5 "Response wrapper"). */
export class BusinessError extends Error {
  constructor(
    message: string,
    readonly code: number,
  ) {
    super(message);
    this.name = 'BusinessError';
  }
}

export type RequestOptions = {
  params?: Record<string, string | number | boolean | null | undefined>;
  body?: unknown;
  /** the platform gateway (the spec's "transfer" calls: the wallet) */
  transfer?: boolean;
  /** the caller shows failures itself (forms): no notification, no warning */
  silent?: boolean;
  /** money-moving calls: the same key for every retry of one user action (lib/idempotency.ts) */
  idempotencyKey?: string;
  signal?: AbortSignal;
  /** the answer's headers, for the calls that read one (the dictionaries' version mark) */
  onHeaders?: (headers: Headers) => void;
};

export function buildUrl(method: string, url: string, options: RequestOptions = {}): string {
  const base = options.transfer ? BASES.platform : BASES.consignor;
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(options.params ?? {})) if (value !== undefined && value !== null && value !== '') query.set(key, String(value));
  // spec §7: GET requests carry a timestamp in seconds, except dictionary-item lookups
  if (method === 'GET' && !url.startsWith('/sys/dict/getDictItems')) query.set('_t', String(Math.floor(Date.now() / 1000)));
  const search = query.toString();
  return `${base}${url}${search ? `?${search}` : ''}`;
}

export function requestHeaders(hasBody: boolean, idempotencyKey?: string): Record<string, string> {
  const token = currentToken();
  return {
    Accept: 'application/json',
    'Accept-Language': i18n.language,
    tenant_id: String(storage.get<number>(STORAGE_KEYS.tenantId) ?? 0),
    ...(token ? { 'X-Access-Token': token } : {}),
    ...(hasBody ? { 'Content-Type': 'application/json' } : {}),
    ...(idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : {}),
  };
}

/** Sends a request and answers the envelope's `result`; every failure is handled per spec §8 and rejected onward. */
export async function request<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, options: RequestOptions = {}): Promise<T> {
  const hasBody = options.body !== undefined;
  let response: Response;
  try {
    response = await fetch(buildUrl(method, url, options), {
      method,
      headers: requestHeaders(hasBody, options.idempotencyKey),
      body: hasBody ? JSON.stringify(options.body) : undefined,
      signal: options.signal ? AbortSignal.any([options.signal, AbortSignal.timeout(HTTP_TIMEOUT_MS)]) : AbortSignal.timeout(HTTP_TIMEOUT_MS),
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    // a timeout or a network that never answered: what the spec calls 504
    throw handleStatus(504, '', options.silent);
  }
  const body = (await response.json().catch(() => null)) as Envelope<T> | null;
  if (!response.ok) throw handleStatus(response.status, body?.message ?? '', options.silent);
  options.onHeaders?.(response.headers);
  noteDictVersion(response.headers);
  if (!body) throw handleStatus(502, '', options.silent);
  if (!body.success) {
    const message = body.message || i18n.t('errors.operationFailed');
    if (!options.silent) feedback()?.message.warning(message);
    throw new BusinessError(message, body.code);
  }
  return body.result;
}

export const http = {
  get: <T>(url: string, options?: RequestOptions) => request<T>('GET', url, options),
  post: <T>(url: string, body?: unknown, options?: RequestOptions) => request<T>('POST', url, { ...options, body: body ?? {} }),
  put: <T>(url: string, body?: unknown, options?: RequestOptions) => request<T>('PUT', url, { ...options, body: body ?? {} }),
  delete: <T>(url: string, options?: RequestOptions) => request<T>('DELETE', url, options),
};

let expiredModalShown = false;

/** The §8 catalogue, row by row. */
function handleStatus(status: number, serverMessage: string, silent = false): HttpError {
  const t = i18n.t.bind(i18n);
  const ui = feedback();
  const hasToken = Boolean(currentToken());
  const onLoginPage = window.location.pathname.startsWith('/user/login');
  switch (status) {
    case 403:
      // one notice however many calls a page makes: a screen whose rights were taken would stack one per call
      if (!silent) ui?.notification.error({ key: 'access-denied', title: t('errors.systemTip'), description: t('errors.accessDenied'), duration: 4 });
      return new HttpError(status, serverMessage || t('errors.accessDenied'));
    case 404:
      if (!silent) ui?.notification.error({ title: t('errors.systemTip'), description: t('errors.notFound'), duration: 4 });
      return new HttpError(status, t('errors.notFound'));
    case 504:
      if (!silent) ui?.notification.error({ title: t('errors.systemTip'), description: t('errors.timeout'), duration: 4 });
      return new HttpError(status, t('errors.timeout'));
    case 401:
      ui?.notification.error({ title: t('errors.systemTip'), description: t('errors.unauthorized'), duration: 4 });
      if (hasToken && !onLoginPage) {
        clearSession();
        window.setTimeout(() => window.location.reload(), 1500);
      }
      return new HttpError(status, serverMessage || t('errors.unauthorized'));
    case 500:
      if (hasToken && serverMessage.includes('Token失效') && !onLoginPage) {
        if (!expiredModalShown && ui) {
          expiredModalShown = true;
          ui.modal.error({
            title: t('errors.expiredTitle'),
            content: t('errors.expiredContent'),
            okText: t('errors.signInAgain'),
            onOk: () => {
              clearSession();
              window.location.reload();
            },
          });
        }
        return new HttpError(status, serverMessage);
      }
      break;
  }
  const message = serverMessage || t('errors.operationFailed');
  if (!silent) ui?.notification.error({ title: t('errors.systemTip'), description: message, duration: 4 });
  return new HttpError(status, message);
}

export type DownloadProgress = { received: number; total: number | null };
export type DownloadedFile = { fileName: string; size: number };

/** An answer that is not a file (JSON, empty, broken off, without a name); the message is for the user. */
export class DownloadError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
    this.name = 'DownloadError';
  }
}

/**
 * Downloads a file (spec §7: GET, blob; the name from content-disposition). A failed status is handled as
 * every request's (§8); a JSON, empty or broken-off answer is 文件下载失败, a file with no name at all
 * 未定义文件名称 (a DownloadError). The body is read as a stream, so a large export can show how much has
 * arrived (`onProgress`), and the 60 s timeout (§9) is the longest wait for the next bytes rather than for the
 * whole file: a 100,000-row export streams for longer than that, and is alive as long as bytes come. Failures
 * are announced unless `silent` (the caller shows them where the user is looking).
 */
export async function download(
  url: string,
  options: RequestOptions & { fileName?: string; onProgress?: (progress: DownloadProgress) => void } = {},
): Promise<DownloadedFile> {
  const idle = new AbortController();
  let timer = 0;
  const arm = () => {
    window.clearTimeout(timer);
    timer = window.setTimeout(() => idle.abort(), HTTP_TIMEOUT_MS);
  };
  const signal = options.signal ? AbortSignal.any([options.signal, idle.signal]) : idle.signal;
  const noFile = (key: 'errors.downloadFailed' | 'errors.noFileName', status: number | null) => {
    const message = i18n.t(key);
    if (!options.silent) feedback()?.message.warning(message);
    return new DownloadError(message, status);
  };
  arm();
  try {
    let response: Response;
    try {
      response = await fetch(buildUrl('GET', url, options), { headers: requestHeaders(false), signal });
    } catch (error) {
      if (options.signal?.aborted) throw error;
      throw handleStatus(504, '', options.silent);
    }
    if (!response.ok) {
      const body = (await response.json().catch(() => null)) as Partial<Envelope<unknown>> | null;
      throw handleStatus(response.status, typeof body?.message === 'string' ? body.message : '', options.silent);
    }
    const type = response.headers.get('content-type') ?? '';
    if (type.includes('application/json')) {
      await response.body?.cancel().catch(() => undefined);
      throw noFile('errors.downloadFailed', response.status);
    }
    const fileName = options.fileName ?? fileNameOf(response.headers.get('content-disposition'));
    if (!fileName) {
      await response.body?.cancel().catch(() => undefined);
      throw noFile('errors.noFileName', response.status);
    }
    const length = Number(response.headers.get('content-length'));
    const total = Number.isFinite(length) && length > 0 ? length : null;
    const chunks: Uint8Array<ArrayBuffer>[] = [];
    let received = 0;
    const reader = response.body?.getReader();
    try {
      for (;;) {
        if (!reader) break;
        const { done, value } = await reader.read();
        if (done) break;
        chunks.push(value);
        received += value.byteLength;
        arm();
        options.onProgress?.({ received, total });
      }
    } catch (error) {
      if (options.signal?.aborted) throw error;
      // the connection broke or went quiet for too long: what arrived is not a whole file
      throw noFile('errors.downloadFailed', null);
    }
    if (received === 0) throw noFile('errors.downloadFailed', response.status);
    saveBlob(new Blob(chunks, { type: type || 'application/octet-stream' }), fileName);
    return { fileName, size: received };
  } finally {
    window.clearTimeout(timer);
  }
}

/** How long a saved file's object URL lives after its click (FileSaver.js keeps it 40 s). */
const SAVED_FILE_KEPT_MS = 60_000;

/** Hands a file to the browser's downloads under the given name. */
export function saveBlob(blob: Blob, fileName: string): void {
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // the browser fetches the file after the click, not during it: revoked at once, the file was lost on a busy machine
  window.setTimeout(() => URL.revokeObjectURL(link.href), SAVED_FILE_KEPT_MS);
}

export function fileNameOf(header: string | null): string | null {
  if (!header) return null;
  const star = /filename\*=(?:UTF-8'')?([^;]+)/i.exec(header);
  if (star?.[1]) return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''));
  const plain = /filename="?([^";]+)"?/i.exec(header);
  return plain?.[1] ? decodeURIComponent(plain[1]) : null;
}
