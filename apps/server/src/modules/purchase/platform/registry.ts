import type { PurchasePlatform } from '@portal/shared/purchase';
import type { Db } from '../../../db/client.ts';
import { credentialsFor } from '../token/service.ts';
import { createAlibaba1688Client } from './alibaba-1688.ts';
import { createDemoClient } from './demo-catalogue.ts';
import type { PurchasePlatformSettings } from './settings.ts';
import { createTaobaoGlobalClient } from './taobao-global.ts';
import type { PurchasePlatformClient } from './types.ts';

/** The client of each platform this server talks to: the demo catalogue unless configured otherwise. */
export type PurchasePlatforms = { get(platform: PurchasePlatform): PurchasePlatformClient };

export function createDemoPlatforms(): PurchasePlatforms {
  const clients = { TAOBAO: createDemoClient('TAOBAO'), '1688': createDemoClient('1688') } as const;
  return { get: (platform) => clients[platform] };
}

/**
 * PURCHASE_PLATFORMS=live: the platforms' open APIs over HTTP, signed with the app credentials and the access
 * token of the token configuration, read and decrypted at each call (a save or a refresh on any app server
 * is seen at the next call, without a cache to forget).
 */
export function createLivePlatforms(db: Db, settings: PurchasePlatformSettings): PurchasePlatforms {
  const options = (platform: PurchasePlatform) => ({ baseUrl: settings.urls[platform], credentials: () => credentialsFor(db, settings, platform), timeoutMs: settings.timeoutMs });
  const clients = { TAOBAO: createTaobaoGlobalClient(options('TAOBAO')), '1688': createAlibaba1688Client(options('1688')) } as const;
  return { get: (platform) => clients[platform] };
}
