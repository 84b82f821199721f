/** Rate cards (W3): placeholder until issue 4 builds it. */
export function RateCardListPage() {
  return null;
}
