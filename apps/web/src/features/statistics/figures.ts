/*
 * How the statistics pages write their figures: counts with thousands separators (spec §9), rates as
 * percentages with two decimals, latencies in milliseconds; a figure with nothing to measure is "-".
 */

const counts = new Intl.NumberFormat('en-US');

export const formatCount = (value: number) => counts.format(value);

export const formatRate = (value: number | null) => (value === null ? '-' : `${(value * 100).toFixed(2)} %`);

export const formatMs = (value: number | null) => (value === null ? '-' : `${counts.format(value)} ms`);
