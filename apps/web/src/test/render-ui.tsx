import type { ReactElement, ReactNode } from 'react';
import { configure, render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import { StyleProvider } from '@ant-design/cssinjs';
import zhTW from 'antd/locale/zh_TW';
import { vi } from 'vitest';
import type { Envelope } from '@portal/shared/api';

// antd's lazy popups and animations under happy-dom can take more than the default 1 s on a busy machine
configure({ asyncUtilTimeout: 5_000 });

/** A fresh query client per test: no retries, nothing cached between tests. */
export function testQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity } } });
}

/**
 * Where antd writes its styles: by default nowhere. In happy-dom's document they made every getComputedStyle
 * (the visibility checks of testing-library's role queries and of user-event) match hundreds of rules, a third
 * of the component tests' time; written outside the document they were still built for each component, a sixth
 * of what was left: by default antd builds none (its `zeroRuntime`), and what it writes all the same goes to an
 * element outside the document (decision 0034). A test that depends on what the styles do (the keyboard skipping
 * an element they hide) asks for them with `{ styles: 'document' }`.
 */
export type StylesOption = { styles?: 'document' | 'detached' };
/** The element outside the document that holds antd's styles (emptied after each file, by setup.ts). */
export const detachedStyles = document.createElement('div');

export function TestProviders({ children, client, styles = 'detached' }: { children: ReactNode; client?: QueryClient } & StylesOption) {
  return (
    <QueryClientProvider client={client ?? testQueryClient()}>
      {/* the default language's antd texts, as the app's providers give them; no styles unless asked for */}
      <StyleProvider container={styles === 'document' ? document.head : detachedStyles}>
        <ConfigProvider locale={zhTW} theme={styles === 'document' ? undefined : { zeroRuntime: true }}>
          <AntApp>{children}</AntApp>
        </ConfigProvider>
      </StyleProvider>
    </QueryClientProvider>
  );
}

/** Renders inside what every page has: TanStack Query, antd's zh-TW locale and its App (message, modal). */
export function renderUi(ui: ReactElement, client = testQueryClient(), { styles }: StylesOption = {}) {
  return { client, ...render(<TestProviders client={client} styles={styles}>{ui}</TestProviders>) };
}

/** A request a screen sent: method, URL, JSON body (or the multipart form) and headers (names in lower case). */
export type FetchCall = { method: string; url: URL; body: unknown; form: FormData | null; headers: Record<string, string> };

/**
 * Replaces fetch: `answer` gets each request and returns the envelope's result (or a Response for
 * anything else). Returns the calls seen, for assertions.
 */
export function stubFetch(answer: (call: FetchCall) => unknown): FetchCall[] {
  const calls: FetchCall[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const call: FetchCall = {
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

/** The server's refusal: an HTTP status with the envelope's message. */
export const refuse = (status: number, message: string) =>
  new Response(JSON.stringify({ success: false, message, code: status, result: null, timestamp: 0 }), { status, headers: { 'Content-Type': 'application/json' } });

export const pageOf = <T,>(records: T[]) => ({ records, total: records.length, current: 1, size: 10, pages: 1 });
