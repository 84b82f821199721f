import { formatMoney } from '../../../lib/format.ts';

/** An amount as spec §9 shows money: thousands separators, 2 decimals, and its currency's code. */
export function Money({ amount, currency, strong = false }: { amount: string | null | undefined; currency: string | null | undefined; strong?: boolean }) {
  if (amount === null || amount === undefined || amount === '') return null;
  return (
    <span style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums', fontWeight: strong ? 600 : undefined }}>
      {formatMoney(amount)} {currency ?? ''}
    </span>
  );
}

/** The currency after an amount field; always an element: an Input whose suffix comes and goes loses the focus. */
export function CurrencySuffix({ currency }: { currency: string | undefined }) {
  return <span style={{ minWidth: 28, textAlign: 'end', color: 'rgba(0, 0, 0, 0.45)' }}>{currency ?? ''}</span>;
}
