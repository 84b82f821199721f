import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { changeLanguage } from '../../../lib/i18n.ts';
import { storage, STORAGE_KEYS } from '../../../lib/storage.ts';
import { inEnglish, signOut } from '../../../test/fixtures.ts';
import { pageOf, refuse, renderUi, stubFetch, type FetchCall } from '../../../test/render-ui.tsx';
import type { RechargeReviewPreview as RechargePreview } from '@portal/shared/finance-schemas';
import { callsTo, recharge, signInWith } from '../test/finance-fixtures.ts';
import { RechargeReviewPage } from './recharge-review-page.tsx';

const LIST = '/platform-api/finance/review/recharge/list';
const PREVIEW = '/platform-api/finance/virtualWallet/recharge/confirm';
const DECIDE = '/platform-api/finance/virtualWallet/recharge/confirm/submit';
const CODES = ['finance:recharge-review:list', 'finance:recharge-review:approve', 'finance:recharge-review:reject', 'finance:recharge-review:reverse'];

const submitted = recharge({
  vouchers: [
    { id: 5, name: 'wire.png', mimeType: 'image/png', size: 2048 },
    { id: 6, name: 'advice.pdf', mimeType: 'application/pdf', size: 4096 },
  ],
});
const preview: RechargePreview = { record: submitted, rate: '7.2345', inverseRate: '0.1382265533', creditAmount: '7234.50', rateApplyNo: null, reason: '' };

/** The platform's server: the list, the preview, the vouchers' bytes, and `decide` for confirm/submit. */
function serve(decide: (call: FetchCall) => unknown): FetchCall[] {
  return stubFetch((call) => {
    if (call.url.pathname === LIST) return pageOf([submitted]);
    if (call.url.pathname === PREVIEW) return preview;
    if (call.url.pathname.startsWith('/platform-api/finance/review/recharge/credentials/')) return new Response(new Blob(['%PNG']), { status: 200, headers: { 'Content-Type': 'image/png' } });
    if (call.url.pathname === DECIDE) return decide(call);
    return new Response(null, { status: 404 });
  });
}

async function openReview() {
  renderUi(<RechargeReviewPage />);
  await userEvent.click(within((await screen.findByText('Demo Trading')).closest('tr')!).getByRole('button', { name: 'Review' }));
  return screen.findByTestId('recharge-review');
}

const dialogTitled = async (title: string) => (await screen.findByText(title)).closest<HTMLElement>('.ant-modal')!;

describe('recharge review (platform)', { timeout: 60_000 }, () => {
  beforeAll(async () => {
    await inEnglish('finance');
    URL.createObjectURL = vi.fn(() => 'blob:voucher');
    URL.revokeObjectURL = vi.fn();
  });
  afterAll(() => changeLanguage('zh-TW'));
  afterEach(() => {
    cleanup();
    signOut();
    vi.unstubAllGlobals();
  });

  it('shows the vouchers fetched with the token, and what approving credits at the rate of now', async () => {
    signInWith(CODES);
    storage.set(STORAGE_KEYS.token, 'finance-token');
    const calls = serve(() => new Response(null, { status: 404 }));
    const review = await openReview();
    expect(within(review).getByTestId('recharge-credit-amount').textContent).toBe('7,234.50 CNY');
    expect(within(review).getAllByText('7.2345').length).toBeGreaterThan(0);
    const image = await within(review).findByRole('img', { name: 'wire.png' });
    expect(image.getAttribute('src')).toBe('blob:voucher');
    expect(within(await within(review).findByTestId('voucher-pdf')).getByRole('link', { name: /Open PDF/ }).getAttribute('href')).toBe('blob:voucher');
    const voucherCalls = calls.filter((call) => call.url.pathname.includes('/credentials/'));
    expect(voucherCalls.map((call) => [call.method, call.url.pathname, call.headers['x-access-token']])).toEqual([
      ['GET', '/platform-api/finance/review/recharge/credentials/5', 'finance-token'],
      ['GET', '/platform-api/finance/review/recharge/credentials/6', 'finance-token'],
    ]);
    // the list asked for the review queue
    expect(callsTo(calls, LIST)[0]!.body).toMatchObject({ status: 'SUBMITTED', pageNo: 1 });
  });

  it('rejects only with a reason, and sends the same Idempotency-Key when the rejection is retried', async () => {
    signInWith(CODES);
    let failures = 1;
    const calls = serve(() => (failures-- > 0 ? refuse(503, 'Service unavailable, try again') : recharge({ status: 'REJECTED', rejectReason: 'Voucher unreadable' })));
    await openReview();
    await userEvent.click(screen.getByTestId('recharge-reject'));
    const dialog = await dialogTitled('Reject recharge RC2603010000007');
    await userEvent.type(within(dialog).getByLabelText('Reason'), '   ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText('Reason is required')).toBeTruthy();
    expect(callsTo(calls, DECIDE)).toEqual([]);

    await userEvent.type(within(dialog).getByLabelText('Reason'), ' Voucher unreadable ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect((await within(dialog).findByTestId('server-error')).textContent).toBe('Service unavailable, try again');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText(/^Recharge RC\S+ rejected$/)).toBeTruthy();

    const sent = callsTo(calls, DECIDE);
    expect(sent.map((call) => call.body)).toEqual([
      { id: 7, approve: false, reason: 'Voucher unreadable' },
      { id: 7, approve: false, reason: 'Voucher unreadable' },
    ]);
    const key = sent[0]!.headers['idempotency-key'];
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    expect(sent[1]!.headers['idempotency-key']).toBe(key);
  });

  it('keeps the four-eyes refusal in the approve dialog', async () => {
    signInWith(CODES);
    const calls = serve(() => refuse(409, 'You submitted this recharge: another finance user must decide on it'));
    await openReview();
    await userEvent.click(screen.getByTestId('recharge-approve'));
    const dialog = await dialogTitled('Approve recharge RC2603010000007?');
    expect(within(dialog).getByText('7,234.50 CNY will be credited to the CNY wallet of Demo Trading; once credited it can only be reversed.')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve and credit' }));
    expect((await within(dialog).findByTestId('server-error')).textContent).toBe('You submitted this recharge: another finance user must decide on it');
    expect(callsTo(calls, DECIDE).map((call) => call.body)).toEqual([{ id: 7, approve: true, reason: '' }]);
    await waitFor(() => expect(screen.getByText('Approve recharge RC2603010000007?')).toBeTruthy());
  });

  it('filters by a merchant found by a part of its name, and sends its id', async () => {
    signInWith(CODES);
    const calls = stubFetch((call) => {
      if (call.url.pathname === '/api/sys/tenant/options') return call.url.searchParams.get('keyword') === 'harb' ? [{ value: 2, label: 'Harbour Imports' }] : [{ value: 1, label: 'Demo Trading' }, { value: 2, label: 'Harbour Imports' }];
      if (call.url.pathname === LIST) return pageOf([submitted]);
      return new Response(null, { status: 404 });
    });
    renderUi(<RechargeReviewPage />);
    await screen.findByText('Demo Trading');
    const merchant = screen.getByLabelText('Merchant');
    await userEvent.type(merchant, 'harb');
    await waitFor(() => expect(callsTo(calls, '/api/sys/tenant/options').some((call) => call.url.searchParams.get('keyword') === 'harb')).toBe(true));
    await userEvent.click(await screen.findByTitle('Harbour Imports'));
    await userEvent.click(screen.getByRole('button', { name: /Search/ }));
    await waitFor(() => expect(callsTo(calls, LIST).at(-1)?.body).toMatchObject({ tenantId: 2 }));
  });
});
