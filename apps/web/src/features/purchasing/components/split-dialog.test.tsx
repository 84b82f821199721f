import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { changeLanguage } from '../../../lib/i18n.ts';
import { inEnglish, signOut } from '../../../test/fixtures.ts';
import { refuse, renderUi, stubFetch } from '../../../test/render-ui.tsx';
import { line, purchaseOrder, queueDetail } from '../test/purchasing-fixtures.ts';
import { SplitDialog } from './split-dialog.tsx';

const SPLIT = '/api/purchasing/queue/split';
const LINES = [line({ id: 11, lineNo: 1, sellerId: 'S100', quantity: 2 }), line({ id: 12, lineNo: 2, sellerId: 'S200', quantity: 1, title: 'Mug' }), line({ id: 13, lineNo: 3, sellerId: 'S100', quantity: 3, title: 'Socks' })];
const submit = () => userEvent.click(screen.getByRole('button', { name: 'Submit' }));

describe('the split dialog', { timeout: 60_000 }, () => {
  beforeAll(() => inEnglish('purchasing'));
  afterAll(() => changeLanguage('zh-TW'));
  afterEach(() => {
    cleanup();
    signOut();
    vi.unstubAllGlobals();
  });

  it('starts with one purchase order per seller and sends every line in full', async () => {
    const calls = stubFetch(() => queueDetail(LINES, [purchaseOrder(), purchaseOrder({ id: 32 })]));
    const onClose = vi.fn();
    renderUi(<SplitDialog preOrder={queueDetail(LINES)} onClose={onClose} />);
    expect(await screen.findAllByTestId('split-order')).toHaveLength(2);
    await submit();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const sent = calls.filter((call) => call.url.pathname === SPLIT);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toEqual({
      tenantId: 1,
      id: 7,
      orders: [
        { lines: [{ lineId: 11, quantity: 2 }, { lineId: 13, quantity: 3 }] },
        { lines: [{ lineId: 12, quantity: 1 }] },
      ],
    });
  });

  it('shares a seller over two orders, refusing to send while a line is not shared out exactly', async () => {
    const calls = stubFetch(() => queueDetail(LINES));
    renderUi(<SplitDialog preOrder={queueDetail(LINES)} onClose={vi.fn()} />);
    await screen.findAllByTestId('split-order');
    await userEvent.click(screen.getByTestId('split-add-S100'));
    expect(screen.getAllByTestId('split-order')).toHaveLength(3);
    // one of line 1 into the new order (order 3): the first still holds 2, so line 1 is one over
    const third = screen.getByLabelText('Purchase order 3 1');
    await userEvent.clear(third);
    await userEvent.type(third, '1');
    expect(await screen.findByText(/Line 1: 1 too many/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Submit' }).hasAttribute('disabled')).toBe(true);
    const first = screen.getByLabelText('Purchase order 1 1');
    await userEvent.clear(first);
    await userEvent.type(first, '1');
    await waitFor(() => expect(screen.queryByTestId('split-problems')).toBeNull());
    await submit();
    await waitFor(() => expect(calls.filter((call) => call.url.pathname === SPLIT)).toHaveLength(1));
    expect(calls.find((call) => call.url.pathname === SPLIT)?.body).toMatchObject({
      orders: [{ lines: [{ lineId: 11, quantity: 1 }, { lineId: 13, quantity: 3 }] }, { lines: [{ lineId: 12, quantity: 1 }] }, { lines: [{ lineId: 11, quantity: 1 }] }],
    });
  });

  it('shows the server’s refusal and stays open', async () => {
    stubFetch(() => refuse(409, 'Pre-purchase order PP26112700000007 already has its purchase orders'));
    const onClose = vi.fn();
    renderUi(<SplitDialog preOrder={queueDetail(LINES)} onClose={onClose} />);
    await screen.findAllByTestId('split-order');
    await submit();
    expect(await screen.findByText('Pre-purchase order PP26112700000007 already has its purchase orders')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });
});
