/** Warehouse-in by scan (W2): placeholder until issue 4 builds it. */
export function ReceivePage() {
  return null;
}
