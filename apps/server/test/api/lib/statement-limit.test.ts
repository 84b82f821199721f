import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, testDbKind, type TestApp } from '../../helpers/test-app.ts';
import { isStatementTimeout, withStatementLimit } from '../../../src/lib/statement-limit.ts';

/*
 * The limit every online report query runs under: read-only, and cancelled after its time. The time
 * limit is PostgreSQL's: the embedded database runs a statement to its end (it has no timer to cancel
 * one), so there only the read-only part and the setting's scope are checked.
 */

const settingOf = async (t: TestApp) => ((await t.db.execute(sql`select current_setting('statement_timeout') as value`)) as unknown as { rows: { value: string }[] }).rows[0]?.value;

describe(`the statement limit of online reports (${testDbKind()})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('cancels a statement that runs past the limit, with the SQLSTATE the reports answer 503 for', async () => {
    const slow = withStatementLimit(t.db, 200, (tx) => tx.execute(sql`select pg_sleep(1.5)`));
    if (testDbKind() === 'postgres') {
      const error: unknown = await slow.then(
        () => undefined,
        (reason: unknown) => reason,
      );
      expect(isStatementTimeout(error), String(error)).toBe(true);
    } else {
      await expect(slow).resolves.toBeDefined();
    }
  });

  it('refuses a write and sets the limit for its own transaction only', async () => {
    const before = await settingOf(t);
    const write = withStatementLimit(t.db, 5_000, (tx) => tx.execute(sql`update sys_user set realname = realname`));
    await expect(write).rejects.toThrow();
    const seen = await withStatementLimit(t.db, 5_000, (tx) => tx.execute(sql`select current_setting('statement_timeout') as value`));
    expect((seen as unknown as { rows: { value: string }[] }).rows[0]?.value).toBe('5s');
    expect(await settingOf(t)).toBe(before);
    expect(isStatementTimeout(new Error('plain'))).toBe(false);
  });
});
