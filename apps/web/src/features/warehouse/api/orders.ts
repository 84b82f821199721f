import { queryOptions, useQuery, useMutation } from '@tanstack/react-query';
import type { OrderRecord, shipOutInput } from '@portal/shared/logistics-schemas';
import type { z } from 'zod';
import { http } from '../../../lib/http.ts';
import type { ListParams, Page } from '../../../components/list-page/list-config.ts';
import { withRangeNames } from '../range-params.ts';

/** An order as the platform lists it: every tenant's, with the merchant's name. */
export type WarehouseOrder = OrderRecord & { tenantName: string };

/** GET /warehouse/order/list: orders of every tenant, with the order list's filters (status, orderNo, ...). */
export const listWarehouseOrders = (params: ListParams, signal?: AbortSignal) => http.get<Page<WarehouseOrder>>('/warehouse/order/list', { params: withRangeNames(params), signal });

export const ORDER_LIST_KEY = ['warehouse', 'order', 'list'] as const;

/** One order by its exact number (the event form checks which moves it allows), or null when there is none. */
export const orderByNoQuery = (orderNo: string) =>
  queryOptions({
    queryKey: [...ORDER_LIST_KEY, 'byNo', orderNo] as const,
    queryFn: async ({ signal }) => {
      const page = await http.get<Page<WarehouseOrder>>('/warehouse/order/list', { params: { orderNo, pageNo: 1, pageSize: 5 }, signal, silent: true });
      // the filter may match more than the exact number: only that one counts
      return page.records.find((order) => order.orderNo === orderNo) ?? null;
    },
    retry: false,
    // the status moves as events are added: always ask again when the form opens
    staleTime: 0,
  });

export const useOrderByNo = (orderNo: string) => useQuery({ ...orderByNoQuery(orderNo), enabled: orderNo !== '' });

export type ShipOutInput = z.input<typeof shipOutInput>;
/** Each order's outcome: shipped, or why not (already shipped, not in the warehouse, unknown), in the caller's language. */
export type ShipOutResult = { orderNo: string; ok: boolean; message: string };

/** POST /warehouse/order/shipOut: ships orders out of the warehouse, with the line-haul waybill number if given. */
export const shipOut = (input: ShipOutInput) => http.post<ShipOutResult[]>('/warehouse/order/shipOut', input, { silent: true });

export const useShipOut = () => useMutation({ mutationFn: shipOut });
