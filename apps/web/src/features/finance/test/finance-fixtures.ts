import { vi } from 'vitest';
import type { Envelope } from '@portal/shared/api';
import type { DictOption } from '@portal/shared/sys';
import type { RateApplyRecord, RateRecord, RechargeRecord, StatementDetail } from '@portal/shared/finance-schemas';
import { useAuth } from '../../../lib/auth.ts';
import { changeLanguage, i18n } from '../../../lib/i18n.ts';

/** A request a screen sent: method, URL, headers and JSON body. */
export type Call = { method: string; url: URL; headers: Record<string, string>; body: unknown };

/** The server's refusal: an HTTP status with the envelope's message. */
export const refuse = (status: number, message: string) =>
  new Response(JSON.stringify({ success: false, message, code: status, result: null, timestamp: 0 }), { status, headers: { 'Content-Type': 'application/json' } });

/** Replaces fetch with `answer` (the envelope's result, or a Response); returns the calls seen. */
export function stubServer(answer: (call: Call) => unknown): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const call: Call = {
      method: init?.method ?? 'GET',
      url: new URL(String(input), 'http://portal.test'),
      headers: { ...(init?.headers as Record<string, string> | undefined) },
      body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
    };
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

/** Signed in with these button codes and the Currency dictionary, in English. */
export function signInWith(codes: readonly string[]): void {
  useAuth.setState({
    dictionaries: { Currency: [option('CNY', 'Chinese Yuan'), option('USD', 'US Dollar'), option('JPY', 'Japanese Yen'), option('HKD', 'Hong Kong Dollar')] },
    permissions: { menu: [], auth: codes.map((action) => ({ action, describe: action, type: '1', status: '1' })), allAuth: [] },
  });
}

export function signOut(): void {
  useAuth.setState({ dictionaries: null, permissions: null, userInfo: null });
}

/** English, with the finance texts loaded (a page would suspend for them). */
export async function inEnglish(): Promise<void> {
  await changeLanguage('en-US');
  await i18n.loadNamespaces('finance');
}

/** The calls that change something (lists are POST too: these are the ones to `path`). */
export const callsTo = (calls: Call[], path: string) => calls.filter((call) => call.url.pathname === path);

export const recharge = (overrides: Partial<RechargeRecord> = {}): RechargeRecord => ({
  id: 7,
  rechargeNo: 'RC2603010000007',
  status: 'SUBMITTED',
  transferCurrency: 'USD',
  transferAmount: '1000.00',
  receivedCurrency: 'CNY',
  receivedAmount: '7234.50',
  rate: '7.2345',
  inverseRate: '0.1382265533',
  unrechargedAmount: '7234.50',
  rateApplyNo: null,
  payerName: 'Demo Trading Ltd',
  payerAccount: '123-456',
  receivingAccountCode: 'US-CITI',
  receivingBank: 'Citibank N.A. Hong Kong',
  receivingAccountNo: '391-0098-765432',
  transferredAt: '2026-03-01T02:00:00.000Z',
  remark: '',
  rejectReason: '',
  vouchers: [],
  createdBy: 'Chen Da Wen',
  submittedAt: '2026-03-01T03:00:00.000Z',
  decidedBy: '',
  decidedAt: null,
  postedAt: null,
  createdAt: '2026-03-01T02:30:00.000Z',
  tenantId: 1,
  tenantName: 'Demo Trading',
  ...overrides,
});

export const rate = (overrides: Partial<RateRecord> = {}): RateRecord => ({
  id: 1,
  baseCurrency: 'USD',
  quoteCurrency: 'CNY',
  rate: '7.2345',
  inverseRate: '0.1382265533',
  effectiveFrom: '2026-03-01T00:00:00.000Z',
  current: false,
  remark: '',
  createdBy: 'Finance',
  createdAt: '2026-03-01T00:00:00.000Z',
  ...overrides,
});

export const rateApply = (overrides: Partial<RateApplyRecord> = {}): RateApplyRecord => ({
  id: 3,
  applyNo: 'RA2603010000003',
  status: 'DRAFT',
  baseCurrency: 'USD',
  quoteCurrency: 'CNY',
  amount: '5000.00',
  requestedRate: '7.25',
  approvedRate: null,
  marketRate: '7.2345',
  validUntil: null,
  reason: 'Large order',
  decisionRemark: '',
  createdBy: 'Chen Da Wen',
  decidedBy: '',
  decidedAt: null,
  createdAt: '2026-03-01T02:30:00.000Z',
  tenantId: 1,
  tenantName: 'Demo Trading',
  ...overrides,
});

export const statement = (overrides: Partial<StatementDetail> = {}): StatementDetail => ({
  id: 11,
  month: '2026-02',
  currency: 'CNY',
  opening: '1000.00',
  credits: '7234.50',
  debits: '-1234.56',
  closing: '6999.94',
  entryCount: 2,
  remark: '',
  generatedBy: 'Chen Da Wen',
  generatedAt: '2026-03-01T02:30:00.000Z',
  lines: [
    { id: 1, journalId: 1, kind: 'RECHARGE', refNo: 'RC2602010000001', memo: 'Recharge', currency: 'CNY', amount: '7234.50', balance: '8234.50', postedAt: '2026-02-03T02:00:00.000Z', tenantId: 1, tenantName: 'Demo Trading' },
    { id: 2, journalId: 2, kind: 'PAYMENT', refNo: 'PY2602010000001', memo: 'Freight', currency: 'CNY', amount: '-1234.56', balance: '6999.94', postedAt: '2026-02-04T02:00:00.000Z', tenantId: 1, tenantName: 'Demo Trading' },
  ],
  ...overrides,
});
