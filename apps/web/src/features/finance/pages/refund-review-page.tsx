/** Placeholder: being built (issue 5). */
export function RefundReviewPage() {
  return null;
}
