/** Collection-order exceptions (W3): placeholder until issue 4 builds it. */
export function ExceptionListPage() {
  return null;
}
