import { PLATFORM_TENANT } from '@portal/shared/tenant';
import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import type { AccessService, UserAccess } from '../modules/auth/access/service.ts';
import type { SessionRecord } from '../modules/auth/access/repository.ts';
import type { PermissionCode } from '@portal/shared/permissions';
import type { MessageKey } from '@portal/shared/messages';
import { forbidden, unauthorized } from '../lib/errors.ts';

/**
 * What a route needs. Every route under /api and /platform-api declares one (checked at start-up):
 * - 'public': no session;
 * - 'authenticated': any signed-in user, in one of their tenants;
 * - a permission code: granted to the caller in the tenant of the request.
 * and the tenant it works in: 'caller' (the tenant of the request, tenant_id header, whichever it is),
 * 'merchant' (the tenant of the request, which must be a merchant's: never the platform tenant 0) or
 * 'platform', which requires the platform tenant (0): the staff side of a flow.
 */
export type Access =
  | { permission: 'public' }
  | {
      permission: 'authenticated' | PermissionCode;
      tenant: 'caller' | 'merchant' | 'platform';
      /** further codes the handler may require for part of what it does (`requirePermission`) */
      also?: readonly PermissionCode[];
      /** open to a user who must first change a password an administrator set or reset (`duringPasswordChange`) */
      duringPasswordChange?: true;
    };

/*
 * The route configs every module uses: `config: merchant('logistics:order:list')`. The code is typed,
 * so a route cannot declare a code the menu seed does not know.
 */
/** Anyone, without a session. */
export const PUBLIC = { access: { permission: 'public' } } as const satisfies { access: Access };
/** Any signed-in user, in the tenant of the request. */
export const signedIn = { access: { permission: 'authenticated', tenant: 'caller' } } as const satisfies { access: Access };
/**
 * Any signed-in user, even one who must first change a password an administrator set or reset: only what the
 * change screen needs (their own info and menu, the change itself, signing out). Every other route refuses
 * that user with `passwordChangeRequired`.
 */
export const duringPasswordChange = { access: { permission: 'authenticated', tenant: 'caller', duringPasswordChange: true } } as const satisfies { access: Access };
/** Any signed-in member of the platform's staff (tenant 0): the reference data several platform screens pick from. */
export const platformStaff = { access: { permission: 'authenticated', tenant: 'platform' } } as const satisfies { access: Access };
/**
 * A merchant screen's call: `code` granted in the tenant of the request, which must be a merchant's.
 * The platform tenant (0) is refused whatever its roles hold: the platform has no orders, parcels or
 * wallet of its own (the warehouse staff created an order under the platform's company).
 * `also` lists the codes the handler may further require for part of what it does (submitting while
 * saving): see requirePermission.
 */
export const merchant = (code: PermissionCode, ...also: PermissionCode[]) => ({ access: { permission: code, tenant: 'merchant', also } }) as const satisfies { access: Access };
/**
 * A call both sides make in their own tenant: `code` granted in the tenant of the request, the
 * platform's included (the home page's figures: a merchant's own, every merchant's for the staff).
 * `also` as for `merchant`.
 */
export const eitherSide = (code: PermissionCode, ...also: PermissionCode[]) => ({ access: { permission: code, tenant: 'caller', also } }) as const satisfies { access: Access };
/** The platform staff's side of a flow: `code` granted, and the request in the platform tenant (0). */
export const platform = (code: PermissionCode, ...also: PermissionCode[]) => ({ access: { permission: code, tenant: 'platform', also } }) as const satisfies { access: Access };

export type AuthContext = {
  session: SessionRecord;
  tokenHash: string;
  userId: number;
  username: string;
  /** the tenant this request works in: one of the caller's tenants */
  tenantId: number;
  access: UserAccess;
};

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyInstance {
    accessService: AccessService;
  }
}

export const TOKEN_HEADER = 'x-access-token';

/** What platform staff are told on a merchant route: the wallet's screens say the platform has no wallet (their words from the start). */
const platformRefusal = (code: string): MessageKey => (code.startsWith('wallet:') || code.startsWith('finance:') ? 'platformHasNoWallet' : 'merchantOnly');
export const TENANT_HEADER = 'tenant_id';

export const authPlugin = fp(
  async (app, opts: { accessService: AccessService }) => {
    app.decorate('accessService', opts.accessService);
    app.decorateRequest('auth', null);

    app.addHook('onRoute', (route) => {
      const guarded = route.url.startsWith('/api/') || route.url.startsWith('/platform-api/');
      if (guarded && !route.config?.access && !route.url.startsWith('/api/docs')) {
        throw new Error(`Route ${route.method} ${route.url} declares no access`);
      }
    });

    // before the body is parsed: an anonymous caller gets 401 without the server reading 1 MB for it
    app.addHook('onRequest', async (request) => {
      const access = request.routeOptions.config.access;
      if (!access || access.permission === 'public') return;
      request.auth = await authenticate(request, opts.accessService);
      // before the tenant and the permission: whatever the route, such a user is told what to do first
      if (request.auth.session.passwordChangeRequired && !access.duringPasswordChange) throw forbidden('passwordChangeRequired');
      if ('tenant' in access && access.tenant === 'platform' && request.auth.tenantId !== PLATFORM_TENANT) throw forbidden();
      // before the permission: a platform role that holds a merchant code is refused all the same, and told why
      if ('tenant' in access && access.tenant === 'merchant' && request.auth.tenantId === PLATFORM_TENANT) throw forbidden(platformRefusal(access.permission));
      if (access.permission !== 'authenticated' && !(await opts.accessService.can(request.auth.access, access.permission))) {
        throw forbidden();
      }
    });
  },
  { name: 'auth', dependencies: ['i18n'] },
);

async function authenticate(request: FastifyRequest, service: AccessService): Promise<AuthContext> {
  const token = request.headers[TOKEN_HEADER];
  if (typeof token !== 'string' || token.length < 20 || token.length > 200) throw unauthorized();
  const session = await service.session(token);
  if (!session) throw unauthorized();
  const tenantId = resolveTenant(request.headers[TENANT_HEADER], session);
  const access = await service.userAccess(session, tenantId);
  service.touch(session.sessionId, request.ip);
  return { session, tokenHash: session.tokenHash, userId: session.userId, username: session.username, tenantId, access };
}

/** tenant_id must be one of the caller's tenants; absent or 0 means the user's default tenant. */
function resolveTenant(header: string | string[] | undefined, session: SessionRecord): number {
  const raw = Array.isArray(header) ? header[0] : header;
  if (raw === undefined || raw === '' || raw === '0') return session.defaultTenantId;
  if (!/^\d{1,9}$/.test(raw)) throw forbidden('tenantForbidden');
  const tenantId = Number(raw);
  if (!session.tenantIds.includes(tenantId)) throw forbidden('tenantForbidden');
  return tenantId;
}

/**
 * A second permission a call needs for part of what it does (submitting while saving, rejecting rather
 * than approving): the route's own `config.access` checks only the first one.
 */
export async function requirePermission(request: FastifyRequest, code: PermissionCode): Promise<void> {
  // declared on the route, so that the route table tells every code a call may check (a programming error otherwise)
  const access = request.routeOptions.config.access;
  if (!access || !('also' in access) || !access.also?.includes(code)) throw new Error(`${request.routeOptions.url} checks ${code} without declaring it in its access`);
  if (!(await request.server.accessService.can(caller(request).access, code))) throw forbidden();
}

/** The caller of a route that is not public; the hook above guarantees it. */
export function caller(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorized();
  return request.auth;
}

/** Who an administrative change is written down as, in the audit log (modules/system/audit). */
export function auditActor(request: FastifyRequest): { tenantId: number; userId: number; username: string; ip: string } {
  const auth = caller(request);
  return { tenantId: auth.tenantId, userId: auth.userId, username: auth.username, ip: request.ip };
}
