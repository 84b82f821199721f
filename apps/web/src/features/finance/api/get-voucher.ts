import { buildUrl, HTTP_TIMEOUT_MS, HttpError, requestHeaders } from '../../../lib/http.ts';

/** Where a voucher's bytes are: the platform's review path, with the signed-in user's token. */
export const voucherPath = (id: number) => `/finance/review/recharge/credentials/${id}`;

/**
 * GET /platform-api/finance/review/recharge/credentials/:id: a bank voucher's bytes. Not through
 * http.get: the answer is a file, not an envelope; an <img src> could not carry the token.
 */
export async function getVoucher(id: number, signal?: AbortSignal): Promise<Blob> {
  const timeout = AbortSignal.timeout(HTTP_TIMEOUT_MS);
  const response = await fetch(buildUrl('GET', voucherPath(id), { transfer: true }), { headers: requestHeaders(false), signal: signal ? AbortSignal.any([signal, timeout]) : timeout });
  if (!response.ok) throw new HttpError(response.status, response.statusText);
  return response.blob();
}
