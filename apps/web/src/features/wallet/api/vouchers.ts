import type { Envelope } from '@portal/shared/api';
import type { VoucherRecord } from '@portal/shared/finance-schemas';
import { buildUrl, HTTP_TIMEOUT_MS, requestHeaders } from '../../../lib/http.ts';
import { i18n } from '../../../lib/i18n.ts';
import { WALLET_BASE } from '../../../entities/wallet/wallet-details.ts';
import { fetchFile } from '../../../lib/object-url.ts';

/**
 * POST recharge/credentials (multipart, field "file"): one bank voucher; answers the voucher whose id
 * goes into `voucherIds`. Not through http.post, which sends JSON: the browser writes the multipart
 * boundary itself, so no Content-Type here. A refusal rejects with the server's own words (a 400 for a
 * file that is not an image or PDF, or too large).
 */
export async function uploadVoucher(file: File, idempotencyKey: string, signal?: AbortSignal): Promise<VoucherRecord> {
  const data = new FormData();
  data.append('file', file, file.name);
  let response: Response;
  try {
    response = await fetch(buildUrl('POST', `${WALLET_BASE}/recharge/credentials`, { transfer: true }), {
      method: 'POST',
      headers: requestHeaders(false, idempotencyKey),
      body: data,
      signal: signal ? AbortSignal.any([signal, AbortSignal.timeout(HTTP_TIMEOUT_MS)]) : AbortSignal.timeout(HTTP_TIMEOUT_MS),
    });
  } catch {
    throw new Error(i18n.t('errors.timeout'));
  }
  const body = (await response.json().catch(() => null)) as Envelope<VoucherRecord> | null;
  if (!response.ok || !body?.success) throw new Error(body?.message || i18n.t('errors.operationFailed'));
  return body.result;
}

/** GET recharge/credentials/:id: a voucher's file, with the session's headers (an <img src> could not send the token). */
export const getVoucher = (id: number, signal?: AbortSignal) => fetchFile(`${WALLET_BASE}/recharge/credentials/${id}`, signal);
