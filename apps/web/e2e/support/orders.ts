import type { Page } from 'playwright-core';

/** A dictionary select of a form: typed to search (long lists are virtual), then the option clicked. */
export async function choose(page: Page, id: string, text: string): Promise<void> {
  await page.locator(`#${id}`).click();
  await page.locator(`#${id}`).fill(text);
  await page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${text}"]`).click();
}

/** Fills the merchant's order form with a valid order; the selects are named as the dictionaries name them in the page's language. */
export async function fillOrder(page: Page, merchantOrderNo: string, names: { service: string; country: string; warehouse: string }): Promise<void> {
  await page.locator('#order_merchantOrderNo').fill(merchantOrderNo);
  await choose(page, 'order_serviceType', names.service);
  await choose(page, 'order_destinationCountry', names.country);
  await choose(page, 'order_warehouseCode', names.warehouse);
  await page.locator('#order_weight').fill('1.25');
  await page.locator('#order_length').fill('30');
  await page.locator('#order_width').fill('20');
  await page.locator('#order_height').fill('10');
  await page.locator('#order_recipient_name').fill('Chen Da-wen');
  await page.locator('#order_recipient_phone').fill('0912-345-678');
  await page.locator('#order_recipient_address').fill('1 Shifu Road, Xinyi District, Taipei');
  await page.locator('#order_items_0_name').fill('Oolong tea');
  await page.locator('#order_items_0_category').fill('Food');
  await page.locator('#order_items_0_quantity').fill('3');
  await page.locator('#order_items_0_unitPrice').fill('12.50');
}

export const orderNoIn = (text: string): string => /LO\d{14}/.exec(text)?.[0] ?? '';
