import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { tenants } from '../../db/schema/sys.ts';

export async function setTenantLanguage(db: Db, tenantId: number, language: 'zh-TW' | 'zh-CN'): Promise<void> {
  await db.update(tenants).set({ language, updatedAt: sql`now()` }).where(eq(tenants.id, tenantId));
}
