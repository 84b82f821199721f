import { describe, expect, test } from 'vitest';
import { useBrowserSuite, type Language } from './support/browser-suite.ts';
import type { Role } from './support/sessions.ts';
import { fillOrder, orderNoIn, orderRows, searchOrders } from './support/orders.ts';
import { choose, signedIn as signedInAs, toast } from './support/portal.ts';

/**
 * An order's journey across the three parties, one after the other in fresh browsers: a merchant creates an order,
 * the warehouse receives, measures and ships it, and the events appear on the merchant's timeline and
 * on the public tracking page, which shows nothing private.
 */
const suite = useBrowserSuite();

const signedIn = (username: Role, language: Language, at: string) => signedInAs(suite, username, { language, viewport: { width: 1366, height: 900 }, at });

describe('an order from the merchant to the public tracking page', () => {
  test('created by the merchant, received and shipped by the warehouse, followed by anyone', { timeout: 240_000 }, async () => {
    const merchantNo = `JOURNEY-${Date.now().toString(36).toUpperCase()}`;

    // ---- the merchant creates it by hand
    const merchant = await signedIn('merchant', 'en-US', '/logistics/international-order');
    await merchant.getByTestId('order-create').click();
    await fillOrder(merchant, merchantNo, { service: 'Basic', country: 'Taiwan', warehouse: 'Shenzhen warehouse' });
    await merchant.getByTestId('order-form-submit').click();
    const created = toast(merchant, 'Order created');
    await created.waitFor();
    const orderNo = orderNoIn((await created.textContent()) ?? '');
    expect(orderNo).toMatch(/^LO\d{14}$/);

    // ---- the warehouse scans it in with what it measured, then ships it with a waybill
    const warehouse = await signedIn('warehouse', 'zh-TW', '/warehouse/receive');
    await choose(warehouse, 'receive_warehouseCode', '深圳倉');
    await warehouse.locator('#receive_number').fill(orderNo);
    for (const [id, value] of [['receive_weight', '1.480'], ['receive_length', '32'], ['receive_width', '22'], ['receive_height', '11']] as const) await warehouse.locator(`#${id}`).fill(value);
    await warehouse.locator('#receive_number').press('Enter');
    await expect.poll(() => warehouse.getByTestId('receive-result').textContent()).toContain(orderNo);
    expect(await warehouse.getByTestId('receive-tenant').textContent()).toBe('Demo Trading');

    const waybillNo = `WBJ${Date.now()}`;
    await warehouse.goto('/warehouse/ship-out');
    await warehouse.locator('#shipOut_orderNos').waitFor();
    await warehouse.locator('#shipOut_orderNos').fill(orderNo);
    await warehouse.locator('#shipOut_waybillNo').fill(waybillNo);
    await warehouse.getByTestId('ship-out-submit').click();
    await warehouse.locator('.ant-popconfirm:visible .ant-btn-primary').click();
    const results = warehouse.getByTestId('ship-out-results').locator('tbody tr.ant-table-row');
    await expect.poll(() => results.first().textContent()).toContain('成功');

    // ---- the merchant's timeline shows both moves, newest first, with the measured weight
    const merchantAgain = await signedIn('merchant', 'en-US', '/logistics/international-order');
    await searchOrders(merchantAgain, 'merchantOrderNo', merchantNo);
    const row = orderRows(merchantAgain).filter({ hasText: merchantNo });
    await expect.poll(() => row.textContent()).toContain('Left warehouse');
    await row.getByTestId('order-link').click();
    await merchantAgain.getByTestId('order-detail').waitFor();
    const timeline = merchantAgain.getByTestId('order-detail-tracking');
    await expect.poll(() => timeline.textContent()).toContain('Parcel left the warehouse');
    const text = (await timeline.textContent()) ?? '';
    expect(text.indexOf('Parcel left the warehouse')).toBeLessThan(text.indexOf('Parcel received at the warehouse'));
    expect(text.indexOf('Parcel received at the warehouse')).toBeLessThan(text.indexOf('Order created'));
    expect(await merchantAgain.getByTestId('order-detail-fees').textContent()).toContain('1.480');

    // ---- anyone follows it by its waybill, without signing in, and learns nothing private
    const visitor = await suite.newPage({ language: 'en-US' });
    await visitor.goto(`/yesstyleTrack/${waybillNo}`);
    const card = visitor.getByTestId('track-result');
    await card.waitFor();
    expect(await card.getAttribute('data-found')).toBe('true');
    expect(await visitor.getByTestId('track-order-no').textContent()).toBe(orderNo);
    expect(await visitor.getByTestId('milestones').locator('[data-state="current"]').textContent()).toContain('Left warehouse');
    const publicText = (await visitor.locator('body').textContent()) ?? '';
    expect(publicText).toContain('Parcel received at the warehouse');
    for (const secret of [merchantNo, 'Chen Da-wen', '0912-345-678', 'Shifu Road', 'Demo Trading', 'Oolong tea']) expect(publicText).not.toContain(secret);
  });
});
