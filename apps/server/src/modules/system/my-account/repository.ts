import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { users } from '../../../db/schema/sys.ts';
import type { UserRow } from '../../auth/user/repository.ts';

export async function setCurrentDepartment(db: Db, userId: number, orgCode: string): Promise<UserRow | undefined> {
  const updated = await db.update(users).set({ orgCode, updatedAt: sql`now()` }).where(eq(users.id, userId)).returning();
  return updated[0];
}
