import { eq } from 'drizzle-orm';
import { API_SCOPES, type ApiScope } from '@portal/shared/open-api';
import type { Database } from '../../src/db/client.ts';
import { apiKeys, apiKeySecrets } from '../../src/db/schema/open-api.ts';
import { users } from '../../src/db/schema/sys.ts';
import { hashApiKey, newApiKey, shownPartOf } from '../../src/modules/open-api/key/model.ts';

/**
 * An API key of a demo user's company, made directly with the model and the tables (the key screens are
 * tested on their own): all scopes unless told, valid for 30 days. Answers the key's text and its id.
 */
export async function createApiKey(
  db: Database['db'],
  username: string,
  options: { scopes?: readonly ApiScope[]; ipAllowList?: string[]; expiresAt?: Date; revoked?: boolean } = {},
): Promise<{ key: string; keyId: number; tenantId: number; userId: number }> {
  const [user] = await db.select({ id: users.id, tenantId: users.defaultTenantId }).from(users).where(eq(users.username, username));
  if (!user?.tenantId) throw new Error(`no demo user ${username} with a company`);
  const key = newApiKey();
  const [row] = await db
    .insert(apiKeys)
    .values({
      tenantId: user.tenantId,
      name: `test key of ${username}`,
      scopes: [...(options.scopes ?? API_SCOPES)],
      ipAllowList: options.ipAllowList ?? [],
      expiresAt: options.expiresAt ?? new Date(Date.now() + 30 * 86_400_000),
      revokedAt: options.revoked ? new Date() : null,
      createdBy: user.id,
      holderId: user.id,
    })
    .returning({ id: apiKeys.id });
  if (!row) throw new Error('the key was not inserted');
  await db.insert(apiKeySecrets).values({ tenantId: user.tenantId, keyId: row.id, hash: hashApiKey(key), shown: shownPartOf(key) });
  return { key, keyId: row.id, tenantId: user.tenantId, userId: user.id };
}

/** The Authorization header of a key. */
export const bearer = (key: string) => ({ authorization: `Bearer ${key}` });
