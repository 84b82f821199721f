/** The currency after an amount field; always an element: an Input whose suffix comes and goes loses the focus. */
export function CurrencySuffix({ currency }: { currency: string | undefined }) {
  return <span style={{ minWidth: 28, textAlign: 'end', color: 'rgba(0, 0, 0, 0.45)' }}>{currency ?? ''}</span>;
}
