import { vi } from 'vitest';
import type { Envelope } from '@portal/shared/api';
import type { DictOption } from '@portal/shared/sys';
import { useAuth } from '../../../lib/auth.ts';
import { changeLanguage, i18n } from '../../../lib/i18n.ts';

/** A request the screen sent: method, URL, JSON body (or the multipart form) and headers. */
export type Call = { method: string; url: URL; body: unknown; form: FormData | null; headers: Record<string, string> };

/** The server's refusal: an HTTP status with the envelope's message. */
export const refuse = (status: number, message: string) =>
  new Response(JSON.stringify({ success: false, message, code: status, result: null, timestamp: 0 }), { status, headers: { 'Content-Type': 'application/json' } });

/**
 * Replaces fetch with `answer`, which gets every request and returns the envelope's result (or a
 * Response). Returns the calls seen, with their bodies and headers.
 */
export function stubServer(answer: (call: Call) => unknown): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const call: Call = {
      method: init?.method ?? 'GET',
      url: new URL(String(input), 'http://portal.test'),
      body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
      form: init?.body instanceof FormData ? init.body : null,
      headers: Object.fromEntries(Object.entries((init?.headers ?? {}) as Record<string, string>).map(([name, value]) => [name.toLowerCase(), value])),
    };
    calls.push(call);
    const result = await answer(call);
    if (result instanceof Response) return result;
    const body: Envelope<unknown> = { success: true, message: '', code: 200, result, timestamp: Date.now() };
    return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
  });
  return calls;
}

/** The wallet's calls, by their path after /platform-api/finance/virtualWallet/. */
export const WALLET = '/platform-api/finance/virtualWallet/';
export const callsTo = (calls: readonly Call[], path: string) => calls.filter((call) => call.url.pathname === `${WALLET}${path}`);

export const pageOf = <T>(records: T[]) => ({ records, total: records.length, current: 1, size: 10, pages: 1 });

const option = (value: string, text: string): DictOption => ({ value, text, label: text, title: text, color: null });

/** Signed in with these button codes (and the order status dictionary the charges show). */
export function signInWith(codes: readonly string[]): void {
  useAuth.setState({
    dictionaries: { LOGOrderStateEnum: [option('WHIN', 'In warehouse'), option('WHOUT', 'Shipped out')] },
    permissions: { menu: [], auth: codes.map((action) => ({ action, describe: action, type: '1', status: '1' })), allAuth: [] },
  });
}

export function signOut(): void {
  useAuth.setState({ dictionaries: null, permissions: null, userInfo: null });
}

/** English, with the wallet texts loaded (a page would suspend for them). */
export async function inEnglish(): Promise<void> {
  await changeLanguage('en-US');
  await i18n.loadNamespaces('wallet');
}

/** The options list of the select that is open now (antd keeps closed ones in the document, hidden). */
export function openDropdown(): HTMLElement {
  const open = [...document.querySelectorAll<HTMLElement>('.ant-select-dropdown')].filter((element) => !element.className.includes('-hidden'));
  const last = open.at(-1);
  if (!last) throw new Error('no select is open');
  return last;
}
