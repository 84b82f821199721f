import type { TrackingEventRecord, TrackingEventInput } from '@portal/shared/logistics-schemas';
import { useMutation } from '@tanstack/react-query';
import type { OrderStatus } from '@portal/shared/logistics';
import { http } from '../../../lib/http.ts';
import type { ListParams, Page } from '../../../components/list-page/list-config.ts';
import { withRangeNames } from '../range-params.ts';

/** An event as the platform lists it: with its order's number and merchant, the status it left, and when it was recorded. */
export type WarehouseTrackingEvent = TrackingEventRecord & { orderNo: string; tenantName: string; fromStatus: TrackingEventRecord['status']; createdAt: string };

/** GET /warehouse/tracking/list: tracking events of every tenant, newest first. */
export const listTrackingEvents = (params: ListParams, signal?: AbortSignal) => http.get<Page<WarehouseTrackingEvent>>('/warehouse/tracking/list', { params: withRangeNames(params), signal });

export const TRACKING_LIST_KEY = ['warehouse', 'tracking', 'list'] as const;

/** POST /warehouse/tracking/add: an event on an order, moving it to `status` if given (checked against the lifecycle: 409 if not allowed). */
export const addTrackingEvent = (input: TrackingEventInput) => http.post<{ orderNo: string; status: OrderStatus }>('/warehouse/tracking/add', input, { silent: true });

export const useAddTrackingEvent = () => useMutation({ mutationFn: addTrackingEvent });
