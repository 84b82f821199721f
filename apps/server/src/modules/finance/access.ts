import { PLATFORM_TENANT } from '@portal/shared/tenant';
import type { FastifyRequest } from 'fastify';
import { forbidden } from '../../lib/errors.ts';
import { caller } from '../../plugins/auth.ts';
import type { DataRuleMenu } from '@portal/shared/system-data-rules';

/** The wallet calls' path under the platform gateway (spec §7). */
export const WALLET = '/finance/virtualWallet';

/**
 * The merchant tenant of a wallet call: the platform (tenant 0) has no wallet of its own, so its users
 * (who may hold every permission) are refused the merchant side's calls.
 */
export function walletCaller(request: FastifyRequest): { tenantId: number; userId: number } {
  const { tenantId, userId } = caller(request);
  if (tenantId === PLATFORM_TENANT) throw forbidden('platformHasNoWallet');
  return { tenantId, userId };
}

/** The caller's data rules on a wallet menu (modules/system/data-rule), undefined when none narrow it: a record they hide is missing. */
export const walletScope = (request: FastifyRequest, menu: DataRuleMenu) => request.server.dataRules.scope(caller(request), menu);
