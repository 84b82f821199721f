import { useMutation } from '@tanstack/react-query';
import type { OrderStatus } from '@portal/shared/logistics';
import type { TrackingEventInput } from '@portal/shared/logistics-schemas';
import { http } from '../../../lib/http.ts';

/** POST /warehouse/tracking/add: an event on an order, moving it to `status` if given (checked against the lifecycle: 409 if not allowed). */
export const addTrackingEvent = (input: TrackingEventInput) => http.post<{ orderNo: string; status: OrderStatus }>('/warehouse/tracking/add', input, { silent: true });

export const useAddTrackingEvent = () => useMutation({ mutationFn: addTrackingEvent });
