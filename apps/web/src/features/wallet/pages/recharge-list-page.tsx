/** Placeholder: being built (issue 5). */
export function RechargeListPage() {
  return null;
}
