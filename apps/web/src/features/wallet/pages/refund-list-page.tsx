/** Placeholder: being built (issue 5). */
export function RefundListPage() {
  return null;
}
