import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Envelope } from '@portal/shared/api';

/** What GET /readyz reports: `status` is 'ready' when the database answers. */
export type Readiness = { status: string; database: string };

function isReadinessEnvelope(value: unknown): value is Envelope<Readiness> {
  if (typeof value !== 'object' || value === null) return false;
  const { success, result } = value as Partial<Record<keyof Envelope<unknown>, unknown>>;
  if (typeof success !== 'boolean' || typeof result !== 'object' || result === null) return false;
  const { status, database } = result as Partial<Record<keyof Readiness, unknown>>;
  return typeof status === 'string' && typeof database === 'string';
}

/** Reads /readyz; a 503 still carries the envelope, so the body is read whatever the status. */
export async function fetchReadiness(signal: AbortSignal): Promise<Envelope<Readiness>> {
  const response = await fetch('/readyz', { signal, headers: { Accept: 'application/json' } });
  const body: unknown = await response.json().catch(() => undefined);
  if (!isReadinessEnvelope(body)) throw new Error(`GET /readyz answered HTTP ${response.status}`);
  return body;
}

export const readinessQuery = queryOptions({
  queryKey: ['readyz'],
  queryFn: ({ signal }) => fetchReadiness(signal),
  refetchInterval: 15_000,
  retry: false,
});

export type ServerStatus = { state: 'checking' } | { state: 'ready'; database: string } | { state: 'down'; detail: string };

export function useServerStatus(): ServerStatus {
  const { data, error, isPending } = useQuery(readinessQuery);
  if (isPending) return { state: 'checking' };
  if (data && data.success && data.result.status === 'ready') return { state: 'ready', database: data.result.database };
  return { state: 'down', detail: data?.message ?? error?.message ?? '' };
}
