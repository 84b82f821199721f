import type { Db } from '../client.ts';

/** The demo's finance data: the exchange rates finance keeps (being built, issue 5). */
export async function seedDemoFinance(db: Db, now: Date = new Date()): Promise<void> {
  void db;
  void now;
}
