import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { portalApi } from './support/api.ts';
import { useBrowserSuite, type Language } from './support/browser-suite.ts';
import { addOrder } from './support/orders.ts';
import { choose, listOn, rowWith, search, shot, signedIn, visit } from './support/portal.ts';

/**
 * Package management, pick-up batches, collection exceptions and rate cards in Chromium against the real
 * server (embedded database, demo data): the merchant's side and the warehouse's, in turn.
 */
const suite = useBrowserSuite();
const api = portalApi(suite, 'en-US');

async function pickTime(page: Page, inputId: string, value: string) {
  const input = page.locator(`#${inputId}`);
  await input.click();
  await input.fill(value);
  await input.press('Enter');
}

/** A future time the pickers accept, in their format. */
const inDays = (days: number) => {
  const date = new Date(Date.now() + days * 86_400_000);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())} 10:00`;
};

describe('shipping screens', () => {
  test('the merchant forecasts a parcel, is refused a duplicate, and deletes it', async () => {
    const page = await signedIn(suite, 'merchant', { language: 'en-US', at: '/logistics/package' });
    const list = await listOn(page, 'logistics-package');
    const trackingNo = `SF${Date.now()}`;

    await list.getByTestId('parcel-add').click();
    let dialog = page.getByRole('dialog', { name: 'Forecast Package' });
    await dialog.getByLabel('Tracking number').fill('not a number!');
    await dialog.getByLabel('Length (cm)').fill('30');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Tracking number: only letters, digits, - and _').waitFor();
    await dialog.getByText('Enter length, width and height together').first().waitFor();
    await dialog.getByLabel('Tracking number').fill(trackingNo);
    await dialog.getByLabel('Weight (kg)').fill('1.2');
    await dialog.getByLabel('Width (cm)').fill('20.5');
    await dialog.getByLabel('Height (cm)').fill('10');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Saved').first().waitFor();
    const row = rowWith(list, trackingNo);
    await row.waitFor();
    expect(await row.textContent()).toContain('1.200');
    expect(await row.textContent()).toContain('Forecast');

    // the same tracking number again: the duplicate check refuses it at the field, in the server's words, before any save
    await list.getByTestId('parcel-add').click();
    dialog = page.getByRole('dialog', { name: 'Forecast Package' });
    await dialog.getByLabel('Tracking number').fill(trackingNo);
    await dialog.getByText('This value is taken: it already exists!').waitFor();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('This value is taken: it already exists!').waitFor();
    expect(await dialog.getByTestId('server-error').count()).toBe(0);
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    await row.getByTestId('parcel-delete').click();
    await page.locator('.ant-popover:visible').getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Deleted').first().waitFor();
    await expect.poll(() => rowWith(list, trackingNo).count()).toBe(0);
  });

  test('a pick-up batch from CREATED orders: the merchant marks it ready, the warehouse schedules, takes and confirms it', async () => {
    const merchant = api.as('merchant');
    const first = await addOrder(merchant, { weight: '1.250' });
    const second = await addOrder(merchant, { weight: '0.755' });

    const page = await signedIn(suite, 'merchant', { language: 'en-US', at: '/logistics/pickup-batch' });
    const list = await listOn(page, 'logistics-pickup-batch');
    await list.getByTestId('batch-add').click();
    const dialog = page.getByRole('dialog', { name: 'New Pick-up Batch' });
    // nothing is sent without orders
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Please select at least one order').waitFor();

    for (const order of [first, second]) {
      await dialog.getByTestId('batch-pick-orders').click();
      const picker = page.getByRole('dialog', { name: 'Select orders (Created, in no other batch)' });
      await search(picker, 'Enter Order number', order.orderNo);
      await picker.locator('.ant-table-tbody tr').filter({ hasText: order.orderNo }).click();
      await picker.getByRole('button', { name: 'OK' }).click();
      await picker.waitFor({ state: 'hidden' });
    }
    await expect.poll(() => dialog.getByTestId('batch-orders-summary').textContent()).toBe('Orders selected: 2, estimated weight 2.005 kg');
    await pickTime(page, 'pickupBatch_expectedPickupAt', inDays(2));
    await dialog.getByLabel('Contact', { exact: true }).fill('Chen Da-Wen');
    await dialog.getByLabel('Contact phone').fill('0912 345 678');
    await dialog.getByLabel('Pick-up address').fill('No. 1, Harbour Road, Kaohsiung');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Saved').first().waitFor();

    const batches = await merchant.get<{ records: { id: number; batchNo: string; status: string }[] }>('/api/logistics/pickupBatch/list?pageNo=1&pageSize=1');
    const batchNo = batches.records[0]!.batchNo;
    const row = rowWith(list, batchNo);
    await row.waitFor();
    expect(await row.textContent()).toContain('Waiting to prepare goods');

    // the detail follows the batch on a steps bar, with its orders
    await row.getByTestId('batch-detail-open').click();
    const detail = page.getByTestId('batch-detail');
    await detail.waitFor();
    expect(await detail.locator('.ant-steps-item-process').textContent()).toContain('Waiting to prepare goods');
    expect(await detail.textContent()).toContain(first.orderNo);
    expect(await detail.textContent()).toContain(second.orderNo);
    await shot(page, 'flow-batch-detail-en-US');
    await page.locator('.ant-drawer-close').click();

    await row.getByTestId('batch-ready').click();
    await page.locator('.ant-popover:visible').getByRole('button', { name: 'Mark Goods Ready' }).click();
    await page.getByText('Marked as ready').first().waitFor();
    await expect.poll(() => rowWith(list, batchNo).textContent()).toContain('Waiting for pick-up');
    // ready batches can no longer be edited or cancelled
    expect(await rowWith(list, batchNo).getByTestId('batch-cancel').count()).toBe(0);

    // the warehouse's side
    const warehouse = await signedIn(suite, 'warehouse', { language: 'en-US', at: '/warehouse/pickup-confirm' });
    const pickups = await listOn(warehouse, 'warehouse-pickup-confirm');
    await search(pickups, 'Enter Batch number', batchNo);
    const pickup = rowWith(pickups, batchNo);
    await pickup.waitFor();
    expect(await pickup.textContent()).toContain('Demo Trading');

    await pickup.getByTestId('pickup-schedule').click();
    let action = warehouse.getByRole('dialog', { name: `Schedule pick-up: ${batchNo}` });
    await pickTime(warehouse, 'pickup-schedule_estimatedPickupAt', inDays(1));
    await action.getByLabel('Plate').fill('粤B·12345');
    await action.getByRole('button', { name: 'Schedule Pick-up' }).click();
    await warehouse.getByText('Pick-up scheduled').first().waitFor();
    await expect.poll(() => rowWith(pickups, batchNo).textContent()).toContain('粤B·12345');

    await rowWith(pickups, batchNo).getByTestId('pickup-take').click();
    action = warehouse.getByRole('dialog', { name: `Mark picked up: ${batchNo}` });
    await action.getByRole('button', { name: 'Mark Picked Up' }).click();
    await warehouse.getByText('Marked as picked up').first().waitFor();
    await expect.poll(() => rowWith(pickups, batchNo).textContent()).toContain('Pick-up awaiting confirmation');

    await rowWith(pickups, batchNo).getByTestId('pickup-confirm').click();
    action = warehouse.getByRole('dialog', { name: `Confirm pick-up: ${batchNo}` });
    await action.getByLabel('Actual weight (kg)').fill('2.1');
    await action.getByRole('button', { name: 'Confirm Pick-up' }).click();
    await warehouse.getByText('Pick-up confirmed').first().waitFor();
    await expect.poll(() => rowWith(pickups, batchNo).textContent()).toContain('Pick-up completed');
    expect(await rowWith(pickups, batchNo).textContent()).toContain('2.100');
    expect(await rowWith(pickups, batchNo).getByRole('button').count()).toBe(0);

    // and the merchant's orders moved with the batch: waiting for collection since "goods ready"
    const orderList = await merchant.get<{ records: { orderNo: string; status: string }[] }>(`/api/logistics/order/list?pageNo=1&pageSize=10&orderNo=${first.orderNo}`);
    expect(orderList.records.map((order) => order.status)).toEqual(['WAIT_COLLECT']);
  });

  test('the merchant deals with an exception the warehouse registered, and the Deal button is gone', async () => {
    const order = await addOrder(api.as('merchant'));
    const registered = await api.as('warehouse').post<{ exceptionNo: string }>('/api/warehouse/exception/add', { orderNo: order.orderNo, type: 'DAMAGED', description: 'Outer carton crushed on one corner' });

    const page = await signedIn(suite, 'merchant', { language: 'en-US', at: '/logistics/collection-exception' });
    const list = await listOn(page, 'logistics-collection-exception');
    await search(list, 'Enter Order number', order.orderNo);
    const row = rowWith(list, registered.exceptionNo);
    await row.waitFor();
    expect(await row.textContent()).toContain('Pending');

    await row.getByTestId('exception-deal').click();
    const dialog = page.getByRole('dialog', { name: `Handle exception ${registered.exceptionNo}` });
    await dialog.getByText('Outer carton crushed on one corner').waitFor();
    await dialog.getByRole('button', { name: 'Handle' }).click();
    await dialog.getByText('Resolution is required').waitFor();
    await choose(page, 'exceptionDeal_resolution', 'Send again');
    await dialog.getByLabel('Merchant remark').fill('Please repack and send it on');
    await dialog.getByRole('button', { name: 'Handle' }).click();
    await page.getByText('Resolution sent').first().waitFor();
    await expect.poll(() => rowWith(list, registered.exceptionNo).textContent()).toContain('Handled');
    expect(await rowWith(list, registered.exceptionNo).textContent()).toContain('Send again');
    expect(await rowWith(list, registered.exceptionNo).getByTestId('exception-deal').count()).toBe(0);
  });

  test('the warehouse edits a rate card, with the example price following the form', async () => {
    const page = await signedIn(suite, 'warehouse', { language: 'en-US', at: '/warehouse/rate-card' });
    const list = await listOn(page, 'warehouse-rate-card');
    // a long list is drawn a few options at a time: search it
    await choose(page, 'destinationCountry', 'Japan', { typed: true });
    await list.getByRole('button', { name: 'Search' }).click();
    // the rows of the search's answer, not those of the first page still drawn while it comes
    const row = list.locator('.ant-table-tbody tr').filter({ hasText: 'Japan' }).filter({ hasText: 'Basic' });
    await row.waitFor();

    await row.getByTestId('rate-card-edit').click();
    const dialog = page.getByRole('dialog', { name: 'Edit rate card: Japan Basic' });
    await dialog.getByLabel('First weight price').fill('30.555');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('First weight price: an amount of 0 or more, at most 2 decimals').waitFor();
    await dialog.getByLabel('First weight price').fill('30.50');
    await dialog.getByLabel('Price per step').fill('10');
    // the seed's card: 0.5 kg first, 0.5 kg steps: 1 kg is one step, 2.5 kg four
    await expect.poll(() => dialog.getByTestId('freight-example-1').textContent()).toBe('40.50 CNY');
    expect(await dialog.getByTestId('freight-example-2.5').textContent()).toBe('70.50 CNY');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Saved').first().waitFor();
    await expect.poll(() => row.textContent()).toContain('30.50 CNY');
    expect(await row.textContent()).toContain('10.00 CNY');
  });

  const LANGUAGES: Language[] = ['zh-TW', 'zh-CN', 'en-US'];
  /** A word of each screen in each language: the area's texts are there, not their keys. */
  const HEADINGS: Record<Language, { parcel: string; batch: string; exception: string; pickup: string; rateCard: string }> = {
    'zh-TW': { parcel: '快遞單號', batch: '提貨批次號', exception: '異常單號', pickup: '提貨批次號', rateCard: '材積除數' },
    'zh-CN': { parcel: '快递单号', batch: '提货批次号', exception: '异常单号', pickup: '提货批次号', rateCard: '体积除数' },
    'en-US': { parcel: 'Tracking number', batch: 'Batch number', exception: 'Exception number', pickup: 'Batch number', rateCard: 'Volumetric divisor' },
  };

  test('draws every screen in the three languages', { timeout: 180_000 }, async () => {
    for (const language of LANGUAGES) {
      const words = HEADINGS[language];
      const page = await signedIn(suite, 'merchant', { language, viewport: { width: 1440, height: 900 }, at: '/logistics/package' });
      let list = await listOn(page, 'logistics-package');
      await list.locator('.ant-table-thead').getByText(words.parcel).waitFor();
      await shot(page, `package-list-${language}`);

      // the next screens inside the same page, as the menu opens them
      await visit(page, '/logistics/pickup-batch');
      list = await listOn(page, 'logistics-pickup-batch');
      await list.locator('.ant-table-thead').getByText(words.batch).first().waitFor();
      await shot(page, `pickup-batch-list-${language}`);
      await list.getByTestId('batch-detail-open').first().click();
      await page.getByTestId('batch-steps').waitFor();
      await shot(page, `pickup-batch-detail-${language}`);
      await page.locator('.ant-drawer-close').click();
      await list.getByTestId('batch-add').click();
      await page.locator('#pickupBatch_contactName').waitFor();
      await shot(page, `pickup-batch-form-${language}`);
      await page.keyboard.press('Escape');

      await visit(page, '/logistics/collection-exception');
      list = await listOn(page, 'logistics-collection-exception');
      await list.locator('.ant-table-thead').getByText(words.exception).waitFor();
      await shot(page, `exception-list-${language}`);
      await list.getByTestId('exception-deal').first().click();
      await page.locator('#exceptionDeal_resolution').waitFor();
      await shot(page, `exception-deal-${language}`);

      const warehouse = await signedIn(suite, 'warehouse', { language, viewport: { width: 1440, height: 900 }, at: '/warehouse/pickup-confirm' });
      list = await listOn(warehouse, 'warehouse-pickup-confirm');
      await list.locator('.ant-table-thead').getByText(words.pickup).first().waitFor();
      await shot(warehouse, `pickup-confirm-${language}`);
      await visit(warehouse, '/warehouse/rate-card');
      list = await listOn(warehouse, 'warehouse-rate-card');
      await list.locator('.ant-table-thead').getByText(words.rateCard).waitFor();
      await shot(warehouse, `rate-card-list-${language}`);
      await list.getByTestId('rate-card-edit').first().click();
      await warehouse.getByTestId('freight-example-box').waitFor();
      await shot(warehouse, `rate-card-form-${language}`);
    }
  });
});
