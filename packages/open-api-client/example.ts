// The README's walk, as a merchant's program would make it: an order created once with an Idempotency-Key
// (a retry answers the same order), then its tracking.
//   PORTAL_URL=http://127.0.0.1:8080 OPEN_API_KEY=mpk_... npm run example -w @portal/open-api-client
import { randomUUID } from 'node:crypto';
import { createOpenApiClient, type NewOrder } from './src/index.ts';

const portal = process.env.PORTAL_URL ?? 'http://127.0.0.1:8080';
const apiKey = process.env.OPEN_API_KEY;
if (!apiKey) throw new Error('OPEN_API_KEY: an API key from the portal (API keys screen, scopes orders:write and tracking:read)');

// messages (not codes) in the language asked for: en-US, zh-TW or zh-CN
const client = createOpenApiClient({ baseUrl: `${portal}/open/v1`, apiKey, headers: { 'accept-language': 'en-US' } });

// one key per order you mean to make: sending the same request again (a timeout, a crash) makes no second order
const idempotencyKey = randomUUID();
const order: NewOrder = {
  merchantOrderNo: `SHOP-${Date.now()}`,
  serviceType: 'BASE',
  destinationCountry: 'TW',
  warehouseCode: 'SZ01',
  recipient: { name: 'Chen Mei-Ling', phone: '0912345678', address: 'No. 7, Sec. 5, Xinyi Rd.' },
  currency: 'CNY',
  items: [{ name: 'Bluetooth earphones', category: 'Electronics', quantity: 3, unitPrice: '19.99' }],
  weight: '1.250',
};

const created = await client.POST('/orders', { params: { header: { 'Idempotency-Key': idempotencyKey } }, body: order });
if (created.error) throw new Error(`create refused: ${created.error.error.code} ${created.error.error.message}`);
console.log(`created ${created.data.orderNo} (${created.data.status}), freight quote ${created.data.freightQuote ?? '-'} ${created.data.freightCurrency ?? ''}`);

const again = await client.POST('/orders', { params: { header: { 'Idempotency-Key': idempotencyKey } }, body: order });
if (again.error) throw new Error(`retry refused: ${again.error.error.code}`);
console.log(`the retry answered ${again.data.orderNo} again (Idempotent-Replayed: ${again.response.headers.get('idempotent-replayed')})`);

const tracking = await client.GET('/orders/{orderNo}/tracking', { params: { path: { orderNo: created.data.orderNo } } });
if (tracking.error) throw new Error(`tracking refused: ${tracking.error.error.code}`);
for (const event of tracking.data.events) console.log(`${event.occurredAt} ${event.status ?? ''} ${event.description}`);
