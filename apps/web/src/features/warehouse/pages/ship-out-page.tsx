/** Ship out (W2): placeholder until issue 4 builds it. */
export function ShipOutPage() {
  return null;
}
