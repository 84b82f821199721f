import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { pushAttempts, pushDeliveries } from '../../../src/db/schema/open-api.ts';
import { isBlockedAddress } from '../../../src/modules/push/delivery/address-guard.ts';
import { insertEndpoint, queueTo, startDeliveryApp, type DeliveryHarness } from '../../helpers/push-delivery.ts';
import { newWebhookSecret, startReceiver, waitUntil, type Receiver } from '../../helpers/webhook-receiver.ts';

/*
 * The SSRF guard (docs/decisions/0026): a deployment that does not allow private targets never connects to
 * the server's own networks, whatever name or notation the URL uses; the check is on the resolved address.
 */

describe('the addresses refused', () => {
  it.each([
    '127.0.0.1', '127.255.0.9', '10.1.2.3', '172.16.0.1', '172.31.255.255', '192.168.1.1', '169.254.169.254', '100.64.0.1', '100.127.255.254', '0.0.0.0', '0.1.2.3',
    '224.0.0.1', '239.255.255.250', '255.255.255.255', '::1', '::', 'fc00::1', 'fd12:3456::1', 'fe80::1', 'fe80::1%eth0', 'ff02::1', '::ffff:127.0.0.1', '::ffff:7f00:1',
    '::ffff:a9fe:a9fe', '::ffff:10.0.0.1', '64:ff9b::10.0.0.1', 'not-an-address',
  ])('%s is refused', (address) => {
    expect(isBlockedAddress(address)).toBe(true);
  });

  it.each(['93.184.216.34', '8.8.8.8', '172.32.0.1', '100.128.0.1', '192.169.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8', '64:ff9b::808:808'])('%s is allowed', (address) => {
    expect(isBlockedAddress(address)).toBe(false);
  });
});

describe('a deployment without private targets', () => {
  const TENANT = 1;
  const secret = newWebhookSecret();
  let t: DeliveryHarness;
  let receiver: Receiver;

  beforeAll(async () => {
    t = await startDeliveryApp({ config: { PUSH_ALLOW_PRIVATE_TARGETS: false } });
    receiver = await startReceiver([secret]);
  });

  afterAll(async () => {
    await t?.close();
    await receiver?.close();
  });

  it('refuses a loopback receiver by address, by name and in IPv6 notation (BLOCKED_ADDRESS), and never connects', async () => {
    const port = new URL(receiver.url()).port;
    const urls = [receiver.url('/by-address'), `http://localhost:${port}/by-name`, `http://[::ffff:127.0.0.1]:${port}/mapped`, `http://[::1]:${port}/v6`];
    const endpoints: number[] = [];
    for (const url of urls) endpoints.push(await insertEndpoint(t.db, { tenantId: TENANT, url, secret, eventTypes: ['PARCEL_WHIN'] }));
    await queueTo(t.db, TENANT, 'PARCEL_WHIN', { parcel: 'X' }, endpoints);
    const deliveries = () => t.db.select().from(pushDeliveries).where(eq(pushDeliveries.tenantId, TENANT));
    await waitUntil('every refused delivery failed', async () => (await deliveries()).filter((row) => endpoints.includes(row.endpointId) && row.status === 'FAILED').length === endpoints.length);
    for (const endpointId of endpoints) {
      const attempts = await t.db.select().from(pushAttempts).where(and(eq(pushAttempts.tenantId, TENANT), eq(pushAttempts.endpointId, endpointId))).orderBy(asc(pushAttempts.attemptNo));
      expect(attempts.map((attempt) => attempt.outcome)).toEqual(['BLOCKED_ADDRESS', 'BLOCKED_ADDRESS', 'BLOCKED_ADDRESS']);
      expect(attempts[0]?.error).toContain('private, loopback or link-local');
    }
    expect(receiver.requests).toHaveLength(0);
  });
});
