import type { Db } from '../../src/db/client.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { eq, inArray, sql } from 'drizzle-orm';
import { CURRENCY_EXPONENTS, parseRate, type CurrencyCode } from '@portal/shared/money';
import { journals, entries, accounts } from '../../src/db/schema/finance.ts';
import { users } from '../../src/db/schema/sys.ts';
import { AppError } from '../../src/lib/errors.ts';
import { violatedConstraint } from '../../src/lib/db-errors.ts';
import { conversionLegs, platformLeg, walletLeg } from '../../src/modules/finance/ledger/model.ts';
import { once } from '../../src/lib/idempotency.ts';
import { post, reverse } from '../../src/modules/finance/ledger/service.ts';
import { createTestDatabase, testDbKind, type TestDatabase } from '../helpers/test-app.ts';
import { auditLedger } from '../../src/modules/finance/ledger/repository.ts';

/*
 * The ledger's proof at its own level: random sequences of recharges, payments, refunds, conversions and
 * reversals, run many at once on a real PostgreSQL (several connections), some of them sent twice with
 * the same idempotency key. After every sequence the invariants of ledger-audit.ts must hold, every
 * operation is posted once or not at all, and duplicates got the first answer.
 */

const CURRENCIES = ['CNY', 'TWD', 'JPY', 'USD'] as const satisfies readonly CurrencyCode[];
const TENANTS = [1, 2] as const;

type Op =
  | { kind: 'recharge' | 'pay' | 'refund'; tenant: number; currency: CurrencyCode; amount: bigint; twice: boolean }
  | { kind: 'convert'; tenant: number; currency: CurrencyCode; to: CurrencyCode; amount: bigint; rate: string; twice: boolean }
  | { kind: 'reverse'; pick: number; twice: boolean };

const currency = fc.constantFrom(...CURRENCIES);
const tenant = fc.constantFrom(...TENANTS);
const amount = fc.bigInt({ min: 1n, max: 500_000n });
// rates from 0.0001 to 9999 with up to 10 decimals, as finance could type them
const rate = fc
  .tuple(fc.integer({ min: 0, max: 9999 }), fc.integer({ min: 0, max: 9_999_999_999 }))
  .filter(([whole, fraction]) => whole > 0 || fraction >= 1_000_000)
  .map(([whole, fraction]) => `${whole}.${String(fraction).padStart(10, '0')}`);
const twice = fc.boolean();

const op: fc.Arbitrary<Op> = fc.oneof(
  { arbitrary: fc.record({ kind: fc.constant('recharge' as const), tenant, currency, amount, twice }), weight: 4 },
  { arbitrary: fc.record({ kind: fc.constant('pay' as const), tenant, currency, amount, twice }), weight: 4 },
  { arbitrary: fc.record({ kind: fc.constant('refund' as const), tenant, currency, amount, twice }), weight: 2 },
  {
    arbitrary: fc.record({ kind: fc.constant('convert' as const), tenant, currency, to: currency, amount, rate, twice }).filter((o) => o.currency !== o.to),
    weight: 3,
  },
  { arbitrary: fc.record({ kind: fc.constant('reverse' as const), pick: fc.nat(), twice }), weight: 1 },
);

type Outcome = { key: string; op: Op; answers: (number | 'refused')[] };

describe('ledger proofs on PostgreSQL', () => {
  let target: TestDatabase;
  let db: Db;
  let actor: number;
  let operations = 0;
  const posted: number[] = [];

  beforeAll(async () => {
    // the proofs are about concurrency: they need the real thing (npm test runs them with TEST_DB=postgres)
    if (testDbKind() !== 'postgres') throw new Error('the ledger proofs run on PostgreSQL: TEST_DB=postgres TEST_DATABASE_URL=...');
    target = await createTestDatabase();
    db = target.database.db;
    const [merchant] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'merchant'));
    actor = merchant!.id;
  });
  afterAll(async () => {
    console.info(`ledger proofs: ${operations} random operations`);
    await target?.drop();
  });

  const run = async (o: Op, key: string): Promise<number | 'refused'> => {
    const tenantId = o.kind === 'reverse' ? 0 : o.tenant;
    try {
      return await once(target.database.db, { tenantId, userId: actor, key, route: o.kind, body: { ...o, amount: 'amount' in o ? String(o.amount) : undefined, twice: undefined } }, async (tx) => {
        const head = { tenantId, refNo: key, createdBy: actor };
        switch (o.kind) {
          case 'recharge':
            return (await post(tx, { ...head, kind: 'RECHARGE' }, [platformLeg('BANK', o.currency, -o.amount), walletLeg(o.tenant, o.currency, o.amount)])).journalId;
          case 'pay':
            return (await post(tx, { ...head, kind: 'PAYMENT' }, [walletLeg(o.tenant, o.currency, -o.amount), platformLeg('REVENUE', o.currency, o.amount)])).journalId;
          case 'refund':
            return (await post(tx, { ...head, kind: 'REFUND' }, [walletLeg(o.tenant, o.currency, -o.amount), platformLeg('BANK', o.currency, o.amount)])).journalId;
          case 'convert': {
            const { legs } = conversionLegs({ currency: o.currency, amount: o.amount, leg: (a) => walletLeg(o.tenant, o.currency, a) },
              { currency: o.to, leg: (a) => walletLeg(o.tenant, o.to, a) },
              o.rate,
            );
            return (await post(tx, { ...head, kind: 'CONVERSION', rate: o.rate }, legs)).journalId;
          }
          case 'reverse': {
            const journalId = posted.length ? posted[o.pick % posted.length]! : null;
            if (journalId === null) throw new AppError(409, 'walletInsufficient');
            const [original] = await tx.select({ tenantId: journals.tenantId }).from(journals).where(eq(journals.id, journalId));
            return (await reverse(tx, journalId, { ...head, tenantId: original!.tenantId })).journalId;
          }
        }
      });
    } catch (error) {
      // refusals the ledger must make: not enough money, or a journal already reversed by a racing reversal
      if (error instanceof AppError && error.statusCode === 409) return 'refused';
      if (violatedConstraint(error) === 'fin_journal_reverses_uq') return 'refused';
      throw error;
    }
  };

  it('keeps every invariant through random concurrent sequences, each posted once at most', async () => {
    let sequence = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 5, maxLength: 40 }), async (ops) => {
        sequence += 1;
        const outcomes: Outcome[] = ops.map((o, index) => ({ key: `p${sequence}-${index}-${Math.random().toString(36).slice(2)}`, op: o, answers: [] }));
        // all at once: the pool's connections interleave them; a duplicate races its original
        await Promise.all(
          outcomes.flatMap((outcome) =>
            Array.from({ length: outcome.op.twice ? 2 : 1 }, async () => {
              outcome.answers.push(await run(outcome.op, outcome.key));
            }),
          ),
        );
        operations += outcomes.reduce((sum, outcome) => sum + outcome.answers.length, 0);

        expect(await auditLedger(target.database.db)).toEqual({});
        const keys = outcomes.map((outcome) => outcome.key);
        const journalsByKey = new Map<string, number[]>();
        for (const row of await db.select({ id: journals.id, refNo: journals.refNo }).from(journals).where(inArray(journals.refNo, keys))) {
          journalsByKey.set(row.refNo, [...(journalsByKey.get(row.refNo) ?? []), row.id]);
        }
        for (const outcome of outcomes) {
          const stored = journalsByKey.get(outcome.key) ?? [];
          const succeeded = outcome.answers.filter((answer) => answer !== 'refused');
          // posted once or not at all; a retry with the key answers the same journal
          expect(stored.length).toBeLessThanOrEqual(1);
          if (stored.length === 1) {
            expect(succeeded.length).toBeGreaterThan(0);
            for (const answer of succeeded) expect(answer).toBe(stored[0]);
            if (outcome.op.kind !== 'reverse') posted.push(stored[0]!);
          } else {
            expect(succeeded).toEqual([]);
          }
        }
        await expectConversionsRoundedHalfEven(outcomes, journalsByKey);
      }),
      { numRuns: 40 },
    );
  });

  /** The credited amount of each conversion is the exact product rounded half to even (checked here from the definition). */
  async function expectConversionsRoundedHalfEven(outcomes: Outcome[], journalsByKey: Map<string, number[]>) {
    for (const outcome of outcomes) {
      const o = outcome.op;
      const journalId = journalsByKey.get(outcome.key)?.[0];
      if (o.kind !== 'convert' || journalId === undefined) continue;
      const [credit] = await db
        .select({ amount: entries.amount })
        .from(entries)
        .innerJoin(accounts, eq(accounts.id, entries.accountId))
        .where(sql`${entries.journalId} = ${journalId} and ${accounts.kind} = 'WALLET' and ${entries.currency} = ${o.to}`);
      const { numerator, places } = parseRate(o.rate);
      // credited / 10^e(to) versus amount / 10^e(from) * rate, as integers over one denominator
      const exactTimesD = o.amount * numerator * 10n ** BigInt(CURRENCY_EXPONENTS[o.to]);
      const d = 10n ** BigInt(places + CURRENCY_EXPONENTS[o.currency]);
      const credited = credit?.amount ?? 0n;
      const gap = credited * d - exactTimesD; // how far rounding moved it, times d
      const twiceGap = 2n * (gap < 0n ? -gap : gap);
      expect(twiceGap <= d).toBe(true);
      if (twiceGap === d) expect(credited % 2n).toBe(0n);
    }
  }

  it('refuses to change or delete a posted entry or journal, and an unbalanced journal at commit', async () => {
    await expect(db.execute(sql`update fin_entry set amount = amount + 1 where id = (select min(id) from fin_entry)`)).rejects.toThrow();
    await expect(db.execute(sql`delete from fin_journal where id = (select min(id) from fin_journal)`)).rejects.toThrow();
    const [account] = await db.select({ id: accounts.id, tenantId: accounts.tenantId, currency: accounts.currency }).from(accounts).limit(1);
    await expect(
      db.transaction(async (tx) => {
        const [journal] = await tx.insert(journals).values({ tenantId: account!.tenantId, kind: 'RECHARGE', refNo: 'UNBALANCED' }).returning({ id: journals.id });
        await tx.insert(entries).values({ journalId: journal!.id, accountId: account!.id, tenantId: account!.tenantId, currency: account!.currency, amount: 5n, balanceAfter: null, postedAt: new Date() });
      }),
    ).rejects.toThrow();
    expect(await db.select({ id: journals.id }).from(journals).where(eq(journals.refNo, 'UNBALANCED'))).toEqual([]);
  });
});
