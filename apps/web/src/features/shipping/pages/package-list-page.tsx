/** Package management (W3): placeholder until issue 4 builds it. */
export function PackageListPage() {
  return null;
}
