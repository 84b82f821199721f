import type { Envelope } from '@portal/shared/api';
import { buildUrl, fileNameOf, HTTP_TIMEOUT_MS, requestHeaders, saveBlob, type RequestOptions } from '../../lib/http.ts';
import { i18n } from '../../lib/i18n.ts';

export type DownloadProgress = { received: number; total: number | null };

/** A download that did not give a file; the message is for the user, already translated. */
export class DownloadError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
    this.name = 'DownloadError';
  }
}

const t = (key: 'errors.downloadFailed' | 'errors.noFileName' | 'errors.timeout' | 'errors.unauthorized' | 'errors.accessDenied' | 'errors.notFound' | 'errors.operationFailed') => i18n.t(key);

async function failureOf(response: Response): Promise<DownloadError> {
  const body = (await response.json().catch(() => null)) as Partial<Envelope<unknown>> | null;
  const byStatus = response.status === 401 ? t('errors.unauthorized') : response.status === 403 ? t('errors.accessDenied') : response.status === 404 ? t('errors.notFound') : null;
  return new DownloadError((typeof body?.message === 'string' && body.message) || byStatus || t('errors.operationFailed'), response.status);
}

/**
 * lib/http.ts `download`, reading the body as a stream so that a large export can show how much has
 * arrived. Same rules (spec §7, §8): GET, the name from content-disposition (未定义文件名称 without
 * one), a JSON or empty answer is 文件下载失败. The 60 s timeout (spec §9) is the longest wait for the
 * next bytes rather than for the whole file: a 100,000-row export streams for longer than that, and
 * is still alive as long as bytes come. Failures are not announced here: the caller shows them where
 * the user is looking (the progress dialog), and rejects with a DownloadError carrying the message.
 */
export async function streamDownload(
  url: string,
  options: Pick<RequestOptions, 'params' | 'signal'> & { onProgress?: (progress: DownloadProgress) => void; fileName?: string },
): Promise<{ fileName: string; size: number }> {
  const idle = new AbortController();
  let timer = 0;
  const arm = () => {
    window.clearTimeout(timer);
    timer = window.setTimeout(() => idle.abort(), HTTP_TIMEOUT_MS);
  };
  const signal = options.signal ? AbortSignal.any([options.signal, idle.signal]) : idle.signal;
  arm();
  try {
    let response: Response;
    try {
      response = await fetch(buildUrl('GET', url, { params: options.params }), { headers: requestHeaders(false), signal });
    } catch (error) {
      if (options.signal?.aborted) throw error;
      throw new DownloadError(t('errors.timeout'), 504);
    }
    if (!response.ok) throw await failureOf(response);
    const type = response.headers.get('content-type') ?? '';
    if (type.includes('application/json')) {
      await response.body?.cancel().catch(() => undefined);
      throw new DownloadError(t('errors.downloadFailed'), response.status);
    }
    const fileName = options.fileName ?? fileNameOf(response.headers.get('content-disposition'));
    if (!fileName) {
      await response.body?.cancel().catch(() => undefined);
      throw new DownloadError(t('errors.noFileName'), response.status);
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
      throw new DownloadError(t('errors.downloadFailed'), null);
    }
    if (received === 0) throw new DownloadError(t('errors.downloadFailed'), response.status);
    saveBlob(new Blob(chunks, { type: type || 'application/octet-stream' }), fileName);
    return { fileName, size: received };
  } finally {
    window.clearTimeout(timer);
  }
}

/** 1536 -> "1.5 KB": how much of a file has arrived. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'] as const;
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(1)} ${units[unit]}`;
}
