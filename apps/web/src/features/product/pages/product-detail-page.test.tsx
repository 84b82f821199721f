import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { useAuth } from '../../../lib/auth.ts';
import { changeLanguage, i18n } from '../../../lib/i18n.ts';
import { refuse, renderUi, stubFetch } from '../../../test/render-ui.tsx';
import { DETAIL } from '../test/fixtures.ts';
import { ProductDetailPage } from './product-detail-page.tsx';

const entry = (action: string) => ({ action, describe: action, type: '1', status: '1' });
const grant = (codes: string[]) => useAuth.setState({ permissions: { menu: [], auth: codes.map(entry), allAuth: [] } });

function renderPage(path: string) {
  const router = createMemoryRouter([{ path: '*', element: <ProductDetailPage /> }], { initialEntries: [path] });
  return { router, ...renderUi(<RouterProvider router={router} />) };
}

describe('the product page', { timeout: 30_000 }, () => {
  beforeAll(async () => {
    await changeLanguage('en-US');
    await i18n.loadNamespaces('product');
  });
  afterAll(async () => {
    await changeLanguage('zh-TW');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    useAuth.setState({ permissions: null });
  });

  it('adds the chosen SKU with its quantity and remark to the basket, and links to the pre-purchase orders', async () => {
    grant(['product:search:pre-order']);
    const calls = stubFetch(({ url }) => (url.pathname === '/api/purchase/product/detail' ? DETAIL : { lines: [] }));
    renderPage('/product-search/product?platform=TAOBAO&itemId=680000000000&skuId=2');
    expect((await screen.findByTestId('product-title')).textContent).toBe(DETAIL.title);
    expect(screen.getByTestId('product-demo-tag')).toBeTruthy();
    // the link named white M: its price and stock, the quantity at the minimum order
    expect(screen.getByTestId('product-price').textContent).toContain('24.90');
    expect(screen.getByTestId('product-stock').textContent).toBe('3 in stock');
    expect((screen.getByTestId('product-quantity') as HTMLInputElement).value).toBe('2');
    await userEvent.type(screen.getByTestId('product-remark'), ' gift wrap ');
    await userEvent.click(screen.getByTestId('product-add'));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.url.pathname).toBe('/api/purchase/taobao/basket/add');
    expect(post.body).toEqual({ itemId: '680000000000', skuId: '2', quantity: 2, remark: 'gift wrap' });
    expect((await screen.findByTestId('product-added-link')).getAttribute('href')).toBe('/purchase/taobao/pre-order');
  });

  it("asks for every property first, and shows the server's refusal", async () => {
    grant(['product:search:pre-order']);
    stubFetch(({ url }) => (url.pathname === '/api/purchase/product/detail' ? DETAIL : refuse(409, 'The basket is full')));
    renderPage('/product-search/product?platform=TAOBAO&itemId=680000000000');
    await screen.findByTestId('product-title');
    expect(screen.getByTestId('product-add').hasAttribute('disabled')).toBe(true);
    expect(screen.getByTestId('product-add-reason').textContent).toBe('Choose 颜色 / 尺码');
    await userEvent.click(screen.getByTestId('sku-value-颜色-黑色'));
    await userEvent.click(screen.getByTestId('sku-value-尺码-M'));
    expect(screen.getByTestId('product-add').hasAttribute('disabled')).toBe(false);
    await userEvent.click(screen.getByTestId('product-add'));
    expect((await screen.findByTestId('server-error')).textContent).toContain('The basket is full');
  });

  it('hides the button without the code', async () => {
    grant([]);
    stubFetch(() => DETAIL);
    renderPage('/product-search/product?platform=TAOBAO&itemId=680000000000');
    await screen.findByTestId('product-title');
    expect(screen.queryByTestId('product-add')).toBeNull();
  });

  it('says when a product is missing or the link is incomplete', async () => {
    stubFetch(() => refuse(404, 'Product not found'));
    renderPage('/product-search/product?platform=TAOBAO&itemId=99999999999');
    expect((await screen.findByTestId('product-detail-error')).textContent).toContain('Product not found');
  });

  it('refuses an incomplete link without asking the server', () => {
    const calls = stubFetch(() => DETAIL);
    renderPage('/product-search/product?platform=AMAZON&itemId=1');
    expect(screen.getByTestId('product-bad-link').textContent).toContain('incomplete');
    expect(calls).toHaveLength(0);
  });
});
