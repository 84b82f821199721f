import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { portalApi } from './support/api.ts';
import { useBrowserSuite, type Language } from './support/browser-suite.ts';
import { shippedOrder, type Shipment } from './support/orders.ts';
import { openPage } from './support/portal.ts';

/*
 * The public tracking page (/track, /yesstyleTrack/{number}) without a session: an order the warehouse
 * received, shipped with a waybill and moved to cross-border transit (set up through the API), found
 * by its order or waybill number, with its milestones and timeline, in zh-TW and en-US; a junk number
 * not found; nothing private on the page. Its accessibility, with a shipment found and a number not, is the
 * sweep's (accessibility.test.ts).
 */

const suite = useBrowserSuite();
const api = portalApi(suite, 'zh-TW');

/** A merchant order of its own (known recipient), received, shipped with a waybill and moved on by a carrier event: once per file. */
let shipment: Promise<Shipment> | undefined;
const prepared = () => (shipment ??= shippedOrder(api));

const openTracking = (pathname: string, language: Language) => openPage(suite, pathname, { language, viewport: { width: 1280, height: 900 } });

const stepStates = (page: Page, index = 0) => page.getByTestId('track-result').nth(index).locator('[data-testid="milestones"] > li').evaluateAll((items) => items.map((item) => item.getAttribute('data-state')));

/** The private data of the order and its merchant: none of it may be on the public page. */
async function expectNothingPrivate(page: Page, { order, phone }: Shipment): Promise<void> {
  const text = (await page.locator('body').textContent()) ?? '';
  for (const secret of [order.recipientName, phone, '追蹤路 88 號', order.merchantOrderNo, order.tenantName, '陶瓷馬克杯', order.freight ?? 'no freight'].filter(Boolean)) expect(text, secret).not.toContain(secret);
}

describe('the public tracking page', () => {
  test('zh-TW, opened for the order number: its status, the milestone bar and the timeline by day, nothing private', async () => {
    const shipped = await prepared();
    const page = await openTracking(`/yesstyleTrack/${shipped.order.orderNo}`, 'zh-TW');
    const result = page.getByTestId('track-result');
    await result.waitFor();
    // no session: the page works signed out
    expect(await page.evaluate(() => window.localStorage.getItem('pro__Access-Token'))).toBeNull();
    expect(await page.locator('#track_numbers').inputValue()).toBe(shipped.order.orderNo);
    // the public's heading names the service, not the merchants' back office
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('跨境集運');
    expect(await result.getByRole('heading', { level: 3 }).textContent()).toBe(shipped.order.orderNo);
    expect(await result.getByTestId('track-status').textContent()).toContain('跨境運輸中');
    expect(await result.getByTestId('track-destination').textContent()).toBe('台灣');
    expect(await stepStates(page)).toEqual(['reached', 'reached', 'reached', 'reached', 'current', 'ahead', 'ahead', 'ahead']);
    const events = result.getByTestId('timeline-event');
    // newest first: the carrier's event, then ship-out, warehouse-in, creation
    expect(await events.count()).toBe(4);
    expect(await events.nth(0).textContent()).toContain('已自香港啟航，前往台灣');
    expect(await events.nth(0).textContent()).toContain('香港 Hong Kong');
    expect(await events.nth(1).textContent()).toContain('包裹已出庫');
    expect(await events.nth(3).textContent()).toContain('訂單已建立');
    expect(await result.getByTestId('track-exception').count()).toBe(0);
    await expectNothingPrivate(page, shipped);
  });

  test('en-US, by waybill number with a junk one: found with its order number and English events, the junk not found; switching language asks again', async () => {
    const shipped = await prepared();
    const page = await openTracking('/track', 'en-US');
    const box = page.getByLabel('Numbers to track');
    await box.fill(`${shipped.waybillNo}\nJUNK-0000-NOPE`);
    expect(await page.getByTestId('track-count').textContent()).toBe('2 / 40 numbers');
    await page.getByTestId('track-submit').click();
    await page.getByTestId('track-summary').getByText('2 numbers: 1 found, 1 not found').waitFor();
    // the search is in the address, to share or reload
    expect(new URL(page.url()).search).toBe(`?numbers=${shipped.waybillNo},JUNK-0000-NOPE`);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Cross-border Shipping');
    const results = page.getByTestId('track-result');
    expect(await results.count()).toBe(2);
    expect(await results.nth(0).getByTestId('track-order-no').textContent()).toBe(shipped.order.orderNo);
    expect(await results.nth(0).getByTestId('track-status').textContent()).toContain('In cross-border transit');
    expect(await results.nth(0).getByTestId('timeline-event').first().textContent()).toContain('Departed Hong Kong for Taiwan');
    expect(await results.nth(0).getByTestId('track-destination').textContent()).toBe('Taiwan');
    expect(await stepStates(page)).toEqual(['reached', 'reached', 'reached', 'reached', 'current', 'ahead', 'ahead', 'ahead']);
    expect(await results.nth(1).getByRole('heading', { level: 3 }).textContent()).toBe('JUNK-0000-NOPE');
    expect(await results.nth(1).getByTestId('track-not-found').textContent()).toContain('No shipment found');
    expect(await results.nth(1).getByTestId('milestones').count()).toBe(0);
    await expectNothingPrivate(page, shipped);

    // the events' words come in the page's language: a switch asks the server again
    await page.getByTestId('user-language-switch').getByRole('button', { name: '繁體中文' }).click();
    await page.getByTestId('track-summary').getByText('共 2 個單號：找到 1 個，未找到 1 個').waitFor();
    await expect.poll(() => results.nth(0).getByTestId('timeline-event').first().textContent()).toContain('已自香港啟航，前往台灣');
  });

  test('refuses more than 40 numbers before asking the server', async () => {
    const page = await openTracking('/track', 'zh-TW');
    let lookups = 0;
    page.on('request', (request) => {
      if (request.url().includes('/api/open/track')) lookups++;
    });
    await page.locator('#track_numbers').fill(Array.from({ length: 41 }, (_, index) => `N${index}`).join(','));
    await page.getByTestId('track-submit').click();
    await page.getByText('一次最多查詢 40 個單號，目前有 41 個').waitFor();
    expect(lookups).toBe(0);
  });
});
