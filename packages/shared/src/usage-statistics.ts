import { z } from 'zod';
import { API_LATENCY_BUCKETS_MS, API_TYPES, PUSH_ATTEMPT_OUTCOMES, PUSH_REFUSALS } from './open-api.ts';
import { visitRangeQuery } from './visit-statistics.ts';

/*
 * API statistics and message push statistics (docs/decisions/0030): the same ranges as the
 * visit statistics (a preset of spec §9, or a start and an end day, at most VISIT_RANGE_MAX_DAYS), counted in
 * whole days of the server's time zone.
 */

/** What api_call_stat counts besides the operations: a call whose route is no operation. */
export const API_STATS_OTHER = 'OTHER';
export const API_STATS_TYPES = [...API_TYPES, API_STATS_OTHER] as const;
export type ApiStatsType = (typeof API_STATS_TYPES)[number];

/** The histogram's length: one bucket per bound and the open one past the last. */
export const API_LATENCY_BUCKET_COUNT = API_LATENCY_BUCKETS_MS.length + 1;

const range = { preset: visitRangeQuery.preset, begin: visitRangeQuery.begin, end: visitRangeQuery.end };
const rowId = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** `?preset=` or `?begin=&end=`, and optionally one key and one operation. */
export const apiStatsQuery = { ...range, keyId: rowId.optional(), apiType: z.enum(API_STATS_TYPES).optional() };
/** `?preset=` or `?begin=&end=`, and optionally one endpoint. */
export const pushStatsQuery = { ...range, endpointId: rowId.optional() };

/**
 * The figures of a set of calls. `errorRate` is (client + server errors) / calls; the percentiles are read
 * from the latency histogram, interpolated inside their bucket (null without calls).
 */
export const apiFigures = z.object({
  calls: z.number().int(),
  clientErrors: z.number().int(),
  serverErrors: z.number().int(),
  throttled: z.number().int(),
  errorRate: z.number(),
  avgMs: z.number().nullable(),
  p50Ms: z.number().nullable(),
  p95Ms: z.number().nullable(),
});
export type ApiFigures = z.infer<typeof apiFigures>;

export const apiStatistics = z.object({
  begin: z.string(),
  end: z.string(),
  totals: apiFigures,
  days: z.array(apiFigures.extend({ date: z.string() })),
  keys: z.array(apiFigures.extend({ keyId: z.number().int(), keyName: z.string() })),
  apiTypes: z.array(apiFigures.extend({ apiType: z.string() })),
});
export type ApiStatistics = z.infer<typeof apiStatistics>;
export type ApiDayFigures = ApiStatistics['days'][number];
export type ApiKeyFigures = ApiStatistics['keys'][number];
export type ApiTypeFigures = ApiStatistics['apiTypes'][number];

/** A key of the tenant, for the filter (revoked ones too: their calls stay counted). */
export const apiStatsKeyOption = z.object({ id: z.number().int(), name: z.string(), revoked: z.boolean() });
export type ApiStatsKeyOption = z.infer<typeof apiStatsKeyOption>;

/**
 * The figures of the deliveries made in a range (by the day they were created) and of the attempts made in it
 * (by the day they started). `successRate` is succeeded / (succeeded + failed): a delivery still retrying
 * (pending) is neither yet; null when none has finished.
 */
export const pushFigures = z.object({
  deliveries: z.number().int(),
  succeeded: z.number().int(),
  failed: z.number().int(),
  pending: z.number().int(),
  successRate: z.number().nullable(),
  attempts: z.number().int(),
  failedAttempts: z.number().int(),
  avgLatencyMs: z.number().nullable(),
  p95LatencyMs: z.number().nullable(),
});
export type PushFigures = z.infer<typeof pushFigures>;

export const pushStatistics = z.object({
  begin: z.string(),
  end: z.string(),
  totals: pushFigures,
  days: z.array(pushFigures.extend({ date: z.string() })),
  endpoints: z.array(pushFigures.extend({ endpointId: z.number().int(), url: z.string(), enabled: z.boolean() })),
  /** failed attempts by how they ended (every outcome but SUCCESS, zeros included) */
  reasons: z.array(z.object({ outcome: z.enum(PUSH_ATTEMPT_OUTCOMES), attempts: z.number().int() })),
  /** failed deliveries that were never sent, by why (every refusal, zeros included): they have no attempt */
  refusals: z.array(z.object({ refusal: z.enum(PUSH_REFUSALS), deliveries: z.number().int() })),
});
export type PushStatistics = z.infer<typeof pushStatistics>;
export type PushDayFigures = PushStatistics['days'][number];
export type PushEndpointFigures = PushStatistics['endpoints'][number];

/** An endpoint of the tenant, for the filter. */
export const pushStatsEndpointOption = z.object({ id: z.number().int(), url: z.string(), enabled: z.boolean() });
export type PushStatsEndpointOption = z.infer<typeof pushStatsEndpointOption>;
