import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { shipOutInput } from '@portal/shared/logistics-schemas';
import { http } from '../../../lib/http.ts';

export type ShipOutInput = z.input<typeof shipOutInput>;
/** Each order's outcome: shipped, or why not (already shipped, not in the warehouse, unknown), in the caller's language. */
export type ShipOutResult = { orderNo: string; ok: boolean; message: string };

/** POST /warehouse/order/shipOut: ships orders out of the warehouse, with the line-haul waybill number if given. */
export const shipOut = (input: ShipOutInput) => http.post<ShipOutResult[]>('/warehouse/order/shipOut', input, { silent: true });

export const useShipOut = () => useMutation({ mutationFn: shipOut });
