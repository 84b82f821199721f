import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { pushAttempts, pushDeliveries } from '../../../src/db/schema/open-api.ts';
import { isBlockedAddress, targetRefusal } from '../../../src/modules/push/delivery/address-guard.ts';
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
    // an IPv6 form that carries an IPv4 address, whichever
    '::ffff:8.8.8.8', '64:ff9b::808:808', '64:ff9b:1::a9fe:a9fe', '64:ff9b:1:ffff::1', '2002:a9fe:a9fe::1', '2002:808:808::1',
  ])('%s is refused', (address) => {
    expect(isBlockedAddress(address)).toBe(true);
  });

  it.each(['93.184.216.34', '8.8.8.8', '172.32.0.1', '100.128.0.1', '192.169.0.1', '2606:4700:4700::1111', '64:ff9c::1', '2001:db9::1'])('%s is allowed', (address) => {
    expect(isBlockedAddress(address)).toBe(false);
  });
});

describe('what no deployment reaches', () => {
  const allowing = { allowPrivateTargets: true, own: { host: '0.0.0.0', port: 8080 } };
  it('the portal itself: loopback, "any" or its own host, on its own port', () => {
    for (const address of ['127.0.0.1', '127.0.0.2', '::1', '0.0.0.0', '::']) expect(targetRefusal(address, 8080, allowing), address).toBe('own-address');
    expect(targetRefusal('10.0.0.5', 8080, { ...allowing, own: { host: '10.0.0.5', port: 8080 } })).toBe('own-address');
    // another port of the same machine is a receiver like any other, where private targets are allowed
    expect(targetRefusal('127.0.0.1', 4000, allowing)).toBeNull();
  });
  it('an IPv6 form carrying an IPv4 address, even where private targets are allowed', () => {
    for (const address of ['::ffff:127.0.0.1', '64:ff9b::a9fe:a9fe', '64:ff9b:1::1', '2002:7f00:1::1']) expect(targetRefusal(address, 443, allowing), address).toBe('embedded-ipv4');
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
      expect(attempts[0]?.error).toContain('private, loopback or link-local address');
    }
    expect(receiver.requests).toHaveLength(0);
  });
});

describe("a deployment with private targets, and the portal's own port", () => {
  const TENANT = 1;
  const secret = newWebhookSecret();
  let t: DeliveryHarness;
  let receiver: Receiver;

  beforeAll(async () => {
    receiver = await startReceiver([secret]);
    // the receiver stands where the portal listens: its port is the portal's
    t = await startDeliveryApp({ config: { PUSH_ALLOW_PRIVATE_TARGETS: true, HOST: '127.0.0.1', PORT: Number(new URL(receiver.url()).port) } });
  });

  afterAll(async () => {
    await t?.close();
    await receiver?.close();
  });

  it('never sends to the portal itself (BLOCKED_ADDRESS), by address or by name', async () => {
    const port = new URL(receiver.url()).port;
    const endpoints = [await insertEndpoint(t.db, { tenantId: TENANT, url: receiver.url('/own'), secret, eventTypes: ['PARCEL_WHIN'] }), await insertEndpoint(t.db, { tenantId: TENANT, url: `http://localhost:${port}/own-name`, secret, eventTypes: ['PARCEL_WHIN'] })];
    await queueTo(t.db, TENANT, 'PARCEL_WHIN', { parcel: 'O' }, endpoints);
    const deliveries = () => t.db.select().from(pushDeliveries).where(eq(pushDeliveries.tenantId, TENANT));
    await waitUntil('the deliveries to the portal failed', async () => (await deliveries()).filter((row) => endpoints.includes(row.endpointId) && row.status === 'FAILED').length === endpoints.length);
    const attempts = await t.db.select().from(pushAttempts).where(eq(pushAttempts.tenantId, TENANT));
    expect(new Set(attempts.filter((attempt) => endpoints.includes(attempt.endpointId)).map((attempt) => attempt.outcome))).toEqual(new Set(['BLOCKED_ADDRESS']));
    expect(receiver.requests).toHaveLength(0);
  });
});
