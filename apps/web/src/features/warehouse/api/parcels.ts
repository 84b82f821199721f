import type { ParcelRecord, receiveInput } from '@portal/shared/logistics-schemas';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { OrderStatus } from '@portal/shared/logistics';
import { http } from '../../../lib/http.ts';
import type { ListParams, Page } from '../../../components/list-page/list-config.ts';
import { withRangeNames } from '../range-params.ts';

/** A parcel as the platform lists it: across tenants, so with its merchant's name. */
export type WarehouseParcel = ParcelRecord & { tenantName: string };

/** GET /warehouse/parcel/list: parcels of every tenant by storage time (those not received yet first). */
export const listParcels = (params: ListParams, signal?: AbortSignal) => http.get<Page<WarehouseParcel>>('/warehouse/parcel/list', { params: withRangeNames(params), signal });

/** The list's TanStack Query key; a scan refreshes everything under it. */
export const PARCEL_LIST_KEY = ['warehouse', 'parcel', 'list'] as const;

export type ReceiveInput = z.input<typeof receiveInput>;

/** What the warehouse learns at warehouse-in (the contract names no schema for it: this is the server's answer as agreed). */
export type ReceiveResult = {
  orderNo: string;
  /** the merchant the parcel belongs to */
  tenantName: string;
  status: OrderStatus;
  /** kg, 3 decimals: max(actual, volumetric) */
  chargeableWeight: string | null;
  freightCharge: string | null;
  freightCurrency: string | null;
};

/**
 * POST /warehouse/parcel/receive: scan a parcel's or an order's number into the warehouse with what
 * was measured. Silent: the scan list shows each refusal (404, 409 naming both statuses) next to its number.
 */
export const receiveParcel = (input: ReceiveInput) => http.post<ReceiveResult>('/warehouse/parcel/receive', input, { silent: true });

export const useReceiveParcel = () => useMutation({ mutationFn: receiveParcel });
