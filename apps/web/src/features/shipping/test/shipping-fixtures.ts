import { vi } from 'vitest';
import type { Envelope } from '@portal/shared/api';
import type { DictOption } from '@portal/shared/sys';
import { useAuth } from '../../../lib/auth.ts';
import { changeLanguage, i18n } from '../../../lib/i18n.ts';

/** A request the page sent: method, URL and JSON body. */
export type Call = { method: string; url: URL; body: unknown };

/** The server's refusal: an HTTP status with the envelope's message (a 400 naming a field, a 409 about a state). */
export const refuse = (status: number, message: string) =>
  new Response(JSON.stringify({ success: false, message, code: status, result: null, timestamp: 0 }), { status, headers: { 'Content-Type': 'application/json' } });

/**
 * Replaces fetch with `answer`, which gets every request with its body and returns the envelope's
 * result (or a Response). Returns the calls seen.
 */
export function stubServer(answer: (call: Call) => unknown): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const call: Call = { method: init?.method ?? 'GET', url: new URL(String(input), 'http://portal.test'), body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined };
    calls.push(call);
    const result = await answer(call);
    if (result instanceof Response) return result;
    const body: Envelope<unknown> = { success: true, message: '', code: 200, result, timestamp: Date.now() };
    return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
  });
  return calls;
}

export const pageOf = <T>(records: T[]) => ({ records, total: records.length, current: 1, size: 10, pages: 1 });

const option = (value: string, text: string): DictOption => ({ value, text, label: text, title: text, color: null });

/** The dictionaries the shipping screens read, in English, as cached at sign-in. */
export const DICTIONARIES: Record<string, DictOption[]> = {
  CollectionOrderExceptionConstant: [option('0', 'Pending'), option('1', 'Handled'), option('2', 'Awaiting merchant reply'), option('3', 'Closed'), option('4', 'Cancelled')],
  CollectionExceptionType: [option('DAMAGED', 'Damaged goods'), option('OTHER', 'Other')],
  ExceptionResolution: [option('CONTINUE', 'Ship as is'), option('RESHIP', 'Send again'), option('RETURN', 'Return to merchant'), option('DESTROY', 'Destroy')],
  COLOrderStatusEnum: [
    option('WAIT_PREPARE_GOODS', 'Waiting to prepare goods'),
    option('WAIT_TAKE_GOODS', 'Waiting for pick-up'),
    option('WAIT_CONFIRM_TAKE', 'Pick-up awaiting confirmation'),
    option('FINISH_TAKE_GOODS', 'Pick-up completed'),
  ],
  OrderStatus: [option('CREATED', 'Created'), option('WAIT_COLLECT', 'Awaiting collection')],
  CountryType: [option('TW', 'Taiwan'), option('JP', 'Japan'), option('US', 'United States')],
  ServiceType: [option('BASE', 'Basic'), option('FULL_LINK', 'Full link'), option('HALF_LINK', 'Half link')],
  Currency: [option('CNY', 'Chinese Yuan'), option('JPY', 'Japanese Yen'), option('USD', 'US Dollar')],
  ParcelStatus: [option('FORECAST', 'Forecast'), option('IN_WAREHOUSE', 'In warehouse'), option('SHIPPED', 'Shipped out')],
  LogisticsWarehouse: [option('SZ01', 'Shenzhen warehouse')],
};

/** Signed in with these button codes and the dictionaries above. */
export function signInWith(codes: readonly string[]): void {
  useAuth.setState({
    dictionaries: DICTIONARIES,
    permissions: { menu: [], auth: codes.map((action) => ({ action, describe: action, type: '1', status: '1' })), allAuth: [] },
  });
}

export function signOut(): void {
  useAuth.setState({ dictionaries: null, permissions: null, userInfo: null });
}

/** English, with the shipping texts loaded (a page would suspend for them). */
export async function inEnglish(): Promise<void> {
  await changeLanguage('en-US');
  await i18n.loadNamespaces('shipping');
}
