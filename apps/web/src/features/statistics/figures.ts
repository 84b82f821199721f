/*
 * How the statistics pages write their figures: counts with thousands separators (spec §9), rates as
 * percentages with two decimals, latencies in milliseconds; a figure with nothing to measure is "-".
 */

const counts = new Intl.NumberFormat('en-US');

export const formatCount = (value: number) => counts.format(value);

export const formatRate = (value: number | null) => (value === null ? '-' : `${(value * 100).toFixed(2)} %`);

// past 100 ms a tenth of a millisecond says nothing and would crowd the totals' cards
export const formatMs = (value: number | null) => (value === null ? '-' : `${counts.format(value >= 100 ? Math.round(value) : value)} ms`);
