import type { OrderRecord } from '@portal/shared/logistics-schemas';
import { http } from '../../../lib/http.ts';
import type { ListParams, Page } from '../../../components/list-page/list-config.ts';

/**
 * The prefix of order queries: a batch change invalidates them, since orders join or leave batches and
 * "goods ready" moves them to WAIT_COLLECT (an order list open in another tab with the same prefix follows).
 */
export const ORDERS_KEY = ['logistics', 'order'] as const;
export const CREATED_ORDERS_KEY = [...ORDERS_KEY, 'list', 'CREATED'] as const;

/** GET /logistics/order/list?status=CREATED: the tenant's orders that can still go into a pick-up batch. */
export const listCreatedOrders = (params: ListParams, signal?: AbortSignal) =>
  http.get<Page<OrderRecord>>('/logistics/order/list', { params: { ...params, status: 'CREATED' }, signal });
