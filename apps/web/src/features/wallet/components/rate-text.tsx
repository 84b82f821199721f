/**
 * "1 CNY = 4.3825 TWD": a rate is exact and shown as the server sends it (up to 10 decimals). Between
 * a currency and itself there is no conversion, and nothing to show.
 */
export function RateText({ rate, base, quote }: { rate: string | null | undefined; base: string; quote: string }) {
  if (!rate || base === quote) return null;
  return <span style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>{`1 ${base} = ${rate} ${quote}`}</span>;
}
