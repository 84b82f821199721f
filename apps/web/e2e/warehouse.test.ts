import { describe, expect, test } from 'vitest';
import { portalApi } from './support/api.ts';
import { useBrowserSuite } from './support/browser-suite.ts';
import type { Role } from './support/sessions.ts';
import { addOrder } from './support/orders.ts';
import { choose, clickOption, signedIn } from './support/portal.ts';

/*
 * The platform's warehouse screens against the real server, as `warehouse` in zh-TW: a merchant's order
 * is scanned in, shipped out with a waybill and given a line-haul event; then the merchant's home shows
 * the figures that follow from it.
 */

const suite = useBrowserSuite();
const api = portalApi(suite, 'zh-TW');

type ListedOrder = { orderNo: string; status: string; tenantName: string; merchantOrderNo: string; recipientName: string; waybillNo: string | null };
type Page_<T> = { records: T[]; total: number };
type Summary = { byStatus: { status: string; count: number }[]; parcelsInWarehouse: number; openExceptions: number; ordersPerDay: { date: string; count: number }[] };

/** A `merchant` order waiting for the warehouse: one of the demo's, else one created through the merchant's API. */
async function orderToReceive(): Promise<ListedOrder> {
  const warehouse = api.as('warehouse');
  const waiting = await warehouse.get<Page_<ListedOrder>>('/api/warehouse/order/list?status=CREATED,WAIT_COLLECT&pageSize=50');
  const demo = waiting.records.find((order) => order.tenantName === 'Demo Trading');
  if (demo) return demo;
  const created = await addOrder(api.as('merchant'));
  const listed = await warehouse.get<Page_<ListedOrder>>(`/api/warehouse/order/list?orderNo=${created.orderNo}`);
  const order = listed.records[0];
  if (!order) throw new Error(`the new order ${created.orderNo} is not listed`);
  return order;
}

/** A fresh page signed in as `username`, in zh-TW. */
const pageOf = (username: Role, at?: string) => signedIn(suite, username, { language: 'zh-TW', viewport: { width: 1366, height: 900 }, ...(at ? { at } : {}) });

describe('the warehouse screens', () => {
  test('receive by scan, ship out with a waybill, add a line-haul event; the merchant home shows the figures', { timeout: 180_000 }, async () => {
    const order = await orderToReceive();
    const waybillNo = `WBE2E${Date.now()}`;
    // ---- scan in: the warehouse once, then number, Enter, the measures with Enter between them
    const page = await pageOf('warehouse', '/warehouse/receive');
    const number = page.locator('#receive_number');
    await number.waitFor();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('receive_number');
    await choose(page, 'receive_warehouseCode', '深圳倉');
    await number.fill(order.orderNo);
    await number.press('Enter');
    // the weight is missing: the focus goes there rather than sending
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('receive_weight');
    await page.keyboard.type('1.375');
    await page.keyboard.press('Enter');
    await page.keyboard.type('30');
    await page.keyboard.press('Enter');
    await page.keyboard.type('20.5');
    await page.keyboard.press('Enter');
    await page.keyboard.type('10');
    await page.keyboard.press('Enter');
    const result = page.getByTestId('receive-result');
    await result.waitFor();
    expect(await result.textContent()).toContain(order.orderNo);
    expect(await page.getByTestId('receive-tenant').textContent()).toBe('Demo Trading');
    // ready for the next parcel: the number empty and focused, the warehouse remembered
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('receive_number');
    expect(await number.inputValue()).toBe('');
    const remembered = () => Object.entries(window.localStorage).flatMap(([key, stored]) => (key.endsWith(':RECEIVE_WAREHOUSE') ? [(JSON.parse(stored) as { value: string }).value] : []));
    expect(await page.evaluate(remembered)).toEqual(['SZ01']);
    // the same number again is refused, saying it is received already
    await number.fill(order.orderNo);
    for (const [id, value] of [['receive_weight', '2.5'], ['receive_length', '50'], ['receive_width', '40'], ['receive_height', '30']] as const) await page.locator(`#${id}`).fill(value);
    await number.press('Enter');
    await expect.poll(() => page.getByTestId('receive-error').textContent()).toBe('訂單已是「已入庫」，未做任何變更');
    // a scanner then types the next number and Enter; the refused parcel's measure is not sent with
    // it: nothing is sent, the weight waits empty for this parcel's own
    const next = await orderToReceive();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('receive_number');
    await page.keyboard.type(next.orderNo);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('receive_weight');
    expect(await page.locator('#receive_weight').inputValue()).toBe('');
    expect(await page.getByTestId('scan-count').textContent()).toBe('共 2 筆，成功 1 筆');
    // the parcel list shows it received (an order scanned without a parcel of its own has none: then its row is absent, which is fine)
    const warehouse = api.as('warehouse');
    const listed = await warehouse.get<Page_<ListedOrder>>(`/api/warehouse/order/list?orderNo=${order.orderNo}`);
    expect(listed.records[0]?.status).toBe('WHIN');
    expect((await warehouse.get<Page_<ListedOrder>>(`/api/warehouse/order/list?orderNo=${next.orderNo}`)).records[0]?.status).toBe(next.status);

    // ---- ship out: the number pasted with one that does not exist, a waybill, confirmed
    await page.goto('/warehouse/ship-out');
    await page.getByTestId('list-page-warehouse-ship-out').getByText(order.orderNo).waitFor();
    // antd's aria-hidden row that measures the columns repeats the select-all box: hidden, it cannot take the focus (axe aria-hidden-focus)
    expect(await page.locator('.ant-table-measure-row input').evaluateAll((boxes) => boxes.map((box) => getComputedStyle(box).visibility))).toEqual(['hidden']);
    await page.locator('#shipOut_orderNos').fill(`${order.orderNo}\nLO00000000000000`);
    await page.locator('#shipOut_waybillNo').fill(waybillNo);
    expect(await page.getByTestId('ship-out-count').textContent()).toBe('已勾選 0 筆，共 2 個訂單');
    await page.getByTestId('ship-out-submit').click();
    await page.locator('.ant-popconfirm:visible .ant-btn-primary').click();
    const shipped = page.getByTestId('ship-out-results');
    await shipped.waitFor();
    const rows = shipped.locator('tbody tr.ant-table-row');
    await expect.poll(() => rows.count()).toBe(2);
    expect(await rows.nth(0).textContent()).toContain(order.orderNo);
    expect(await rows.nth(0).textContent()).toContain('成功');
    expect(await rows.nth(1).textContent()).toContain('失敗');
    // what failed stays in the box to be looked at
    expect(await page.locator('#shipOut_orderNos').inputValue()).toBe('LO00000000000000');
    const out = await warehouse.get<Page_<ListedOrder>>(`/api/warehouse/order/list?orderNo=${order.orderNo}`);
    expect(out.records[0]).toMatchObject({ status: 'WHOUT', waybillNo });

    // ---- a line-haul event: only the moves the lifecycle allows from WHOUT are offered
    // the form's time is "now" to the whole second: opened within the ship-out's second, the event would sort before it
    await new Promise((resolve) => setTimeout(resolve, 1000 - (Date.now() % 1000)));
    await page.goto('/warehouse/tracking-event');
    await page.getByTestId('event-add').click();
    await page.locator('#trackingEvent_orderNo').fill(order.orderNo);
    await page.locator('#trackingEvent_orderNo').press('Tab');
    await page.getByTestId('event-order').getByText('已出庫').waitFor();
    await page.locator('#trackingEvent_status').click();
    const offered = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
    await expect.poll(() => offered.allTextContents()).toEqual(['不變更（只記錄軌跡）', '跨境運輸中', '已退回', '已遺失']);
    await clickOption(offered.filter({ hasText: '跨境運輸中' }));
    // the choice shows before the save (a CI run once saved the event without its move)
    expect(await page.getByTestId('event-status').textContent()).toContain('跨境運輸中');
    await page.locator('#trackingEvent_location').fill('香港 Hong Kong');
    await page.locator('#trackingEvent_descriptionZhTw').fill('已自香港啟航，前往台灣');
    await page.locator('#trackingEvent_descriptionEnUs').fill('Departed Hong Kong for Taiwan');
    await page.locator('#trackingEvent_carrierCode').fill('DEP');
    await page.getByTestId('event-submit').click();
    await page.getByText('軌跡已新增').waitFor();
    const list = page.getByTestId('list-page-warehouse-tracking-event');
    await list.getByText('已自香港啟航，前往台灣').waitFor();
    expect(await list.locator('tbody tr.ant-table-row').first().textContent()).toContain(order.orderNo);

    const tracked = await api.anonymous.get<{ status: string; events: { description: string; location: string }[] }[]>(`/api/open/track?numbers=${waybillNo}`);
    expect(tracked[0]?.status).toBe('CROSS_BORDER');
    expect(tracked[0]?.events[0]).toMatchObject({ description: '已自香港啟航，前往台灣', location: '香港 Hong Kong' });

    // ---- the merchant's home: every status with its count, as the server counts them, the chart of 30 days
    const home = await pageOf('merchant');
    const figures = home.getByTestId('status-counts');
    await figures.waitFor();
    const summary = await api.as('merchant').get<Summary>('/api/logistics/summary');
    for (const { status, count } of summary.byStatus) expect(await figures.locator(`[data-status="${status}"]`).getAttribute('data-count')).toBe(String(count));
    expect(summary.byStatus.find((entry) => entry.status === 'CROSS_BORDER')?.count).toBeGreaterThan(0);
    expect(await home.getByTestId('parcels-in-warehouse').textContent()).toBe(String(summary.parcelsInWarehouse));
    expect(await home.getByTestId('orders-chart').locator('rect').count()).toBe(30);
    expect(await home.getByTestId('orders-chart').getByRole('img').getAttribute('aria-label')).toMatch(/^近 30 天共 [\d,]+ 筆訂單/);
    // a status leads to the order list filtered by it
    await figures.locator('[data-status="CROSS_BORDER"] a').click();
    await home.waitForURL((url) => url.pathname === '/logistics/international-order' && url.searchParams.get('status') === 'CROSS_BORDER');
  });
});
