/** Placeholder: being built (issue 5). */
export function AccountListPage() {
  return null;
}
