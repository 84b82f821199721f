import { eq } from 'drizzle-orm';
import type { CurrencyCode } from '@portal/shared/money';
import type { Db } from '../client.ts';
import { rates } from '../schema/finance.ts';
import { users } from '../schema/sys.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The rate table finance keeps in the demo: 1 base = rate quote, 2026 market levels. Each pair has the
 * rate of a month ago and today's, so the history shows; the other direction of a pair is its inverse.
 */
const DEMO_RATES: readonly { base: CurrencyCode; quote: CurrencyCode; previous: string; current: string }[] = [
  { base: 'USD', quote: 'CNY', previous: '7.1685', current: '7.124' },
  { base: 'USD', quote: 'TWD', previous: '32.204', current: '31.865' },
  { base: 'USD', quote: 'HKD', previous: '7.7832', current: '7.7795' },
  { base: 'USD', quote: 'JPY', previous: '149.87', current: '151.42' },
  { base: 'CNY', quote: 'TWD', previous: '4.4925', current: '4.472895' },
  { base: 'CNY', quote: 'HKD', previous: '1.08576', current: '1.092015' },
  { base: 'CNY', quote: 'JPY', previous: '20.9068', current: '21.255334' },
  { base: 'HKD', quote: 'TWD', previous: '4.137582', current: '4.096016' },
  { base: 'JPY', quote: 'TWD', previous: '0.214881', current: '0.210442' },
];

/** The demo's finance data: the exchange rates finance keeps, when no rate was ever set. */
export async function seedDemoFinance(db: Db, now: Date = new Date()): Promise<void> {
  if ((await db.select({ id: rates.id }).from(rates).limit(1)).length > 0) return;
  const [finance] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'finance'));
  const createdBy = finance?.id ?? null;
  const monthAgo = new Date(now.getTime() - 32 * DAY_MS);
  const yesterday = new Date(now.getTime() - DAY_MS);
  await db.insert(rates).values(
    DEMO_RATES.flatMap((pair) => [
      { baseCurrency: pair.base, quoteCurrency: pair.quote, rate: pair.previous, effectiveFrom: monthAgo, remark: '上月參考匯率 Last month’s reference rate', createdBy, createdAt: monthAgo },
      { baseCurrency: pair.base, quoteCurrency: pair.quote, rate: pair.current, effectiveFrom: yesterday, remark: '本月參考匯率 This month’s reference rate', createdBy, createdAt: yesterday },
    ]),
  );
}
