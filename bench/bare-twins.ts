/*
 * The bare twins' SQL: for each endpoint of the twins comparison (bench/twins.ts), the statements the
 * portal sends to PostgreSQL for one request once its caches are warm, copied from the cluster's statement
 * log (log_statement = all on the portal's sessions, bench/statement-log.ts) of a run on the bench database
 * on 2026-11-30. bench/bare-twin-server.ts sends exactly these, with the same parameters, in the same order
 * and the same concurrency (a transaction where the portal holds one); every twins run captures both sides
 * again and reports any statement one side sends and the other does not.
 *
 * The texts are drizzle's, byte for byte: `$n` are bound parameters, never text. A list of values travels
 * as one array parameter (`= any($1::text[])`), as the portal's prepared statements send it. The API key
 * is looked up once and then kept in memory on both sides (the portal's guard keeps it as it keeps sessions).
 */

// ------------------------------------------------------------------ order list, first page (2 statements, at once)

/** the page: its ids on the index, then their rows ($1 tenant, $2 page size, $3 offset) */
export const ORDER_PAGE =
  'select "id", "order_no", "merchant_order_no", "service_type", "status", "status_updated_at", "destination_country", "warehouse_code", "waybill_no", "recipient_name", "item_quantity", "merchandise_value", "merchandise_currency", "declared_weight", "actual_weight", "freight_quote", "freight_charge", "freight_currency", "created_at" from "log_order" where "log_order"."id" in (select "id" from "log_order" where "log_order"."tenant_id" = $1 order by "log_order"."created_at" desc nulls last, "log_order"."id" desc nulls last limit $2 offset $3) order by "log_order"."created_at" desc nulls last, "log_order"."id" desc nulls last';
/** the capped count ($1 tenant, $2 the cap: 10,000) */
export const ORDER_COUNT = 'select count(*)::int from (select 1 as "one" from "log_order" where "log_order"."tenant_id" = $1 limit $2) "matching"';
export const LIST_COUNT_CAP = 10_000;

// ------------------------------------------------------------------ one order's detail (5 statements: 1, then 3 at once, then 1)

/** $1 order id, $2 tenant */
export const ORDER_BY_ID =
  'select "id", "tenant_id", "order_no", "merchant_order_no", "service_type", "status", "status_updated_at", "destination_country", "warehouse_code", "waybill_no", "recipient_name", "recipient_phone", "recipient_address", "recipient_province", "recipient_city", "recipient_district", "recipient_town", "recipient_postcode", "item_quantity", "merchandise_value", "merchandise_currency", "declared_weight", "actual_weight", "length", "width", "height", "chargeable_weight", "freight_quote", "freight_charge", "freight_currency", "remark", "created_by", "created_at", "updated_at" from "log_order" where ("log_order"."id" = $1 and "log_order"."tenant_id" = $2)';
/** $1 tenant, $2 order id */
export const ORDER_ITEMS =
  'select "id", "tenant_id", "order_id", "line_no", "name", "category", "quantity", "specifications", "material", "unit_price", "currency" from "log_order_item" where ("log_order_item"."tenant_id" = $1 and "log_order_item"."order_id" = $2) order by "log_order_item"."line_no" asc';
/** $1 order id, $2 tenant */
export const ORDER_PARCELS =
  'select "id", "tenant_id", "order_id", "tracking_no", "status", "weight", "length", "width", "height", "warehouse_code", "storage_time", "shipment_time", "remark", "created_at", "updated_at" from "log_parcel" where ("log_parcel"."order_id" = $1 and "log_parcel"."tenant_id" = $2) order by "log_parcel"."created_at" asc, "log_parcel"."id" asc';
/** $1 order id */
export const ORDER_EVENTS =
  'select "id", "tenant_id", "order_id", "occurred_at", "status", "from_status", "carrier_code", "location", "description_zh_tw", "description_zh_cn", "description_en_us", "raw_text", "source", "created_by", "created_at" from "log_tracking_event" where "log_tracking_event"."order_id" = $1 order by "log_tracking_event"."occurred_at" asc, "log_tracking_event"."id" asc';
/** the category dictionary's names, read once and kept (the portal keeps them in memory until one changes) */
export const CATEGORY_NAMES = 'select "code", "name" from "sys_category"';

// ------------------------------------------------------------------ public tracking (4 statements: 3 at once, then 1)

/** each number as an order number: $1 the numbers, one array */
export const TRACK_BY_ORDER_NO = 'select "id", "order_no", "status", "destination_country" from "log_order" where "log_order"."order_no" = any($1::text[])';
/** as a waybill number: $1 the numbers, $2 the orders per number (10) */
export const TRACK_BY_WAYBILL =
  'select "id", "order_no", "status", "destination_country", "key" from (select "id", "order_no", "status", "destination_country", "waybill_no" as "key", row_number() over (partition by "log_order"."waybill_no" order by "created_at" desc, "id" desc) as "rank" from "log_order" where "log_order"."waybill_no" = any($1::text[])) "ranked" where "rank" <= $2';
/** as a parcel's tracking number: the same shape */
export const TRACK_BY_PARCEL =
  'select "id", "order_no", "status", "destination_country", "key" from (select "log_order"."id", "log_order"."order_no", "log_order"."status", "log_order"."destination_country", "log_parcel"."tracking_no" as "key", row_number() over (partition by "log_parcel"."tracking_no" order by "log_order"."created_at" desc, "log_order"."id" desc) as "rank" from "log_parcel" inner join "log_order" on "log_order"."id" = "log_parcel"."order_id" where "log_parcel"."tracking_no" = any($1::text[])) "ranked" where "rank" <= $2';
/** the events of every order found: $1 the order ids, one array */
export const TRACK_EVENTS =
  'select "order_id", "occurred_at", "status", "location", "description_zh_tw", "description_zh_cn", "description_en_us", "raw_text" from "log_tracking_event" where "log_tracking_event"."order_id" = any($1::bigint[]) order by "log_tracking_event"."order_id" asc, "log_tracking_event"."occurred_at" desc, "log_tracking_event"."id" desc';
export const ORDERS_PER_NUMBER_MAX = 10;

// ------------------------------------------------------------------ the open API's key (1 statement the first time; then from memory on both sides, as sessions are)

/** $1 the key's sha-256, $2 the tenant's active status (1), $3 limit 1 */
export const API_KEY_BY_HASH =
  'select "api_key"."id", "api_key"."tenant_id", "api_key"."scopes", "api_key"."ip_allow_list", "api_key"."created_by", "holder"."id", "holder"."username", "holder"."org_code", case when "holder"."id" is null or "holder"."del_flag" <> 0 then \'DELETED\' when "holder"."status" <> 1 then \'FROZEN\' when not exists (select 1 from "sys_user_tenant" where "sys_user_tenant"."user_id" = "holder"."id" and "sys_user_tenant"."tenant_id" = "api_key"."tenant_id") then \'LEFT\' else \'ACTIVE\' end from "api_key_secret" inner join "api_key" on ("api_key"."tenant_id" = "api_key_secret"."tenant_id" and "api_key"."id" = "api_key_secret"."key_id") inner join "sys_tenant" on "sys_tenant"."id" = "api_key"."tenant_id" left join "sys_user" "holder" on "holder"."id" = "api_key"."holder_id" where ("api_key_secret"."hash" = $1 and ("api_key_secret"."expires_at" is null or "api_key_secret"."expires_at" > now()) and "api_key"."revoked_at" is null and "api_key"."expires_at" > now() and "sys_tenant"."status" = $2 and ("sys_tenant"."valid_from" is null or "sys_tenant"."valid_from" <= now()) and ("sys_tenant"."valid_until" is null or "sys_tenant"."valid_until" > now())) limit $3';

// ------------------------------------------------------------------ the open API's read by number: the order by its number, then the rest of the detail

/** $1 the order number, $2 tenant */
export const ORDER_BY_NO =
  'select "id", "tenant_id", "order_no", "merchant_order_no", "service_type", "status", "status_updated_at", "destination_country", "warehouse_code", "waybill_no", "recipient_name", "recipient_phone", "recipient_address", "recipient_province", "recipient_city", "recipient_district", "recipient_town", "recipient_postcode", "item_quantity", "merchandise_value", "merchandise_currency", "declared_weight", "actual_weight", "length", "width", "height", "chargeable_weight", "freight_quote", "freight_charge", "freight_currency", "remark", "created_by", "created_at", "updated_at" from "log_order" where ("log_order"."order_no" = $1 and "log_order"."tenant_id" = $2)';

// ------------------------------------------------------------------ creating an order (the portal's: begin, 7, commit; the open API's adds the idempotency claim and answer, then the detail)

export const BEGIN = 'begin';
export const COMMIT = 'commit';
/** $1 tenant, $2 "api:" + sha-256 of the key id and the client's key, $3 user, $4 sha-256 of the operation and the body */
export const CLAIM_IDEMPOTENCY_KEY = 'insert into "fin_idempotency" ("tenant_id", "key", "user_id", "request_hash", "response", "created_at") values ($1, $2, $3, $4, default, default) on conflict do nothing returning "key"';
/** every active rate card, read once and kept ($1 true), as the portal keeps them until one changes */
export const ACTIVE_RATES =
  'select "id", "destination_country", "service_type", "currency", "first_weight", "first_price", "step_weight", "step_price", "volumetric_divisor", "active", "remark", "created_at", "updated_at" from "log_rate_card" where "log_rate_card"."active" = $1';
/** $1 how many numbers (1) */
export const NEXT_ORDER_NOS = "select nextval('log_order_no_seq')::text from generate_series(1, $1::int)";
/** 26 parameters: see bare-twin-server.ts insertOrderParameters */
export const INSERT_ORDER =
  'insert into "log_order" ("id", "tenant_id", "order_no", "merchant_order_no", "service_type", "status", "status_updated_at", "destination_country", "warehouse_code", "waybill_no", "recipient_name", "recipient_phone", "recipient_address", "recipient_province", "recipient_city", "recipient_district", "recipient_town", "recipient_postcode", "item_quantity", "merchandise_value", "merchandise_currency", "declared_weight", "actual_weight", "length", "width", "height", "chargeable_weight", "freight_quote", "freight_charge", "freight_currency", "remark", "created_by", "created_at", "updated_at") values (default, $1, $2, $3, $4, $5, default, $6, $7, default, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, default, $20, $21, $22, default, $23, default, $24, $25, $26, default, default) returning "id", "tenant_id", "order_no", "merchant_order_no", "service_type", "status", "status_updated_at", "destination_country", "warehouse_code", "waybill_no", "recipient_name", "recipient_phone", "recipient_address", "recipient_province", "recipient_city", "recipient_district", "recipient_town", "recipient_postcode", "item_quantity", "merchandise_value", "merchandise_currency", "declared_weight", "actual_weight", "length", "width", "height", "chargeable_weight", "freight_quote", "freight_charge", "freight_currency", "remark", "created_by", "created_at", "updated_at"';
/** one product (10 parameters) */
export const INSERT_ORDER_ITEM =
  'insert into "log_order_item" ("id", "tenant_id", "order_id", "line_no", "name", "category", "quantity", "specifications", "material", "unit_price", "currency") values (default, $1, $2, $3, $4, $5, $6, $7, $8, $9, $10) returning "id", "tenant_id", "order_id", "line_no", "name", "category", "quantity", "specifications", "material", "unit_price", "currency"';
/** the CREATED event (9 parameters) */
export const INSERT_CREATED_EVENT =
  'insert into "log_tracking_event" ("id", "tenant_id", "order_id", "occurred_at", "status", "from_status", "carrier_code", "location", "description_zh_tw", "description_zh_cn", "description_en_us", "raw_text", "source", "created_by", "created_at") values (default, $1, $2, now(), $3, $4, default, default, $5, $6, $7, default, $8, $9, default) returning "id", "tenant_id", "order_id", "occurred_at", "status", "from_status", "carrier_code", "location", "description_zh_tw", "description_zh_cn", "description_en_us", "raw_text", "source", "created_by", "created_at"';
/** the tenant's enabled push endpoints, read once per tenant and kept ($1 tenant, $2 true), as the portal keeps them until they change */
export const PUSH_ENDPOINTS = 'select "id", "event_types" from "push_endpoint" where ("push_endpoint"."tenant_id" = $1 and "push_endpoint"."enabled" = $2)';
/** $1 the answer (json), $2 tenant, $3 the key as claimed */
export const STORE_IDEMPOTENT_ANSWER = 'update "fin_idempotency" set "response" = $1 where ("fin_idempotency"."tenant_id" = $2 and "fin_idempotency"."key" = $3)';

/** Every statement above by its name: the twins' plans below name them. */
export const TWIN_SQL = {
  ORDER_PAGE,
  ORDER_COUNT,
  ORDER_BY_ID,
  ORDER_ITEMS,
  ORDER_PARCELS,
  ORDER_EVENTS,
  CATEGORY_NAMES,
  TRACK_BY_ORDER_NO,
  TRACK_BY_WAYBILL,
  TRACK_BY_PARCEL,
  TRACK_EVENTS,
  API_KEY_BY_HASH,
  ORDER_BY_NO,
  BEGIN,
  CLAIM_IDEMPOTENCY_KEY,
  ACTIVE_RATES,
  NEXT_ORDER_NOS,
  INSERT_ORDER,
  INSERT_ORDER_ITEM,
  INSERT_CREATED_EVENT,
  PUSH_ENDPOINTS,
  STORE_IDEMPOTENT_ANSWER,
  COMMIT,
} as const;
export type StatementName = keyof typeof TWIN_SQL;

/** The endpoints of the comparison, in the order they run. */
export const TWIN_ENDPOINTS = ['order-list', 'order-detail', 'permissions', 'track-10', 'open-read', 'open-create', 'portal-create'] as const;
export type TwinEndpoint = (typeof TWIN_ENDPOINTS)[number];

// the categories' names, the rate cards and the push endpoints are reference data both sides keep in memory: no statement once warm
const DETAIL_REST: (readonly StatementName[])[] = [['ORDER_ITEMS', 'ORDER_PARCELS', 'ORDER_EVENTS']];
const DETAIL: (readonly StatementName[])[] = [['ORDER_BY_ID'], ...DETAIL_REST];
// a merchant number already used is refused by its unique index: no statement looks for it first
const CREATE_WRITES: StatementName[] = ['NEXT_ORDER_NOS', 'INSERT_ORDER', 'INSERT_ORDER_ITEM', 'INSERT_CREATED_EVENT'];

/**
 * What each twin sends for one request: steps one after the other, each step's statements sent at once.
 * The permissions answer sends none: the portal answers it from its session and rights caches (the
 * statement log shows no statement once they are warm), and so does its twin, with the same bytes.
 */
export const TWIN_PLANS: Record<TwinEndpoint, readonly (readonly StatementName[])[]> = {
  'order-list': [['ORDER_PAGE', 'ORDER_COUNT']],
  'order-detail': DETAIL,
  permissions: [],
  'track-10': [['TRACK_BY_ORDER_NO', 'TRACK_BY_WAYBILL', 'TRACK_BY_PARCEL'], ['TRACK_EVENTS']],
  'open-read': [['ORDER_BY_NO'], ...DETAIL_REST],
  // the answer is made from the rows the inserts return
  'open-create': [['BEGIN'], ['CLAIM_IDEMPOTENCY_KEY'], ...CREATE_WRITES.map((name) => [name]), ['STORE_IDEMPOTENT_ANSWER'], ['COMMIT']],
  'portal-create': [['BEGIN'], ...CREATE_WRITES.map((name) => [name]), ['COMMIT']],
};

/** statements per request */
export const statementCount = (endpoint: TwinEndpoint) => TWIN_PLANS[endpoint].reduce((sum, step) => sum + step.length, 0);
/** round trips one after the other */
export const sequentialSteps = (endpoint: TwinEndpoint) => TWIN_PLANS[endpoint].length;
