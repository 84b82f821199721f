import { fetchFile } from '../../../lib/object-url.ts';
import { WALLET_BASE } from './keys.ts';

/** GET recharge/credentials/:id: a voucher's file, with the session's headers (an <img src> could not send the token). */
export const getVoucher = (id: number, signal?: AbortSignal) => fetchFile(`${WALLET_BASE}/recharge/credentials/${id}`, signal);
