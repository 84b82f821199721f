/** Pick-up batches (W3): placeholder until issue 4 builds it. */
export function PickupBatchListPage() {
  return null;
}
