import { useEffect, useState } from 'react';
import { buildUrl, HTTP_TIMEOUT_MS, HttpError, requestHeaders } from './http.ts';
import { i18n } from './i18n.ts';

/**
 * GET a file of the platform gateway with the session's headers: not through http.get (the answer is
 * a file, not an envelope), and an <img src> could not carry the token. An empty or JSON answer is a failure.
 */
export async function fetchFile(url: string, signal?: AbortSignal): Promise<Blob> {
  const timeout = AbortSignal.timeout(HTTP_TIMEOUT_MS);
  const response = await fetch(buildUrl('GET', url, { transfer: true }), { headers: requestHeaders(false), signal: signal ? AbortSignal.any([signal, timeout]) : timeout });
  if (!response.ok) throw new HttpError(response.status, response.statusText);
  const blob = await response.blob();
  if (blob.size === 0 || blob.type.includes('application/json')) throw new Error(i18n.t('errors.downloadFailed'));
  return blob;
}

/**
 * The file `load` fetches for `id`, as an object URL for as long as it is on screen: fetched, made and
 * revoked by the same effect, so that React's double effects in development never revoke the one shown.
 */
export function useObjectUrl(id: number, load: (id: number, signal: AbortSignal) => Promise<Blob>): { url: string | null; failed: boolean } {
  const [state, setState] = useState<{ url: string | null; failed: boolean }>({ url: null, failed: false });
  useEffect(() => {
    const controller = new AbortController();
    let url: string | null = null;
    load(id, controller.signal).then(
      (blob) => {
        url = URL.createObjectURL(blob);
        setState({ url, failed: false });
      },
      () => {
        if (!controller.signal.aborted) setState({ url: null, failed: true });
      },
    );
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [id, load]);
  return state;
}
