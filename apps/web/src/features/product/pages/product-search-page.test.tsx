import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { changeLanguage, i18n } from '../../../lib/i18n.ts';
import { refuse, renderUi, stubFetch, type FetchCall } from '../../../test/render-ui.tsx';
import { summary } from '../test/fixtures.ts';
import { ProductSearchPage } from './product-search-page.tsx';

const SHARE_REFUSAL = 'This is a share code or short link: only Taobao can resolve it to a product, and the demo catalogue in use cannot.';

function server(): FetchCall[] {
  return stubFetch(({ url }) => {
    if (url.pathname !== '/api/purchase/product/search') throw new Error(`unexpected ${url.pathname}`);
    const keyword = url.searchParams.get('keyword') ?? '';
    if (keyword.includes('detail.1688.com/offer/710000104729')) return { resolved: { platform: '1688', itemId: '710000104729' }, demo: true };
    if (keyword.includes('￥AbCd1234￥')) return refuse(400, SHARE_REFUSAL);
    const records = keyword === 'cup' ? [summary('680000000001', 'Vacuum cup 保温杯')] : [summary('680000000000', 'T恤 t-shirt'), summary('680000000002', 'Backpack 双肩包')];
    return { records, total: records.length, current: Number(url.searchParams.get('pageNo')), size: Number(url.searchParams.get('pageSize')), pages: 1, demo: true };
  });
}

function renderPage() {
  const router = createMemoryRouter(
    [
      { path: '/product-search', element: <ProductSearchPage /> },
      { path: '/product-search/product', element: <div data-testid="product-page" /> },
    ],
    { initialEntries: ['/product-search'] },
  );
  return { router, ...renderUi(<RouterProvider router={router} />) };
}

const input = () => within(screen.getByTestId('product-keyword')).getByRole('searchbox') as HTMLInputElement;

describe('the product search page', { timeout: 30_000 }, () => {
  beforeAll(async () => {
    await changeLanguage('en-US');
    await i18n.loadNamespaces('product');
  });
  afterAll(async () => {
    await changeLanguage('zh-TW');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows the demo catalogue as cards, marked as demo data, and searches a keyword', async () => {
    const calls = server();
    renderPage();
    expect(await screen.findAllByTestId('product-card')).toHaveLength(2);
    expect(screen.getByTestId('product-demo').textContent).toContain('Demo data');
    expect(calls[0]!.url.searchParams.get('platform')).toBe('TAOBAO');
    await userEvent.type(input(), 'cup{Enter}');
    await waitFor(() => expect(screen.getAllByTestId('product-card')).toHaveLength(1));
    expect(screen.getByTestId('product-card').getAttribute('href')).toBe('/product-search/product?platform=TAOBAO&itemId=680000000001');
    expect(screen.getByTestId('product-card').textContent).toContain('杭州晨光旗舰店');
  });

  it('opens the product page when a link is pasted, whatever platform was chosen', async () => {
    const calls = server();
    const { router } = renderPage();
    await screen.findAllByTestId('product-card');
    fireEvent.paste(input(), { clipboardData: { getData: () => '【1688】保温杯 https://detail.1688.com/offer/710000104729.html 复制打开' } });
    await waitFor(() => expect(router.state.location.pathname).toBe('/product-search/product'));
    expect(router.state.location.search).toBe('?platform=1688&itemId=710000104729');
    expect(calls.at(-1)!.url.searchParams.get('keyword')).toContain('detail.1688.com/offer/710000104729');
  });

  it("shows the server's explanation when a share code is pasted, and stays on the results", async () => {
    server();
    const { router } = renderPage();
    await screen.findAllByTestId('product-card');
    fireEvent.paste(input(), { clipboardData: { getData: () => '￥AbCd1234￥' } });
    expect((await screen.findByTestId('product-refusal')).textContent).toContain(SHARE_REFUSAL);
    expect(router.state.location.pathname).toBe('/product-search');
    expect(screen.getAllByTestId('product-card')).toHaveLength(2);
  });

  it('asks the other platform when it is switched, from the first page', async () => {
    const calls = server();
    renderPage();
    await screen.findAllByTestId('product-card');
    await userEvent.click(screen.getByText('1688'));
    await waitFor(() => expect(calls.at(-1)!.url.searchParams.get('platform')).toBe('1688'));
    expect(calls.at(-1)!.url.searchParams.get('pageNo')).toBe('1');
  });
});
