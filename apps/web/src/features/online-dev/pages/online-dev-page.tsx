/** Issue 16: replaced by the page itself (placeholder of the shared base, never merged as is). */
export function OnlineDevPage() {
  return null;
}
