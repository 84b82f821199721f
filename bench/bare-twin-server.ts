// The bare twins (bench/twins.ts): each endpoint of the comparison answered by a bare Fastify 5 route that
// sends the portal's own statements (bench/bare-twins.ts) through a pg pool of the portal's size, and answers
// the rows as JSON. No logger, no validation, no plugin, no cache the portal does not have, no auth beyond what
// the SQL does: what is left is the floor an endpoint doing that SQL can reach on this machine.
import { createHash } from 'node:crypto';
import Fastify, { type FastifyReply } from 'fastify';
import pg from 'pg';
import {
  API_KEY_BY_HASH,
  BEGIN,
  CATEGORY_NAMES,
  CLAIM_IDEMPOTENCY_KEY,
  COMMIT,
  INSERT_CREATED_EVENT,
  INSERT_ORDER,
  INSERT_ORDER_ITEM,
  LIST_COUNT_CAP,
  NEXT_ORDER_NOS,
  ORDER_BY_ID,
  ORDER_COUNT,
  ORDER_EVENTS,
  ORDER_ITEMS,
  ORDER_PAGE,
  ORDER_BY_NO,
  ORDER_PARCELS,
  ORDERS_PER_NUMBER_MAX,
  PUSH_ENDPOINTS,
  ACTIVE_RATES,
  STORE_IDEMPOTENT_ANSWER,
  TRACK_BY_ORDER_NO,
  TRACK_BY_PARCEL,
  TRACK_BY_WAYBILL,
  TRACK_EVENTS,
} from './bare-twins.ts';

const port = Number(process.env.PORT ?? '0');
const databaseUrl = process.env.DATABASE_URL;
const poolSize = Number(process.env.DATABASE_POOL_SIZE ?? '10');
if (!databaseUrl) throw new Error('DATABASE_URL is required');

const pool = new pg.Pool({ connectionString: databaseUrl, max: poolSize });
// a connection that fails while idle must not end the process (as the portal's pool)
pool.on('error', () => undefined);
const app = Fastify({ logger: false });

type Row = Record<string, unknown>;
type Client = Pick<pg.Pool, 'query'>;
const rows = async (db: Client, text: string, values: unknown[] = []): Promise<Row[]> => (await db.query<Row>(text, values)).rows;
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const numberOf = (value: unknown) => Number(value);
const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** Reference data read once and kept, as the portal keeps it (the bench changes none of it). */
let categoryNames: Promise<Map<string, unknown>> | null = null;
let activeRates: Promise<Map<string, Row>> | null = null;
const endpointsOf = new Map<number, Promise<Row[]>>();
const namesOf = async (items: Row[]) => {
  categoryNames ??= rows(pool, CATEGORY_NAMES).then((all) => new Map(all.map((row) => [text(row.code), row.name])));
  const names = await categoryNames;
  return [...new Set(items.map((item) => text(item.category)))].filter((code) => names.has(code)).map((code) => ({ code, name: names.get(code) }));
};
const rateOf = async (destinationCountry: string, serviceType: string) => {
  activeRates ??= rows(pool, ACTIVE_RATES, [true]).then((all) => new Map(all.map((row) => [`${text(row.destination_country)} ${text(row.service_type)}`, row])));
  return (await activeRates).get(`${destinationCountry} ${serviceType}`);
};
const endpointsFor = (tenantId: number) => {
  let endpoints = endpointsOf.get(tenantId);
  if (!endpoints) endpointsOf.set(tenantId, (endpoints = rows(pool, PUSH_ENDPOINTS, [tenantId, true])));
  return endpoints;
};

/** One order (by its id, or by its number) with its products, parcels and events, and its categories' names: the portal's 4 statements. */
async function detailOf(tenantId: number, key: number | { orderNo: string }): Promise<Row | null> {
  const [order] = typeof key === 'number' ? await rows(pool, ORDER_BY_ID, [key, tenantId]) : await rows(pool, ORDER_BY_NO, [key.orderNo, tenantId]);
  if (!order) return null;
  const id = numberOf(order.id);
  const [items, parcels, events] = await Promise.all([rows(pool, ORDER_ITEMS, [tenantId, id]), rows(pool, ORDER_PARCELS, [id, tenantId]), rows(pool, ORDER_EVENTS, [id])]);
  return { order, items, parcels, events, categories: await namesOf(items) };
}

type KeyCaller = { keyId: number; tenantId: number; userId: number };

/** keys found, by their hash: the portal's guard keeps a key in memory as it keeps sessions, and so does the twin */
const keysFound = new Map<string, KeyCaller>();

/** The API key of the Authorization header, by its hash: 1 statement the first time, as the portal's guard. */
async function keyCaller(authorization: string | undefined, reply: FastifyReply): Promise<KeyCaller | null> {
  const key = authorization?.startsWith('Bearer ') ? authorization.slice('Bearer '.length).trim() : '';
  const hash = sha256(key);
  const known = keysFound.get(hash);
  if (known) return known;
  const result = await pool.query<unknown[]>({ text: API_KEY_BY_HASH, values: [hash, 1, 1], rowMode: 'array' });
  const row = result.rows[0];
  // columns: key id, tenant, scopes, allow-list, created by, holder id, username, org code, holder state
  if (!row || row[8] !== 'ACTIVE') {
    void reply.code(401);
    return null;
  }
  const caller = { keyId: numberOf(row[0]), tenantId: numberOf(row[1]), userId: numberOf(row[5]) };
  keysFound.set(hash, caller);
  return caller;
}

// ------------------------------------------------------------------ reads

app.get<{ Querystring: { tenantId: string; pageSize?: string } }>('/order/list', async (request) => {
  const tenantId = Number(request.query.tenantId);
  const [records, counted] = await Promise.all([rows(pool, ORDER_PAGE, [tenantId, Number(request.query.pageSize ?? '10'), 0]), rows(pool, ORDER_COUNT, [tenantId, LIST_COUNT_CAP])]);
  return { records, total: counted[0]?.count ?? 0 };
});

app.get<{ Querystring: { tenantId: string; id: string } }>('/order/detail', async (request, reply) => {
  const detail = await detailOf(Number(request.query.tenantId), Number(request.query.id));
  return detail ?? reply.code(404).send({ found: false });
});

/** the portal's permissions answer, as the bench read it from the portal: sent as the bytes they are */
let permissionsAnswer: Buffer | null = null;
app.post<{ Body: string }>('/setup/permissions', async (request) => {
  permissionsAnswer = Buffer.from(request.body, 'utf8');
  return { bytes: permissionsAnswer.length };
});
app.get('/permissions', async (_request, reply) => (permissionsAnswer ? reply.type('application/json; charset=utf-8').send(permissionsAnswer) : reply.code(503).send({ setUp: false })));

app.get<{ Querystring: { numbers: string } }>('/track', async (request) => {
  const numbers = [...new Set(request.query.numbers.split(/[\s,，]+/u).filter((part) => part.length > 0 && part.length <= 64))];
  const [byOrderNo, byWaybill, byParcel] = await Promise.all([
    rows(pool, TRACK_BY_ORDER_NO, [numbers]),
    rows(pool, TRACK_BY_WAYBILL, [numbers, ORDERS_PER_NUMBER_MAX]),
    rows(pool, TRACK_BY_PARCEL, [numbers, ORDERS_PER_NUMBER_MAX]),
  ]);
  // the same precedence as the portal's: an order number, else a waybill, else a parcel's number
  const matches = new Map<string, Row[]>();
  const add = (number: string, order: Row) => {
    const list = matches.get(number) ?? [];
    if (list.length < ORDERS_PER_NUMBER_MAX && !list.some((known) => known.id === order.id)) list.push(order);
    matches.set(number, list);
  };
  for (const order of byOrderNo) add(text(order.order_no), order);
  for (const order of byWaybill) if (!byOrderNo.some((found) => found.order_no === order.key)) add(text(order.key), order);
  for (const order of byParcel) if (!byOrderNo.some((found) => found.order_no === order.key) && !byWaybill.some((found) => found.key === order.key)) add(text(order.key), order);
  const orderIds = [...new Set([...matches.values()].flat().map((order) => order.id))];
  const events = orderIds.length === 0 ? [] : await rows(pool, TRACK_EVENTS, [orderIds]);
  return { matches: Object.fromEntries(matches), events };
});

app.get<{ Params: { orderNo: string } }>('/open/orders/:orderNo', async (request, reply) => {
  const caller = await keyCaller(request.headers.authorization, reply);
  if (!caller) return { authorized: false };
  const detail = await detailOf(caller.tenantId, { orderNo: request.params.orderNo });
  return detail ?? reply.code(404).send({ found: false });
});

// ------------------------------------------------------------------ creates

type OrderBody = {
  merchantOrderNo: string;
  serviceType: string;
  destinationCountry: string;
  warehouseCode: string;
  recipient: { name: string; phone: string; address: string; province?: string; city?: string; district?: string; town?: string; postcode?: string };
  currency: string;
  items: { name: string; category: string; quantity: number; specifications?: string; material?: string; unitPrice: string }[];
  weight: string;
  remark?: string;
};

/** "19.99" with 2 decimals -> 1999; "1.250" with 3 -> 1250 (exact, as the portal's minor units and grams) */
function scaled(decimal: string, digits: number): number {
  const [whole = '0', fraction = ''] = decimal.trim().split('.');
  return Number(whole) * 10 ** digits + Number(fraction.padEnd(digits, '0').slice(0, digits));
}

const CREATED_TEXTS = ['訂單已建立', '订单已创建', 'Order created'] as const;
const PUSHED_EVENT_TYPES = ['ORDER_STATUS', 'TRACKING_EVENT'];

/**
 * The portal's order creation inside the caller's transaction: the rate card (kept), a number, the order, its
 * products, its CREATED event (each insert returning its row), the push endpoints that would hear of it (kept). A
 * merchant number already used fails the order's insert on its unique index, as the portal's does.
 */
async function insertOrder(client: pg.PoolClient, owner: { tenantId: number; userId: number }, body: OrderBody): Promise<{ id: number; orderNo: string; order: Row; items: Row[]; events: Row[] } | null> {
  const card = await rateOf(body.destinationCountry, body.serviceType);
  const weight = scaled(body.weight, 3);
  // first weight, then each started step (the demo's rate cards; no dimensions are sent, so no volumetric weight)
  const quote = card ? numberOf(card.first_price) + Math.ceil(Math.max(0, weight - numberOf(card.first_weight)) / numberOf(card.step_weight)) * numberOf(card.step_price) : null;
  const [sequence] = await rows(client, NEXT_ORDER_NOS, [1]);
  const orderNo = `LO${new Date().toISOString().slice(2, 10).replace(/-/g, '')}${(BigInt(text(sequence?.nextval)) % 100_000_000n).toString().padStart(8, '0')}`;
  const prices = body.items.map((item) => scaled(item.unitPrice, 2));
  const recipient = body.recipient;
  const [order] = await rows(client, INSERT_ORDER, [
    owner.tenantId,
    orderNo,
    body.merchantOrderNo,
    body.serviceType,
    'CREATED',
    body.destinationCountry,
    body.warehouseCode,
    recipient.name,
    recipient.phone,
    recipient.address,
    recipient.province ?? '',
    recipient.city ?? '',
    recipient.district ?? '',
    recipient.town ?? '',
    recipient.postcode ?? '',
    body.items.reduce((sum, item) => sum + item.quantity, 0),
    body.items.reduce((sum, item, index) => sum + item.quantity * (prices[index] ?? 0), 0),
    body.currency,
    weight,
    null,
    null,
    null,
    quote,
    card ? card.currency : null,
    body.remark ?? '',
    owner.userId,
  ]);
  const id = numberOf(order?.id);
  // the bench's orders have one product: the portal writes one row per product in one statement
  const [item] = body.items;
  const items = item ? await rows(client, INSERT_ORDER_ITEM, [owner.tenantId, id, 1, item.name, item.category, item.quantity, item.specifications ?? '', item.material ?? '', prices[0], body.currency]) : [];
  const events = await rows(client, INSERT_CREATED_EVENT, [owner.tenantId, id, 'CREATED', null, ...CREATED_TEXTS, 'MANUAL', owner.userId]);
  // the tenant's endpoints that would hear of it (the demo's merchants have none)
  const listening = (await endpointsFor(owner.tenantId)).filter((endpoint) => (endpoint.event_types as string[]).some((type) => PUSHED_EVENT_TYPES.includes(type)));
  if (listening.length > 0) throw new Error('the twin writes no push message');
  return { id, orderNo, order: order ?? {}, items, events };
}

/** begin, work, commit on one connection of the pool (rolled back when the work answers null or fails) */
async function inTransaction<T>(work: (client: pg.PoolClient) => Promise<T | null>): Promise<T | null> {
  const client = await pool.connect();
  try {
    await client.query(BEGIN);
    const result = await work(client);
    await client.query(result === null ? 'rollback' : COMMIT);
    return result;
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

app.post<{ Querystring: { tenantId: string; userId: string }; Body: OrderBody }>('/order/add', async (request, reply) => {
  const created = await inTransaction((client) => insertOrder(client, { tenantId: Number(request.query.tenantId), userId: Number(request.query.userId) }, request.body));
  return created ? { id: created.id, orderNo: created.orderNo } : reply.code(409).send({ taken: true });
});

app.post<{ Body: OrderBody }>('/open/orders', async (request, reply) => {
  const caller = await keyCaller(request.headers.authorization, reply);
  if (!caller) return { authorized: false };
  const clientKey = String(request.headers['idempotency-key'] ?? '');
  const key = `api:${sha256(`${caller.keyId}\n${clientKey}`)}`;
  const requestHash = sha256(`open POST /orders\n${JSON.stringify(request.body)}`);
  const created = await inTransaction(async (client) => {
    const claimed = await rows(client, CLAIM_IDEMPOTENCY_KEY, [caller.tenantId, key, caller.userId, requestHash]);
    if (claimed.length === 0) return null;
    const order = await insertOrder(client, caller, request.body);
    if (!order) return null;
    // the answer from the rows the inserts returned, with the categories' names
    const categories = await namesOf(order.items);
    await rows(client, STORE_IDEMPOTENT_ANSWER, [JSON.stringify({ id: order.id, orderNo: order.orderNo }), caller.tenantId, key]);
    return { ...order, categories, parcels: [] };
  });
  if (!created) return reply.code(409).send({ conflict: true });
  return reply.code(201).send(created);
});

app.get('/', async () => ({ twin: 'ready' }));

const stop = () => {
  void app
    .close()
    .then(() => pool.end())
    .then(() => process.exit(0));
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
// started with an IPC channel by the bench: leave when the bench goes away, however it ends
process.once('disconnect', stop);

await app.listen({ port, host: '127.0.0.1' });
