/** One order: recipient, products, parcels, fees, timeline (W1): placeholder until issue 4 builds it. */
export function OrderDetailPage() {
  return null;
}
