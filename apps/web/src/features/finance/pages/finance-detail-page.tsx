/** Placeholder: being built (issue 5). */
export function FinanceDetailPage() {
  return null;
}
