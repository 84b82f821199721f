import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { changeLanguage } from '../../../lib/i18n.ts';
import { inEnglish, signOut } from '../../../test/fixtures.ts';
import { refuse, renderUi, stubFetch } from '../../../test/render-ui.tsx';
import { purchaseOrder } from '../test/purchasing-fixtures.ts';
import { ConfirmPurchaseDialog } from './confirm-purchase-dialog.tsx';

const CONFIRM = '/api/purchasing/order/confirm';
async function retype(label: string, value: string) {
  const field = screen.getByLabelText(label);
  await userEvent.clear(field);
  if (value) await userEvent.type(field, value);
}
const submit = () => userEvent.click(screen.getByRole('button', { name: 'Submit' }));

describe('the purchase confirmation dialog', { timeout: 60_000 }, () => {
  beforeAll(() => inEnglish('purchasing'));
  afterAll(() => changeLanguage('zh-TW'));
  afterEach(() => {
    cleanup();
    signOut();
    vi.unstubAllGlobals();
  });

  it('refuses missing numbers and amounts with 3 decimals, and sends nothing', async () => {
    const calls = stubFetch(() => purchaseOrder({ status: 'PURCHASED' }));
    renderUi(<ConfirmPurchaseDialog order={purchaseOrder()} onClose={vi.fn()} />);
    await screen.findByRole('dialog');
    expect(screen.getByText(/Estimate .*58\.30/)).toBeTruthy();
    await retype('Domestic express fee', '8.005');
    await retype('Actual payment amount', '-1');
    await submit();
    expect(await screen.findByText('External purchase number is required')).toBeTruthy();
    expect(screen.getAllByText('Enter an amount of 0 or more with at most 2 decimals')).toHaveLength(2);
    expect(calls.filter((call) => call.url.pathname === CONFIRM)).toEqual([]);
  });

  it('sends the spec’s fields as typed, trimmed', async () => {
    const calls = stubFetch(() => purchaseOrder({ status: 'PURCHASED' }));
    const onClose = vi.fn();
    renderUi(<ConfirmPurchaseDialog order={purchaseOrder()} onClose={onClose} />);
    await screen.findByRole('dialog');
    await retype('External purchase number', ' 1688-778899 ');
    await retype('Platform order ID', '4000000000123');
    await retype('Domestic express fee', '8.00');
    await retype('Actual payment amount', '55.10');
    await submit();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.find((call) => call.url.pathname === CONFIRM)?.body).toEqual({
      tenantId: 1,
      id: 31,
      externalPurchaseNo: '1688-778899',
      platformOrderId: '4000000000123',
      domesticExpressFee: '8.00',
      actualPaymentAmount: '55.10',
    });
  });

  it('shows the server’s refusal of a move the state machine does not allow', async () => {
    stubFetch(() => refuse(409, 'Purchase order PC26112700000031 is "Purchased" and cannot become "Purchased"'));
    const onClose = vi.fn();
    renderUi(<ConfirmPurchaseDialog order={purchaseOrder({ externalPurchaseNo: 'E1' })} onClose={onClose} />);
    await screen.findByRole('dialog');
    await retype('Domestic express fee', '0');
    await retype('Actual payment amount', '58.30');
    await submit();
    expect(await screen.findByText('Purchase order PC26112700000031 is "Purchased" and cannot become "Purchased"')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });
});
