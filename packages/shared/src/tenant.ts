/**
 * The platform's own tenant: its staff sign in to it, it holds the platform's side of the ledger and its
 * announcements reach every merchant. Merchants' tenants are numbered from 1.
 */
export const PLATFORM_TENANT = 0;
