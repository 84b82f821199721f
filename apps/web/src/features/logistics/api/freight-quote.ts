import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ServiceType } from '@portal/shared/logistics';
import { http } from '../../../lib/http.ts';

export type FreightQuoteQuery = { destinationCountry: string; serviceType: ServiceType; weight: string; length?: string; width?: string; height?: string };
/** The price of a parcel: chargeable weight (the greater of actual and volumetric), freight, both as decimal strings. */
export type FreightQuote = { currency: string; chargeableWeight: string; freight: string };

/** GET /logistics/freight/quote: what the rate card asks for such a parcel; null when it has no rate for the destination and service. */
export const getFreightQuote = (query: FreightQuoteQuery, signal?: AbortSignal) =>
  // silent: the form says "no quote" in place; a notification for each keystroke would be noise
  http.get<FreightQuote | null>('/logistics/freight/quote', { params: query, signal, silent: true });

export const freightQuoteQuery = (query: FreightQuoteQuery) =>
  queryOptions({
    queryKey: ['logistics', 'freight', 'quote', query] as const,
    queryFn: ({ signal }) => getFreightQuote(query, signal),
    // the last quote stays on screen while the next one is asked for
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    retry: false,
  });

/** The quote of a complete parcel description; nothing is asked while `query` is null. */
export const useFreightQuote = (query: FreightQuoteQuery | null) => useQuery({ ...freightQuoteQuery(query ?? { destinationCountry: '', serviceType: 'BASE', weight: '' }), enabled: query !== null });
