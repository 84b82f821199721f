/** Tracking events across tenants (W2): placeholder until issue 4 builds it. */
export function TrackingEventPage() {
  return null;
}
