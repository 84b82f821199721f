/** Placeholder: being built (issue 5). */
export function PaymentListPage() {
  return null;
}
