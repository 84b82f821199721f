/** Placeholder: being built (issue 5). */
export function WalletOverviewPage() {
  return null;
}
