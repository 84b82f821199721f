import type { FastifyRequest } from 'fastify';
import { caller } from '../../plugins/auth.ts';
import type { DataRuleMenu } from '@portal/shared/system-data-rules';

/** The wallet calls' path under the platform gateway (spec §7). */
export const WALLET = '/finance/virtualWallet';

/** The caller's data rules on a wallet menu (modules/system/data-rule), undefined when none narrow it: a record they hide is missing. */
export const walletScope = (request: FastifyRequest, menu: DataRuleMenu) => request.server.dataRules.scope(caller(request), menu);
