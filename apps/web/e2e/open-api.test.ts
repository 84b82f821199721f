import { execFile } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { Webhook } from 'standardwebhooks';
import { describe, expect, test } from 'vitest';
import { portalApi } from './support/api.ts';
import { useBrowserSuite } from './support/browser-suite.ts';
import type { Role } from './support/sessions.ts';
import { findFreePort } from './support/portal-server.ts';
import { choose, rowWith, shot, signedIn as signedInAs } from './support/portal.ts';

/**
 * The open API and message push in Chromium against the real server (embedded database, its job queue): as
 * `merchant`, an API key with the orders scope made on the token screen, and an order created with curl
 * exactly as the README shows; a webhook endpoint registered on the message push screen pointing at a
 * local receiver that verifies every request with the official `standardwebhooks` library; `warehouse`
 * receives the order's parcel and the receiver gets the signed status event; the receiver stops, the delivery
 * log shows the retries, it starts again and the merchant replays; both statistics pages show the calls
 * and the deliveries; `merchant2`'s keys see nothing of `merchant`'s.
 */
const suite = useBrowserSuite();
const api = portalApi(suite, 'en-US');
const run = promisify(execFile);

type Verified = { webhookId: string; type: string; data: Record<string, unknown> };

/** A merchant's receiver on 127.0.0.1: verifies each request with the official library, keeps what verified. */
class Receiver {
  readonly messages: Verified[] = [];
  rejected = 0;
  private server: http.Server | null = null;
  private webhook: Webhook | null = null;
  constructor(readonly port: number) {}

  get url() {
    return `http://127.0.0.1:${this.port}/webhook`;
  }

  trust(secret: string) {
    this.webhook = new Webhook(secret);
  }

  async start(): Promise<void> {
    const server = http.createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        const headers = { 'webhook-id': String(request.headers['webhook-id']), 'webhook-timestamp': String(request.headers['webhook-timestamp']), 'webhook-signature': String(request.headers['webhook-signature']) };
        try {
          if (!this.webhook) throw new Error('no secret yet');
          const event = this.webhook.verify(body, headers) as { type: string; data: Record<string, unknown> };
          this.messages.push({ webhookId: headers['webhook-id'], type: event.type, data: event.data });
          response.writeHead(204).end();
        } catch {
          this.rejected += 1;
          response.writeHead(400).end();
        }
      });
    });
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    expect((server.address() as AddressInfo).port).toBe(this.port);
    this.server = server;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

/** A fresh browser (the previous one closes), signed in through the real login page. */
const signedIn = (username: Role, at: string, language: 'en-US' | 'zh-TW' = 'en-US') => signedInAs(suite, username, { language, viewport: { width: 1440, height: 900 }, at });

/** The README's curl (step 2 of its "Open API"): the status code and the body. */
async function curlCreateOrder(key: string, merchantOrderNo: string): Promise<{ status: number; body: { orderNo?: string; status?: string; error?: { code: string } } }> {
  const order = {
    merchantOrderNo,
    serviceType: 'BASE',
    destinationCountry: 'TW',
    warehouseCode: 'SZ01',
    recipient: { name: 'Chen Mei-Ling', phone: '0912345678', address: 'No. 7, Sec. 5, Xinyi Rd.' },
    currency: 'CNY',
    items: [{ name: 'Bluetooth earphones', category: 'Electronics', quantity: 3, unitPrice: '19.99' }],
    weight: '1.250',
  };
  const { stdout } = await run('curl', [
    '-s',
    '-w',
    '\n%{http_code}',
    '-X',
    'POST',
    `${suite.portal().url}/open/v1/orders`,
    '-H',
    `Authorization: Bearer ${key}`,
    '-H',
    `Idempotency-Key: ${merchantOrderNo}`,
    '-H',
    'Content-Type: application/json',
    '-d',
    JSON.stringify(order),
  ]);
  const lines = stdout.trimEnd().split('\n');
  const status = Number(lines.pop());
  return { status, body: JSON.parse(lines.join('\n')) as { orderNo?: string; status?: string } };
}

/** Opens the delivery log tab and answers the row of the message whose type is shown as `typeText`, newest first. */
async function deliveryRow(page: Page, typeText: string) {
  await page.goto('/config/message-push');
  await page.getByRole('tab', { name: 'Delivery log' }).click();
  const list = page.getByTestId('list-page-message-push-delivery');
  await list.locator('.ant-table-tbody').waitFor();
  return rowWith(list, typeText).first();
}

describe('the open API and message push, as a merchant tries them', () => {
  test('a key, an order by curl, a signed webhook, retries and a replay, both statistics pages', { timeout: 300_000 }, async () => {
    const receiver = new Receiver(await findFreePort());
    await receiver.start();
    try {
      // ---- as merchant: an API key with the orders scope, shown once
      let page = await signedIn('merchant', '/config/token');
      await page.getByTestId('api-key-add').click();
      await page.getByTestId('api-key-name').fill('Shop ERP');
      await page.getByTestId('api-key-scope-orders:write').click();
      await page.getByTestId('api-key-scope-orders:read').click();
      await page.getByTestId('api-key-expiry-90').click();
      await page.getByTestId('api-key-save').click();
      const shown = page.getByTestId('key-once-value');
      await shown.waitFor();
      const key = await shown.inputValue();
      expect(key).toMatch(/^mpk_[0-9A-Za-z]{40}$/);
      await shot(page, 'open-api-key-shown-once');
      await page.getByTestId('key-once-done').click();
      // once the window is closed the key is nowhere on the page; the list shows its beginning
      await shown.waitFor({ state: 'detached' });
      await expect.poll(async () => (await page.getByTestId('api-key-shown').first().textContent()) ?? '').toBe(`${key.slice(0, 12)}…`);
      expect(await page.content()).not.toContain(key);

      // ---- an order created with curl, as the README shows; the same idempotency key answers the same order
      const merchantOrderNo = `SHOP-${Date.now()}`;
      const created = await curlCreateOrder(key, merchantOrderNo);
      expect(created.status).toBe(201);
      const orderNo = created.body.orderNo ?? '';
      expect(orderNo).toMatch(/^LO\d{14}$/);
      const again = await curlCreateOrder(key, merchantOrderNo);
      expect(again.body.orderNo).toBe(orderNo);

      // ---- a webhook endpoint for every event, pointing at the local receiver; its secret shown once
      await page.goto('/config/message-push');
      await page.getByTestId('push-endpoint-add').click();
      await page.getByTestId('push-endpoint-url').fill(receiver.url);
      await page.getByTestId('push-endpoint-description').fill('Shop ERP');
      await page.getByTestId('push-event-types-all').click();
      await page.getByTestId('push-endpoint-save').click();
      const secretText = page.getByTestId('push-secret');
      await secretText.waitFor();
      const secret = ((await secretText.textContent()) ?? '').trim();
      expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
      receiver.trust(secret);
      await shot(page, 'open-api-push-secret');
      await page.getByTestId('push-secret-done').click();
      await secretText.waitFor({ state: 'detached' });
      expect(await page.content()).not.toContain(secret);

      // ---- as warehouse: the order's parcel received by scan
      page = await signedIn('warehouse', '/warehouse/receive', 'zh-TW');
      const number = page.locator('#receive_number');
      await number.waitFor();
      await choose(page, 'receive_warehouseCode', '深圳倉');
      await number.fill(orderNo);
      await number.press('Enter');
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('receive_weight');
      for (const value of ['1.375', '30', '20', '10']) {
        await page.keyboard.type(value);
        await page.keyboard.press('Enter');
      }
      await page.getByTestId('receive-result').waitFor();

      // ---- the receiver gets the signed events of that order, verified by the official library
      await expect.poll(() => receiver.messages.some((m) => m.type === 'ORDER_STATUS' && m.data.orderNo === orderNo && m.data.to === 'WHIN'), { timeout: 60_000 }).toBe(true);
      expect(receiver.rejected).toBe(0);

      // ---- the receiver stops; a test event fails, and the delivery log shows the retries
      await receiver.stop();
      page = await signedIn('merchant', '/config/message-push');
      await page.getByTestId('push-endpoint-test').first().click();
      // the delivery stays pending; its detail lists the failed attempts as they come (the first retry is 5 s later)
      let row = await deliveryRow(page, 'Test event');
      await expect
        .poll(
          async () => {
            row = await deliveryRow(page, 'Test event');
            await row.getByTestId('push-delivery-open').click();
            const attempts = page.getByTestId('push-attempts').locator('.ant-table-tbody tr.ant-table-row');
            await page.getByTestId('push-delivery-detail').waitFor();
            const count = await attempts.count();
            await page.keyboard.press('Escape');
            return count;
          },
          { timeout: 90_000, interval: 2_000 },
        )
        .toBeGreaterThanOrEqual(2);
      expect(await row.textContent()).toContain('Pending');
      const webhookId = ((await row.locator('code').textContent()) ?? '').trim();
      expect(webhookId).toMatch(/^msg_/);
      await shot(page, 'open-api-delivery-log-retrying');

      // ---- the receiver starts again, and the merchant replays the delivery: it arrives, with the same webhook-id
      await receiver.start();
      await row.getByTestId('push-delivery-replay').click();
      await page.locator('.ant-popconfirm').getByRole('button', { name: /OK|Yes|Replay/ }).click();
      await expect.poll(() => receiver.messages.some((m) => m.webhookId === webhookId && m.type === 'PING'), { timeout: 60_000 }).toBe(true);
      await expect
        .poll(
          async () => {
            row = await deliveryRow(page, 'Test event');
            return (await row.textContent()) ?? '';
          },
          { timeout: 30_000, interval: 2_000 },
        )
        .toContain('Succeeded');

      // ---- both statistics pages show the calls and the deliveries (the counts reach the database within seconds)
      await expect
        .poll(
          async () => {
            await page.goto('/statistics/api');
            await page.getByTestId('api-types-table').waitFor();
            return (await page.getByTestId('api-types-table').textContent()) ?? '';
          },
          { timeout: 60_000, interval: 3_000 },
        )
        .toContain('Create order');
      expect(Number(((await page.getByTestId('total-calls').locator('.ant-statistic-content-value').textContent()) ?? '0').replaceAll(',', ''))).toBeGreaterThanOrEqual(2);
      await shot(page, 'open-api-statistics');
      await page.goto('/statistics/message-push');
      const endpoints = page.getByTestId('push-endpoints-table');
      await endpoints.waitFor();
      await expect.poll(async () => (await endpoints.textContent()) ?? '').toContain(receiver.url);
      expect(Number(((await page.getByTestId('total-deliveries').locator('.ant-statistic-content-value').textContent()) ?? '0').replaceAll(',', ''))).toBeGreaterThanOrEqual(3);
      expect(Number(((await page.getByTestId('total-failed').locator('.ant-statistic-content-value').textContent()) ?? '0').replaceAll(',', ''))).toBe(0);
      await shot(page, 'push-statistics');

      // ---- merchant2's key sees nothing of merchant's
      const merchant2 = api.as('merchant2');
      const issued = await merchant2.post<{ key: string }>('/api/config/api-key/add', {
        name: 'Other shop',
        scopes: ['orders:read', 'tracking:read'],
        expiresAt: new Date(Date.now() + 30 * 86_400_000).toISOString(),
        ipAllowList: [],
      });
      const asMerchant2 = (path: string) => fetch(`${suite.portal().url}/open/v1${path}`, { headers: { Authorization: `Bearer ${issued.key}` } });
      const detail = await asMerchant2(`/orders/${orderNo}`);
      expect(detail.status).toBe(404);
      expect(((await detail.json()) as { error: { code: string } }).error.code).toBe('not_found');
      expect((await asMerchant2(`/orders/${orderNo}/tracking`)).status).toBe(404);
      const listed = (await (await asMerchant2(`/orders?merchantOrderNo=${merchantOrderNo}`)).json()) as { records: unknown[] };
      expect(listed.records).toEqual([]);
    } finally {
      await receiver.stop();
      // the endpoint would go on receiving the merchant's events of the files after this one, to a closed port
      const merchant = api.as('merchant');
      const endpoints = await merchant.get<{ records: { id: number; url: string }[] }>('/api/config/push-endpoint/list?pageSize=100');
      for (const endpoint of endpoints.records.filter((candidate) => candidate.url === receiver.url)) await merchant.delete(`/api/config/push-endpoint/delete?id=${endpoint.id}`);
    }
  });
});
