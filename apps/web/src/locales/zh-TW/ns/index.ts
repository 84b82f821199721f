import type { resources as logistics } from './logistics.ts';
import type { resources as warehouse } from './warehouse.ts';
import type { resources as tracking } from './tracking.ts';
import type { resources as shipping } from './shipping.ts';
import type { resources as exceptions } from './exceptions.ts';
import type { resources as wallet } from './wallet.ts';
import type { resources as finance } from './finance.ts';
import type { resources as systemUsers } from './system-users.ts';
import type { resources as systemUserData } from './system-user-data.ts';
import type { resources as systemRoles } from './system-roles.ts';
import type { resources as systemMenus } from './system-menus.ts';
import type { resources as systemDataRules } from './system-data-rules.ts';
import type { resources as systemDeparts } from './system-departs.ts';
import type { resources as systemOrg } from './system-org.ts';
import type { resources as systemTenants } from './system-tenants.ts';
import type { resources as systemSso } from './system-sso.ts';
import type { resources as announcement } from './announcement.ts';
import type { resources as systemDicts } from './system-dicts.ts';
import type { resources as statistics } from './statistics.ts';
import type { resources as systemLogs } from './system-logs.ts';
// product search and the product page
import type { resources as product } from './product.ts';
import type { resources as purchase } from './purchase.ts';
// the purchasers' queue and purchase orders
import type { resources as purchasing } from './purchasing.ts';
// purchased goods in the warehouse
import type { resources as purchaseStock } from './purchase-stock.ts';
// the platforms' token configuration (platforms)
import type { resources as purchaseConfig } from './purchase-config.ts';
// a merchant's API keys
import type { resources as openApiKeys } from './open-api-keys.ts';
// message push configuration
import type { resources as messagePush } from './message-push.ts';
// the online development designer
import type { resources as onlineDev } from './online-dev.ts';
// a published online form's page
import type { resources as onlineForm } from './online-form.ts';
// the online report page
import type { resources as onlineReport } from './online-report.ts';

/**
 * The types of the business areas' namespaces (loaded on demand, lib/i18n.ts): `useTranslation('logistics')`
 * checks its keys against these. An area adds its file here.
 */
export type AreaResources = { logistics: typeof logistics; warehouse: typeof warehouse; tracking: typeof tracking; shipping: typeof shipping; exceptions: typeof exceptions;
  wallet: typeof wallet;
  finance: typeof finance;
  'system-users': typeof systemUsers;
  'system-user-data': typeof systemUserData;
  'system-roles': typeof systemRoles;
  'system-menus': typeof systemMenus;
  'system-data-rules': typeof systemDataRules;
  'system-departs': typeof systemDeparts;
  'system-org': typeof systemOrg;
  'system-tenants': typeof systemTenants;
  'system-sso': typeof systemSso;
  announcement: typeof announcement;
  'system-dicts': typeof systemDicts;
  statistics: typeof statistics;
  'system-logs': typeof systemLogs;
  product: typeof product;
  purchase: typeof purchase;
  purchasing: typeof purchasing;
  'purchase-stock': typeof purchaseStock;
  'purchase-config': typeof purchaseConfig;
  'open-api-keys': typeof openApiKeys;
  'message-push': typeof messagePush;
  'online-dev': typeof onlineDev;
  'online-form': typeof onlineForm;
  'online-report': typeof onlineReport;
};
