import { buildUrl, HTTP_TIMEOUT_MS, requestHeaders } from '../../../lib/http.ts';
import { i18n } from '../../../lib/i18n.ts';
import { WALLET_BASE } from './keys.ts';

/**
 * GET recharge/credentials/:id: a voucher's file. An <img src> cannot send the X-Access-Token header,
 * so the file comes as a blob with the session's headers and is shown through an object URL.
 */
export async function getVoucher(id: number, signal?: AbortSignal): Promise<Blob> {
  const response = await fetch(buildUrl('GET', `${WALLET_BASE}/recharge/credentials/${id}`, { transfer: true }), {
    headers: requestHeaders(false),
    signal: signal ? AbortSignal.any([signal, AbortSignal.timeout(HTTP_TIMEOUT_MS)]) : AbortSignal.timeout(HTTP_TIMEOUT_MS),
  });
  if (!response.ok) throw new Error(i18n.t('errors.downloadFailed'));
  const blob = await response.blob();
  if (blob.size === 0 || blob.type.includes('application/json')) throw new Error(i18n.t('errors.downloadFailed'));
  return blob;
}
