import type { RateApplyRecord, RateRecord, RechargeRecord, StatementDetail } from '@portal/shared/finance-schemas';
import { dictOption as option, signIn } from '../../../test/fixtures.ts';
import type { FetchCall } from '../../../test/render-ui.tsx';

/** Signed in with these button codes and the Currency dictionary, in English. */
export const signInWith = (codes: readonly string[]) =>
  signIn(codes, { Currency: [option('CNY', 'Chinese Yuan'), option('USD', 'US Dollar'), option('JPY', 'Japanese Yen'), option('HKD', 'Hong Kong Dollar')] });

/** The calls that change something (lists are POST too: these are the ones to `path`). */
export const callsTo = (calls: FetchCall[], path: string) => calls.filter((call) => call.url.pathname === path);

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
  rateApplyId: null,
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
