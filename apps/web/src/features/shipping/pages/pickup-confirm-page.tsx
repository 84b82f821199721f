/** Pick-ups to schedule, take and confirm (W3): placeholder until issue 4 builds it. */
export function PickupConfirmPage() {
  return null;
}
