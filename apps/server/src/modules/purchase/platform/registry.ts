import type { PurchasePlatform } from '@portal/shared/purchase';
import { createDemoClient } from './demo-catalogue.ts';
import type { PurchasePlatformClient } from './types.ts';

/** The client of each platform this server talks to: the demo catalogue unless configured otherwise. */
export type PurchasePlatforms = { get(platform: PurchasePlatform): PurchasePlatformClient };

export function createDemoPlatforms(): PurchasePlatforms {
  const clients = { TAOBAO: createDemoClient('TAOBAO'), '1688': createDemoClient('1688') } as const;
  return { get: (platform) => clients[platform] };
}
