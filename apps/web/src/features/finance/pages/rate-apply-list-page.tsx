/** Placeholder: being built (issue 5). */
export function RateApplyListPage() {
  return null;
}
