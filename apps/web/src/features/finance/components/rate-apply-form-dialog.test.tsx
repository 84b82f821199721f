import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { changeLanguage } from '../../../lib/i18n.ts';
import { inEnglish, signOut } from '../../../test/fixtures.ts';
import { renderUi, stubFetch } from '../../../test/render-ui.tsx';
import { callsTo, rateApply, signInWith } from '../test/finance-fixtures.ts';
import { RateApplyFormDialog } from './rate-apply-form-dialog.tsx';

const ADD = '/api/finance/rateApply/add';
const field = (label: string) => screen.getByLabelText(label);
async function retype(label: string, value: string) {
  await userEvent.clear(field(label));
  if (value) await userEvent.type(field(label), value);
}
async function choose(label: string, option: string) {
  await userEvent.click(field(label));
  const options = await screen.findAllByTitle(option);
  await userEvent.click(options[options.length - 1]!);
}
const submit = () => userEvent.click(screen.getByRole('button', { name: 'Submit' }));

describe('the rate application dialog', { timeout: 60_000 }, () => {
  beforeAll(() => inEnglish('finance'));
  afterAll(() => changeLanguage('zh-TW'));
  afterEach(() => {
    cleanup();
    signOut();
    vi.unstubAllGlobals();
  });

  it('refuses a quote currency equal to the base one and a rate with 11 decimals, and sends nothing', async () => {
    signInWith(['finance:rate-apply:add', 'finance:rate-apply:submit']);
    const calls = stubFetch(() => rateApply());
    renderUi(<RateApplyFormDialog record={null} onClose={vi.fn()} />);
    await screen.findByRole('dialog');
    await choose('Quote currency', 'USD · US Dollar');
    await retype('Amount', '5000');
    await retype('Requested rate', '7.12345678901');
    await retype('Reason', 'Large order');
    await submit();
    expect(await screen.findByText('The quote currency must differ from the base currency')).toBeTruthy();
    expect(screen.getByText('Requested rate: a rate above 0, at most 10 decimals')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(screen.getAllByText('The quote currency must differ from the base currency')).toHaveLength(1));
    expect(callsTo(calls, ADD)).toEqual([]);
  });

  it('sends the rate exactly as typed (10 decimals, trailing zero kept) with an Idempotency-Key', async () => {
    signInWith(['finance:rate-apply:add', 'finance:rate-apply:submit']);
    const onClose = vi.fn();
    const calls = stubFetch(() => rateApply({ status: 'SUBMITTED' }));
    renderUi(<RateApplyFormDialog record={null} onClose={onClose} />);
    await screen.findByRole('dialog');
    await choose('Quote currency', 'HKD · Hong Kong Dollar');
    await retype('Amount', '5000.50');
    await retype('Requested rate', '7.8123456780');
    await retype('Reason', ' Large order ');
    await submit();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [sent] = callsTo(calls, ADD);
    expect(sent!.body).toEqual({ baseCurrency: 'USD', quoteCurrency: 'HKD', amount: '5000.50', requestedRate: '7.8123456780', reason: 'Large order', draft: false });
    expect(sent!.headers['idempotency-key']).toMatch(/^[0-9a-f]{32}$/);
  });

  it('saves an untouched draft as it is: currencies, the amount and the rate as stored, the reason', async () => {
    signInWith(['finance:rate-apply:edit']);
    const record = rateApply({ baseCurrency: 'JPY', quoteCurrency: 'CNY', amount: '500000', requestedRate: '0.0482500000', reason: 'Spring stock, paid in yen' });
    const calls = stubFetch(() => record);
    renderUi(<RateApplyFormDialog record={record} onClose={vi.fn()} />);
    await screen.findByRole('dialog');
    await userEvent.click(screen.getByTestId('rate-apply-draft'));
    await waitFor(() => expect(callsTo(calls, '/api/finance/rateApply/edit')).toHaveLength(1));
    expect(callsTo(calls, '/api/finance/rateApply/edit')[0]?.body).toEqual({ id: 3, baseCurrency: 'JPY', quoteCurrency: 'CNY', amount: '500000', requestedRate: '0.0482500000', reason: record.reason, draft: true });
  });
});
