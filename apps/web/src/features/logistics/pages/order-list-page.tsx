/** The international logistics orders (W1): placeholder until issue 4 builds it. */
export function OrderListPage() {
  return null;
}
