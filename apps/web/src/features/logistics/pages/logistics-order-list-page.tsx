/** Orders on their way, with tracking (W1): placeholder until issue 4 builds it. */
export function LogisticsOrderListPage() {
  return null;
}
