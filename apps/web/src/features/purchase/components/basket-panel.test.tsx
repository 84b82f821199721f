import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { BasketRecord, PreOrderDetail } from '@portal/shared/pre-order-schemas';
import { changeLanguage } from '../../../lib/i18n.ts';
import { inEnglish, signIn, signOut } from '../../../test/fixtures.ts';
import { renderUi, stubFetch, type FetchCall } from '../../../test/render-ui.tsx';
import { BasketPanel } from './basket-panel.tsx';

const line = { id: 11, lineNo: 1, itemId: '680000000000', skuId: '100001', title: '2026新款 纯棉 T恤 t-shirt', skuText: '颜色:白色;尺码:M', imageUrl: '', itemUrl: 'https://item.taobao.com/item.htm?id=680000000000', sellerId: '2200000000', storeName: '杭州晨光旗舰店', unitPrice: '39.90', expressFee: '8.00', quantity: 2, amount: '79.80', remark: '' };
const basket: BasketRecord = { id: 3, platform: 'TAOBAO', demo: true, lines: [line], estimate: { goodsAmount: '79.80', expressFee: '8.00', serviceFee: '5.00', totalAmount: '92.80', currency: 'CNY' } };
const submitted = { id: 3, preOrderNo: 'PP26112700000003', status: 'SUBMITTED' } as PreOrderDetail;

const callsTo = (calls: FetchCall[], path: string) => calls.filter((call) => call.url.pathname === `/api/purchase/taobao/${path}`);

function server() {
  return stubFetch(({ url, body }) => {
    if (url.pathname.endsWith('/basket')) return basket;
    if (url.pathname.endsWith('/basket/edit')) return { ...basket, lines: [{ ...line, quantity: (body as { quantity: number }).quantity }] };
    if (url.pathname.endsWith('/basket/delete')) return { ...basket, lines: [] };
    if (url.pathname.endsWith('/preOrder/submit')) return submitted;
    return new Response(null, { status: 404 });
  });
}

const ALL = ['purchase:taobao-pre-order:add', 'purchase:taobao-pre-order:edit', 'purchase:taobao-pre-order:delete', 'purchase:taobao-pre-order:submit'];

function renderBasket(onSubmitted = vi.fn()) {
  renderUi(
    <MemoryRouter initialEntries={['/purchase/taobao/pre-order']}>
      <Routes>
        <Route path="/purchase/taobao/pre-order" element={<BasketPanel platform="TAOBAO" onSubmitted={onSubmitted} />} />
        <Route path="/product-search" element={<p data-testid="search-page">search</p>} />
      </Routes>
    </MemoryRouter>,
  );
  return onSubmitted;
}

describe('the basket', { timeout: 60_000 }, () => {
  beforeAll(() => inEnglish('purchase'));
  afterAll(() => changeLanguage('zh-TW'));
  afterEach(() => {
    cleanup();
    signOut();
    vi.unstubAllGlobals();
  });

  it('shows the lines and the estimate, edits a quantity and submits with the choices', async () => {
    signIn(ALL);
    const calls = server();
    const onSubmitted = renderBasket();
    expect(await screen.findByText(line.title)).toBeTruthy();
    expect(screen.getByText(/Demo data/)).toBeTruthy();
    const estimate = screen.getByTestId('basket-estimate');
    expect(within(estimate).getByText('92.80 CNY')).toBeTruthy();
    expect(within(estimate).getByText('5.00 CNY')).toBeTruthy();

    const quantity = screen.getByTestId('basket-quantity-11');
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '5');
    await userEvent.tab();
    await waitFor(() => expect(callsTo(calls, 'basket/edit').map((call) => call.body)).toEqual([{ lineId: 11, quantity: 5, remark: '' }]));

    await userEvent.click(screen.getByTestId('basket-submit'));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByRole('textbox'), ' gift wrap ');
    await userEvent.click(screen.getByTestId('submit-ok'));
    await waitFor(() => expect(onSubmitted).toHaveBeenCalledWith(submitted));
    expect(callsTo(calls, 'preOrder/submit').map((call) => call.body)).toEqual([{ fallback: 'CONTACT_ME', warehouseCode: 'SZ01', remark: 'gift wrap' }]);
  });

  it('leads to the product search to add goods, and hides what the user may not do', async () => {
    signIn(['purchase:taobao-pre-order:add']);
    server();
    renderBasket();
    expect(await screen.findByText(line.title)).toBeTruthy();
    expect(screen.queryByTestId('basket-submit')).toBeNull();
    expect(screen.queryByTestId('basket-quantity-11')).toBeNull();
    expect(screen.queryByTestId('basket-delete-11')).toBeNull();
    await userEvent.click(screen.getByTestId('basket-add-goods'));
    expect(await screen.findByTestId('search-page')).toBeTruthy();
  });
});
