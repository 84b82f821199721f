/** Placeholder: being built (issue 5). */
export function ExchangeRateListPage() {
  return null;
}
