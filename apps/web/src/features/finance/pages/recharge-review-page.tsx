/** Placeholder: being built (issue 5). */
export function RechargeReviewPage() {
  return null;
}
