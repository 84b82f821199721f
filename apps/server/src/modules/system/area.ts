import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SmsGateway } from '../sms/provider.ts';
import { departRoutes } from './depart/routes.ts';
import { departRoleRoutes } from './depart-role/routes.ts';
import { positionRoutes } from './position/routes.ts';
import { tenantRoutes } from './tenant/routes.ts';
import { tenantPackageRoutes } from './tenant-package/routes.ts';
import { myDepartRoutes } from './my-depart/routes.ts';
import { myAccountRoutes } from './my-account/routes.ts';
import { addressBookRoutes } from './address-book/routes.ts';
import { systemRoleRoutes } from './role/routes.ts';
import { dataRuleRoutes } from './data-rule/routes.ts';
import { systemUserRoutes } from './user/routes.ts';
import { menuRoutes } from './menu/routes.ts';
import { userRecycleRoutes } from './user-recycle/routes.ts';
import { userTransferRoutes } from './user-transfer/routes.ts';
import { thirdAccountRoutes } from './third-account/routes.ts';
import { auditLogRoutes } from './audit/routes.ts';

/** System administration: users and their recycle bin and transfers, roles, departments and their roles, positions, menus, tenants and packages, data rules, the audit log, linked sign-in identities. Registered by the app as one unit. */
export const systemArea: FastifyPluginAsyncZod<{ smsGateway?: SmsGateway }> = async (app, options) => {
  await app.register(departRoutes);
  await app.register(departRoleRoutes);
  await app.register(positionRoutes);
  await app.register(tenantRoutes);
  await app.register(tenantPackageRoutes);
  await app.register(myDepartRoutes);
  await app.register(myAccountRoutes);
  await app.register(addressBookRoutes);
  await app.register(systemRoleRoutes);
  await app.register(dataRuleRoutes);
  await app.register(systemUserRoutes, { smsGateway: options.smsGateway });
  await app.register(menuRoutes);
  await app.register(userRecycleRoutes);
  await app.register(userTransferRoutes);
  await app.register(thirdAccountRoutes);
  await app.register(auditLogRoutes);
};
