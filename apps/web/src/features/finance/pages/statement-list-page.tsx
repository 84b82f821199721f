/** Placeholder: being built (issue 5). */
export function StatementListPage() {
  return null;
}
