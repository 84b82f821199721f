import { fetchFile } from '../../../lib/object-url.ts';

/** GET /platform-api/finance/review/recharge/credentials/:id: a bank voucher's bytes, with the signed-in user's token. */
export const getVoucher = (id: number, signal?: AbortSignal) => fetchFile(`/finance/review/recharge/credentials/${id}`, signal);
