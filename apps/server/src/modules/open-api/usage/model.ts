import { API_LATENCY_BUCKETS_MS } from '@portal/shared/open-api';
import { API_LATENCY_BUCKET_COUNT, type ApiFigures } from '@portal/shared/usage-statistics';

/*
 * The latency histogram of the API statistics (decision 0030): bucket i holds the calls that took more than
 * API_LATENCY_BUCKETS_MS[i - 1] (0 for the first) and at most API_LATENCY_BUCKETS_MS[i] milliseconds; the
 * last bucket holds every call past the last bound. Histograms of any number of calls add element-wise,
 * so a day's, a key's and a range's percentiles come from the same few integers.
 */

export const emptyBuckets = (): number[] => new Array<number>(API_LATENCY_BUCKET_COUNT).fill(0);

/** The bucket of a latency (a Fastify elapsed time, fractional milliseconds). */
export function bucketOf(ms: number): number {
  // 23 bounds: a linear scan is as fast as a binary search here
  const index = API_LATENCY_BUCKETS_MS.findIndex((bound) => ms <= bound);
  return index < 0 ? API_LATENCY_BUCKETS_MS.length : index;
}

/** Adds `more` into `into` (lengths may differ: a histogram stored before a bound was added). */
export function addBuckets(into: number[], more: readonly number[]): number[] {
  for (let i = 0; i < more.length; i++) into[i] = (into[i] ?? 0) + (more[i] ?? 0);
  return into;
}

/**
 * The latency under which a share `p` (0 to 1) of the calls fell, read from the histogram: the rank p x n
 * is found in its bucket, and the value is interpolated linearly between the bucket's bounds (the calls of
 * a bucket taken as spread evenly over it). In the open last bucket there is no upper bound: the answer
 * is its lower bound, "at least this". Null without calls.
 */
export function percentile(buckets: readonly number[], p: number): number | null {
  const total = buckets.reduce((sum, count) => sum + count, 0);
  if (total === 0) return null;
  const rank = p * total;
  let below = 0;
  for (let i = 0; i < buckets.length; i++) {
    const count = buckets[i] ?? 0;
    if (count > 0 && below + count >= rank) {
      const lower = i === 0 ? 0 : (API_LATENCY_BUCKETS_MS[i - 1] ?? 0);
      const upper = API_LATENCY_BUCKETS_MS[i];
      if (upper === undefined) return lower;
      return round1(lower + ((upper - lower) * (rank - below)) / count);
    }
    below += count;
  }
  return LAST_BOUND;
}

const LAST_BOUND: number = API_LATENCY_BUCKETS_MS[API_LATENCY_BUCKETS_MS.length - 1] ?? 0;
const round1 = (value: number) => Math.round(value * 10) / 10;
const round4 = (value: number) => Math.round(value * 10_000) / 10_000;

/** What the statistics add up: the stored columns of api_call_stat. */
export type ApiCounts = { calls: number; clientErrors: number; serverErrors: number; throttled: number; latencyMsSum: number; latencyBuckets: number[] };

export const emptyCounts = (): ApiCounts => ({ calls: 0, clientErrors: 0, serverErrors: 0, throttled: 0, latencyMsSum: 0, latencyBuckets: emptyBuckets() });

export function addCounts(into: ApiCounts, more: ApiCounts): ApiCounts {
  into.calls += more.calls;
  into.clientErrors += more.clientErrors;
  into.serverErrors += more.serverErrors;
  into.throttled += more.throttled;
  into.latencyMsSum += more.latencyMsSum;
  addBuckets(into.latencyBuckets, more.latencyBuckets);
  return into;
}

/** The figures the screens show: error rate, mean, p50 and p95. */
export function figuresOf(counts: ApiCounts): ApiFigures {
  const { calls } = counts;
  return {
    calls,
    clientErrors: counts.clientErrors,
    serverErrors: counts.serverErrors,
    throttled: counts.throttled,
    errorRate: calls === 0 ? 0 : round4((counts.clientErrors + counts.serverErrors) / calls),
    avgMs: calls === 0 ? null : round1(counts.latencyMsSum / calls),
    p50Ms: percentile(counts.latencyBuckets, 0.5),
    p95Ms: percentile(counts.latencyBuckets, 0.95),
  };
}
