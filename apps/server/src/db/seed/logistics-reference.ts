import { PLATFORM_TENANT } from '@portal/shared/tenant';
import { sql } from 'drizzle-orm';
import { CURRENCY_EXPONENTS } from '@portal/shared/money';
import { COUNTRY_CODES, SERVICE_TYPES, type CountryCode, type ServiceType } from '@portal/shared/logistics';
import type { Db } from '../client.ts';
import { currencies, rateCards } from '../schema/logistics.ts';
import { accounts } from '../schema/finance.ts';
import { ACCOUNT_KINDS } from '@portal/shared/finance';

/** Price levels per destination region, in CNY fen: [first 0.5 kg, each further 0.5 kg]. */
const REGION_PRICES: { countries: CountryCode[]; base: [number, number] }[] = [
  { countries: ['TW', 'HK', 'MO', 'CN'], base: [1800, 600] },
  { countries: ['SG', 'MY', 'TH', 'VN', 'PH', 'ID', 'KH', 'JP', 'KR'], base: [2800, 900] },
  { countries: ['IN', 'AE', 'SA', 'AU', 'NZ'], base: [4500, 1500] },
  { countries: ['US', 'CA', 'MX', 'BR', 'GB', 'DE', 'FR', 'IT', 'ES', 'NL'], base: [6800, 2200] },
];

/** FULL_LINK includes the last mile and costs more; HALF_LINK ends at the overseas warehouse. */
const SERVICE_FACTORS: Record<ServiceType, [number, number]> = { BASE: [1, 1], FULL_LINK: [13, 10], HALF_LINK: [9, 10] };

/**
 * Logistics reference data, kept at every start: the currency exponents (from the shared table) and,
 * on a database without any, a starting rate card for every destination and service type, which the
 * platform's rate-card screen then owns.
 */
export async function syncLogisticsReference(db: Db): Promise<void> {
  for (const [code, exponent] of Object.entries(CURRENCY_EXPONENTS)) {
    await db.insert(currencies).values({ code, exponent }).onConflictDoUpdate({ target: currencies.code, set: { exponent } });
  }
  // the platform's own accounts exist before any posting: created inside postings, every payment's
  // first use of one would make concurrent first postings wait on each other's uncommitted rows
  await db
    .insert(accounts)
    .values(ACCOUNT_KINDS.filter((kind) => kind !== 'WALLET').flatMap((kind) => Object.keys(CURRENCY_EXPONENTS).map((currency) => ({ tenantId: PLATFORM_TENANT, kind, currency: currency as keyof typeof CURRENCY_EXPONENTS }))))
    .onConflictDoNothing();
  const [{ count } = { count: 0 }] = await db.select({ count: sql<number>`count(*)::int` }).from(rateCards);
  if (count > 0) return;
  const rows = COUNTRY_CODES.flatMap((country) => {
    const region = REGION_PRICES.find((entry) => entry.countries.includes(country)) ?? REGION_PRICES[REGION_PRICES.length - 1];
    const [first, step] = region?.base ?? [6800, 2200];
    return SERVICE_TYPES.map((serviceType) => {
      const [numerator, denominator] = SERVICE_FACTORS[serviceType];
      return {
        destinationCountry: country,
        serviceType,
        currency: 'CNY' as const,
        firstWeight: 500,
        firstPrice: BigInt(Math.round((first * numerator) / denominator)),
        stepWeight: 500,
        stepPrice: BigInt(Math.round((step * numerator) / denominator)),
        volumetricDivisor: 6000,
      };
    });
  });
  await db.insert(rateCards).values(rows);
}
