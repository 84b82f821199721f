import { createHmac } from 'node:crypto';
import { PlatformError } from './types.ts';

/*
 * What the two platforms' HTTP clients share: their request signatures and one form POST with a
 * deadline. Sources of the shapes: docs/decisions/0025-purchase-platform-http.md.
 */

/** A request's parameters as the platforms take them: objects travel as JSON text, everything is a string. */
export type Params = Record<string, string>;

const canonical = (params: Params, drop: string) =>
  Object.keys(params)
    .filter((key) => key !== drop)
    .sort()
    .map((key) => `${key}${params[key]}`)
    .join('');

/** Taobao's global open platform (IOP): uppercase hex HMAC-SHA256 of the API path and the sorted key+value pairs. */
export function iopSignature(secret: string, apiPath: string, params: Params): string {
  return createHmac('sha256', secret).update(apiPath + canonical(params, 'sign'), 'utf8').digest('hex').toUpperCase();
}

/** 1688's open API (AOP): uppercase hex HMAC-SHA1 of the URL path (`param2/1/<namespace>/<api>/<appKey>`) and the sorted key+value pairs. */
export function aopSignature(secret: string, urlPath: string, params: Params): string {
  return createHmac('sha1', secret).update(urlPath + canonical(params, '_aop_signature'), 'utf8').digest('hex').toUpperCase();
}

/** Constant-time enough for a hex signature comparison in the stand-in and in tests. */
export function sameSignature(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return difference === 0;
}

export type HttpAnswer = { status: number; retryAfter: string | null; body: unknown };

/**
 * POSTs `params` form-encoded and reads the JSON answer. A deadline that passes is `timeout` (the outcome is
 * unknown); a connection refused or reset, or an answer that is not JSON, is `unavailable`. The URL is never
 * put into an error message: its query could hold a token.
 */
export async function postForm(url: string, params: Params, timeoutMs: number): Promise<HttpAnswer> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded;charset=utf-8', accept: 'application/json' },
      body: new URLSearchParams(params).toString(),
      signal: AbortSignal.timeout(timeoutMs),
      redirect: 'error',
    });
  } catch (error) {
    throw fetchFailure(error);
  }
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    throw fetchFailure(error);
  }
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    throw new PlatformError('unavailable', `the platform answered HTTP ${response.status} without JSON`);
  }
  return { status: response.status, retryAfter: response.headers.get('retry-after'), body };
}

function fetchFailure(error: unknown): PlatformError {
  const name = error instanceof Error ? error.name : '';
  if (name === 'TimeoutError' || name === 'AbortError') return new PlatformError('timeout', 'the platform did not answer in time');
  return new PlatformError('unavailable', 'the platform could not be reached');
}

/** Seconds to wait from a Retry-After header or a throttling message ("This ban will last 3 more seconds"). */
export function retryHintSeconds(retryAfter: string | null, message: string): number | null {
  const header = retryAfter === null ? NaN : Number(retryAfter);
  if (Number.isFinite(header) && header >= 0) return header;
  const match = /(\d+)\s*(?:more\s+)?seconds?/i.exec(message);
  return match ? Number(match[1]) : null;
}

/** Yuan as the platforms write it ("12.30", 12.3) to fen; null for anything that is not an amount. */
export function yuanToFen(value: unknown): bigint | null {
  const text = typeof value === 'number' ? value.toFixed(2) : typeof value === 'string' ? value.trim() : '';
  const match = /^(\d{1,12})(?:\.(\d{1,2})\d*)?$/.exec(text);
  if (!match) return null;
  return BigInt(match[1] ?? '0') * 100n + BigInt((match[2] ?? '').padEnd(2, '0'));
}

/** Fen as an integer the platforms write (Taobao's amounts are fen); null otherwise. */
export function fenOf(value: unknown): bigint | null {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return BigInt(value);
  if (typeof value === 'string' && /^\d{1,15}$/.test(value)) return BigInt(value);
  return null;
}

export const fenToYuan = (fen: bigint) => `${fen / 100n}.${(fen % 100n).toString().padStart(2, '0')}`;

/** Waits, or gives up when the signal says so. */
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A narrow reader of untyped JSON: the platforms' answers are read field by field, never trusted whole. */
export const obj = (value: unknown): Record<string, unknown> => (value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {});
export const arr = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
export const str = (value: unknown): string => (typeof value === 'string' ? value : typeof value === 'number' || typeof value === 'bigint' ? String(value) : '');
export const int = (value: unknown): number => {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
  return Number.isFinite(n) ? Math.max(0, Math.trunc(n)) : 0;
};
