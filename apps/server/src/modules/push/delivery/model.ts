import { createHmac } from 'node:crypto';
import { PUSH_SECRET_PREFIX, type PushMessageType, type PushType } from '@portal/shared/open-api';
import type { PushEventData } from '@portal/shared/push-events';
import type { DataRuleMenu } from '@portal/shared/system-data-rules';

/*
 * The rules of one delivery (docs/decisions/0026-durable-message-push.md): the Standard Webhooks
 * message and its signature, and when the next attempt comes. Pure functions; the service applies them.
 */

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * The waits after the 1st, 2nd, … failed attempt (each ±20%): 8 attempts over about 28 hours, then FAILED.
 * Written out in docs/message-push.md.
 */
export const RETRY_SCHEDULE_MS: readonly number[] = [5 * SECOND, 5 * MINUTE, 30 * MINUTE, 2 * HOUR, 5 * HOUR, 10 * HOUR, 10 * HOUR];
export const RETRY_JITTER = 0.2;
/** A Retry-After further away than this is cut to it. */
export const RETRY_AFTER_CAP_MS = DAY;
/** An endpoint that has failed for this long (since its first failure after a success) is disabled. */
export const FAILING_DAYS_DEFAULT = 5;
/**
 * At most this much of an answer is read, and of a text answer its first 200 characters are kept in the
 * attempt, on one line: what a merchant needs to see why their receiver refused (decision 0029), not a
 * copy of whatever a URL answers.
 */
export const RESPONSE_READ_LIMIT_BYTES = 4096;
export const RESPONSE_EXCERPT_CHARS = 200;

/** The kinds of answer whose text is kept: plain text, JSON, XML, HTML (read as text), form data. */
const TEXT_TYPES = /^(text\/[\w.+-]+|application\/([\w.-]+\+)?(json|xml)|application\/x-www-form-urlencoded)\s*(;|$)/i;

/** What is kept of an answer: its text on one line without control characters, cut short; nothing of a non-text answer. */
export function responseExcerpt(body: Buffer, contentType: string | undefined): string {
  if (contentType !== undefined && !TEXT_TYPES.test(contentType)) return '';
  // eslint-disable-next-line no-control-regex -- the control characters are what is removed
  return body.toString('utf8').replace(/[\u0000-\u001f\u007f-\u009f\ufffd]+/g, ' ').replace(/\s+/g, ' ').trim().slice(0, RESPONSE_EXCERPT_CHARS);
}
export const USER_AGENT = 'MerchantPortal-Webhooks/1.0';

/** The wait before attempt `attemptsMade + 1`, or null when the schedule is spent. `random` in [0, 1). */
export function nextDelayMs(schedule: readonly number[], attemptsMade: number, random: number = Math.random()): number | null {
  const base = schedule[attemptsMade - 1];
  if (base === undefined) return null;
  return Math.round(base * (1 - RETRY_JITTER + 2 * RETRY_JITTER * random));
}

/** Retry-After in seconds or as an HTTP date, as milliseconds from `now` (capped); null when absent or unreadable. */
export function retryAfterMs(header: string | undefined, now: Date, capMs = RETRY_AFTER_CAP_MS): number | null {
  if (!header) return null;
  const text = header.trim();
  let ms: number;
  if (/^\d+$/.test(text)) ms = Number(text) * SECOND;
  else {
    const at = Date.parse(text);
    if (Number.isNaN(at)) return null;
    ms = at - now.getTime();
  }
  return Math.min(Math.max(ms, 0), capMs);
}

/** The body every attempt of a message sends, byte for byte (the signature covers it). */
export function messageBody(type: string, createdAt: Date, payload: unknown): string {
  return JSON.stringify({ type, timestamp: createdAt.toISOString(), data: payload });
}

/** The key of a whsec_ secret: the base64 after the prefix, decoded. */
function secretBytes(secret: string): Buffer {
  const text = secret.startsWith(PUSH_SECRET_PREFIX) ? secret.slice(PUSH_SECRET_PREFIX.length) : secret;
  return Buffer.from(text, 'base64');
}

/** One "v1,<base64 HMAC-SHA256>" per secret, space-separated (two during a rotation's overlap). */
export function signatureHeader(secrets: readonly string[], msgId: string, timestampSeconds: number, body: string): string {
  return secrets
    .map((secret) => `v1,${createHmac('sha256', secretBytes(secret)).update(`${msgId}.${timestampSeconds}.${body}`).digest('base64')}`)
    .join(' ');
}

/** The headers of one attempt (Standard Webhooks). */
export function attemptHeaders(secrets: readonly string[], msgId: string, now: Date, body: string): Record<string, string> {
  const timestamp = Math.floor(now.getTime() / 1000);
  return {
    'content-type': 'application/json',
    'user-agent': USER_AGENT,
    'webhook-id': msgId,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': signatureHeader(secrets, msgId, timestamp, body),
  };
}

/**
 * The row each event is about when a data rule can hide it (decision 0016): the menu whose rules apply, as
 * the holder's screens read the row, and the field of the event that numbers it. Orders and their tracking
 * follow the order list (the tracking is a button of it), parcels the package list, recharges and refunds
 * their lists. The others are about nothing a rule narrows: pick-ups, exceptions, purchases and the wallet's
 * details have no data rules.
 */
export const PUSH_TYPE_ROWS = {
  ORDER_STATUS: { menu: 'logistics:order:list', field: 'orderNo' },
  TRACKING_EVENT: { menu: 'logistics:order:list', field: 'orderNo' },
  PARCEL_WHIN: { menu: 'logistics:package:list', field: 'trackingNo' },
  PARCEL_WHOUT: { menu: 'logistics:package:list', field: 'trackingNo' },
  RECHARGE_RESULT: { menu: 'wallet:recharge:list', field: 'rechargeNo' },
  REFUND_RESULT: { menu: 'wallet:refund:list', field: 'refundNo' },
} as const satisfies { [T in PushType]?: { menu: DataRuleMenu; field: keyof PushEventData<T> & string } };

export type MessageRow = { menu: DataRuleMenu; field: string; number: string | null };

/** The row a message is about and its number in the payload (null when the payload lacks it), or null for a type about no such row. */
export function rowOf(type: PushMessageType, payload: unknown): MessageRow | null {
  if (!Object.hasOwn(PUSH_TYPE_ROWS, type)) return null;
  const { menu, field } = PUSH_TYPE_ROWS[type as keyof typeof PUSH_TYPE_ROWS];
  const value: unknown = payload !== null && typeof payload === 'object' ? (payload as Record<string, unknown>)[field] : undefined;
  return { menu, field, number: typeof value === 'string' && value !== '' ? value : null };
}
