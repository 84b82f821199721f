import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ChargeRecord, PaymentPreview, PaymentRecord, RechargeRecord } from '@portal/shared/finance-schemas';
import { changeLanguage } from '../../../lib/i18n.ts';
import { inEnglish, signOut } from '../../../test/fixtures.ts';
import { pageOf, renderUi, stubFetch, type FetchCall } from '../../../test/render-ui.tsx';
import { callsTo, signInWith } from '../test/wallet-fixtures.ts';
import { PayChargesDialog } from './pay-charges-dialog.tsx';
import { RechargeFormDialog } from './recharge-form-dialog.tsx';

/*
 * The wallet's drafts (a recharge, a payment) opened and saved again without a change: what is sent is the draft
 * as the server answered it, amounts as their decimal text, the transfer's time as its instant, the vouchers and
 * charges it holds.
 */

const RATES = { currency: 'USD', rates: [{ baseCurrency: 'USD', quoteCurrency: 'CNY', rate: '7.2345', inverseRate: '0.1382265533', effectiveFrom: '2026-03-01T00:00:00.000Z' }] };

const DRAFT_RECHARGE: RechargeRecord = {
  id: 7,
  rechargeNo: 'RC2603010000007',
  status: 'DRAFT',
  transferCurrency: 'USD',
  transferAmount: '1000.50',
  receivedCurrency: 'CNY',
  receivedAmount: '7238.12',
  rate: '7.2345',
  inverseRate: '0.1382265533',
  unrechargedAmount: '7238.12',
  rateApplyId: null,
  rateApplyNo: null,
  payerName: 'Demo Trading Ltd',
  payerAccount: '123-456-789',
  receivingAccountCode: 'US-CITI',
  receivingBank: 'Citibank N.A. Hong Kong',
  receivingAccountNo: '391-0098-765432',
  transferredAt: '2026-03-01T02:15:00.000Z',
  remark: 'March top-up',
  rejectReason: '',
  vouchers: [{ id: 81, name: 'slip.png', mimeType: 'image/png', size: 2048 }],
  createdBy: 'Chen Da Wen',
  submittedAt: null,
  decidedBy: '',
  decidedAt: null,
  postedAt: null,
  createdAt: '2026-03-01T02:30:00.000Z',
  tenantId: 1,
  tenantName: 'Demo Trading',
};

const charge = (orderId: number, amount: string, draftPaymentNos: string[] = []): ChargeRecord => ({
  orderId,
  orderNo: `LO2603010000000${orderId}`,
  merchantOrderNo: `M-${orderId}`,
  orderStatus: 'WHOUT',
  currency: 'CNY',
  amount,
  createdAt: '2026-03-01T02:00:00.000Z',
  draftPaymentNos,
});

const DRAFT_PAYMENT: PaymentRecord = {
  id: 5,
  paymentNo: 'PY2603010005',
  status: 'DRAFT',
  currency: 'CNY',
  amount: '300.00',
  payee: 'Demo Logistics',
  remark: 'Freight of March',
  lines: [
    { orderId: 2, orderNo: 'LO26030100000002', amount: '120.00', payOrderNo: null, refunded: null },
    { orderId: 1, orderNo: 'LO26030100000001', amount: '180.00', payOrderNo: null, refunded: null },
  ],
  createdBy: 'Chen Da Wen',
  paidBy: '',
  paidAt: null,
  balanceAfter: null,
  createdAt: '2026-03-01T02:30:00.000Z',
};

const PREVIEW: PaymentPreview = {
  currency: 'CNY',
  amount: '300.00',
  balance: '1000.00',
  balanceAfter: '700.00',
  sufficient: true,
  lines: DRAFT_PAYMENT.lines.map(({ orderId, orderNo, amount }) => ({ orderId, orderNo, amount, payable: true, reason: '' })),
};

function server(call: FetchCall): unknown {
  const path = call.url.pathname;
  if (path.endsWith('/queryRate')) return RATES;
  if (path.endsWith('/recharge/edit')) return DRAFT_RECHARGE;
  // the charges list's first page: one of the draft's charges is on a later page
  if (path.endsWith('/payment/charges')) return pageOf([charge(1, '180.00', ['PY2603010005']), charge(3, '35.00')]);
  if (path.endsWith('/payment/confirm')) return PREVIEW;
  if (path.endsWith('/payment/edit')) return DRAFT_PAYMENT;
  return new Response(null, { status: 404 });
}

describe('the wallet: a draft saved again unchanged is sent as it is', { timeout: 60_000 }, () => {
  beforeAll(() => inEnglish('wallet'));
  afterAll(() => changeLanguage('zh-TW'));
  afterEach(() => {
    cleanup();
    signOut();
    vi.unstubAllGlobals();
  });

  it('a recharge draft: what was wired, when, by whom, to which account, the wallet credited and the voucher', async () => {
    signInWith(['wallet:recharge:add']);
    const calls = stubFetch(server);
    renderUi(<RechargeFormDialog open draft={DRAFT_RECHARGE} onClose={vi.fn()} />);
    await screen.findByTestId('recharge-estimate');
    await userEvent.click(screen.getByTestId('recharge-save-draft'));
    await waitFor(() => expect(callsTo(calls, 'recharge/edit')).toHaveLength(1));
    const body = callsTo(calls, 'recharge/edit')[0]?.body as { transferredAt: string };
    expect(Date.parse(body.transferredAt)).toBe(Date.parse(DRAFT_RECHARGE.transferredAt as string));
    expect(body).toEqual({
      id: 7,
      transferCurrency: 'USD',
      transferAmount: '1000.50',
      receivedCurrency: 'CNY',
      receivingAccountCode: 'US-CITI',
      payerName: DRAFT_RECHARGE.payerName,
      payerAccount: DRAFT_RECHARGE.payerAccount,
      transferredAt: body.transferredAt,
      remark: DRAFT_RECHARGE.remark,
      voucherIds: [81],
      draft: true,
    });
  });

  it('a recharge draft that converts at a rate application keeps it', async () => {
    signInWith(['wallet:recharge:add']);
    const calls = stubFetch(server);
    // drafted by another client of the API with the merchant's approved application: the form does not show it
    const draft: RechargeRecord = { ...DRAFT_RECHARGE, rateApplyId: 3, rateApplyNo: 'RA2603010000003', rate: '7.25', receivedAmount: '7253.63', unrechargedAmount: '7253.63' };
    renderUi(<RechargeFormDialog open draft={draft} onClose={vi.fn()} />);
    await screen.findByTestId('recharge-estimate');
    await userEvent.click(screen.getByTestId('recharge-save-draft'));
    await waitFor(() => expect(callsTo(calls, 'recharge/edit')).toHaveLength(1));
    expect(callsTo(calls, 'recharge/edit')[0]?.body).toMatchObject({ id: 7, transferCurrency: 'USD', receivedCurrency: 'CNY', rateApplyId: 3 });
  });

  it("a payment draft: its charges (one beyond the list's first page) and its remark", async () => {
    signInWith(['wallet:payment:edit']);
    const calls = stubFetch(server);
    renderUi(<PayChargesDialog open draft={DRAFT_PAYMENT} onClose={vi.fn()} />);
    await screen.findByRole('row', { name: /LO26030100000001/ });
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Next' }));
    await screen.findByTestId('payment-preview');
    await userEvent.click(screen.getByTestId('payment-save-draft'));
    await waitFor(() => expect(callsTo(calls, 'payment/edit')).toHaveLength(1));
    expect(callsTo(calls, 'payment/edit')[0]?.body).toEqual({ id: 5, orderIds: [2, 1], remark: DRAFT_PAYMENT.remark });
  });
});
