import { describe, expect, it } from 'vitest';
import { API_LATENCY_BUCKETS_MS } from '@portal/shared/open-api';
import { API_LATENCY_BUCKET_COUNT } from '@portal/shared/usage-statistics';
import { addBuckets, bucketOf, emptyBuckets, figuresOf, percentile } from '../../src/modules/open-api/usage/model.ts';

/** A histogram with `count` calls in the bucket whose upper bound is `bound` (undefined: the open one). */
const histogram = (...entries: [bound: number | undefined, count: number][]) => {
  const buckets = emptyBuckets();
  for (const [bound, count] of entries) {
    const index = bound === undefined ? API_LATENCY_BUCKETS_MS.length : API_LATENCY_BUCKETS_MS.indexOf(bound as (typeof API_LATENCY_BUCKETS_MS)[number]);
    if (index < 0) throw new Error(`no bucket ends at ${bound}`);
    buckets[index]! += count;
  }
  return buckets;
};

describe('the latency histogram of the API statistics', () => {
  it('has one bucket per bound and an open one', () => {
    expect(emptyBuckets()).toHaveLength(API_LATENCY_BUCKETS_MS.length + 1);
    expect(API_LATENCY_BUCKET_COUNT).toBe(24);
  });

  it('puts a latency in the first bucket whose bound it does not pass (bounds included)', () => {
    expect(bucketOf(0)).toBe(0);
    expect(bucketOf(0.4)).toBe(0);
    expect(bucketOf(1)).toBe(0);
    expect(bucketOf(1.01)).toBe(1);
    expect(bucketOf(10)).toBe(API_LATENCY_BUCKETS_MS.indexOf(10));
    expect(bucketOf(10.5)).toBe(API_LATENCY_BUCKETS_MS.indexOf(15));
    expect(bucketOf(10_000)).toBe(API_LATENCY_BUCKETS_MS.length - 1);
    expect(bucketOf(10_000.1)).toBe(API_LATENCY_BUCKETS_MS.length);
    expect(bucketOf(600_000)).toBe(API_LATENCY_BUCKETS_MS.length);
  });

  it('adds histograms bucket by bucket, a shorter one as zeros past its end', () => {
    expect(addBuckets([1, 2, 3], [10, 20, 30])).toEqual([11, 22, 33]);
    expect(addBuckets([1, 2, 3, 4], [10, 20])).toEqual([11, 22, 3, 4]);
    expect(addBuckets([1], [10, 20])).toEqual([11, 20]);
  });

  it('has no percentile without calls', () => {
    expect(percentile(emptyBuckets(), 0.5)).toBeNull();
    expect(figuresOf({ calls: 0, clientErrors: 0, serverErrors: 0, throttled: 0, latencyMsSum: 0, latencyBuckets: emptyBuckets() })).toEqual({
      calls: 0,
      clientErrors: 0,
      serverErrors: 0,
      throttled: 0,
      errorRate: 0,
      avgMs: null,
      p50Ms: null,
      p95Ms: null,
    });
  });

  it('interpolates inside the bucket that holds the rank', () => {
    // 100 calls in (10, 15]: the 50th is half-way through the bucket, the 95th 95 % of the way
    const buckets = histogram([15, 100]);
    expect(percentile(buckets, 0.5)).toBe(12.5);
    expect(percentile(buckets, 0.95)).toBe(14.8);
    // 50 calls in (0, 1] and 50 in (100, 150]: the median is the top of the first bucket, p95 90 % into the second
    const split = histogram([1, 50], [150, 50]);
    expect(percentile(split, 0.5)).toBe(1);
    expect(percentile(split, 0.95)).toBe(145);
    // 80 fast and 20 slow calls: p50 among the fast ones, p95 three quarters into the slow bucket (500, 700]
    const tail = histogram([5, 80], [700, 20]);
    // 3 + 2 x 50/80 = 4.25, given to a tenth of a millisecond
    expect(percentile(tail, 0.5)).toBe(4.3);
    expect(percentile(tail, 0.95)).toBe(650);
  });

  it('answers the lower bound of the open bucket: "at least 10 s"', () => {
    expect(percentile(histogram([20, 1], [undefined, 99]), 0.95)).toBe(10_000);
  });

  it('is never more than one bucket away from the exact percentile', () => {
    // latencies 1..1000 ms, one call each: the exact p50 is 500, p95 950
    const buckets = emptyBuckets();
    for (let ms = 1; ms <= 1000; ms++) buckets[bucketOf(ms)]!++;
    const p50 = percentile(buckets, 0.5)!;
    const p95 = percentile(buckets, 0.95)!;
    expect(p50).toBeGreaterThan(300);
    expect(p50).toBeLessThanOrEqual(500);
    expect(p95).toBeGreaterThan(700);
    expect(p95).toBeLessThanOrEqual(1000);
    // and where the calls spread evenly over the bucket, the interpolation is exact
    expect(p50).toBe(500);
    expect(p95).toBe(950);
  });

  it('gives the error rate of client and server errors over calls, and the mean latency', () => {
    const figures = figuresOf({ calls: 8, clientErrors: 2, serverErrors: 1, throttled: 1, latencyMsSum: 100, latencyBuckets: histogram([15, 8]) });
    expect(figures).toMatchObject({ calls: 8, errorRate: 0.375, avgMs: 12.5, p50Ms: 12.5 });
  });
});
