/** Placeholder: being built (issue 5). */
export function RateApplyReviewPage() {
  return null;
}
