import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import type { Page as ListPage } from '@portal/shared/api';
import type { OrderRecord } from '@portal/shared/logistics-schemas';
import { portalApi } from './support/api.ts';
import { useBrowserSuite } from './support/browser-suite.ts';
import type { Role } from './support/sessions.ts';
import { clickOption, rowWith, shot, signedIn as signedInAs, toast } from './support/portal.ts';

/**
 * Online development in Chromium against the real server: as `admin`, a check rule for supplier codes,
 * an online report over orders whose status shows through its dictionary, and a "supplier contacts" online
 * form (a unique phone checked for duplicates, a code checked by the rule, an order picked in a popup on that
 * report), both published to the merchants' menu; as `merchant`, both checks refuse at the field with the
 * server's words, an order is picked from the report, the row is saved; `merchant2` sees none of `merchant`'s
 * rows in the form, the report or the picker.
 */
const suite = useBrowserSuite();
const api = portalApi(suite, 'en-US');
const signedIn = (username: Role, at?: string) => signedInAs(suite, username, { language: 'en-US', viewport: { width: 1440, height: 900 }, ...(at ? { at } : {}) });

const REPORT = 'order_status_report';
const FORM = 'supplier_contacts';
const MENU_GROUP = 'System Configuration';
// seeded in the platform's language (zh-TW)
const PACKAGE = '標準套餐';

/** Opens the select (or tree select) whose input is `#id`, types `typed`, and clicks the option showing `text`. */
async function pick(page: Page, id: string, typed: string, text = typed, multiple = false): Promise<void> {
  const input = page.locator(`#${id}`);
  await input.click();
  // a select without search has a read-only input: its options are all drawn
  if ((await input.getAttribute('readonly')) === null) await input.fill(typed);
  // this select's own dropdown (its listbox is `<id>_list`): another select's may still be fading out
  const dropdown = page.locator('.ant-select-dropdown').filter({ has: page.locator(`#${id}_list`) });
  const tree = page.locator('.ant-tree-select-dropdown:visible');
  const option = dropdown.locator('.ant-select-item-option').or(tree.locator('.ant-select-tree-node-content-wrapper'));
  const wanted = option.filter({ hasText: text }).first();
  // a single select closes on its choice (clickOption makes sure it did); a multiple one stays open
  await (multiple ? wanted.click() : clickOption(wanted));
}

/** Fills the three language inputs of a TitlesFields with `testId`. */
async function titles(scope: Page | Locator, testId: string, texts: [string, string, string]): Promise<void> {
  await scope.getByTestId(`${testId}-zh-TW`).fill(texts[0]);
  await scope.getByTestId(`${testId}-zh-CN`).fill(texts[1]);
  await scope.getByTestId(`${testId}-en-US`).fill(texts[2]);
}

/** The tab of the designer on show. */
const activeTab = (page: Page) => page.locator('[role="tabpanel"]:visible');

/** The error a form item shows under its field. */
const fieldError = (page: Page, key: string) => page.getByTestId(`online-item-${key}`).locator('.ant-form-item-explain-error');

async function publish(page: Page, tab: 'report' | 'form', code: string, title: string): Promise<void> {
  await rowWith(activeTab(page), code).getByTestId(`${tab}-publish`).click();
  await pick(page, 'parentId', MENU_GROUP);
  await pick(page, 'packageIds', '', PACKAGE, true);
  await page.getByTestId('publish-ok').click();
  // where it went, as the menu names it, and that roles must be given it
  await toast(page, `Published to "${MENU_GROUP} › ${title}": give it to the roles`).waitFor();
}

describe('online development', () => {
  test('admin defines a report and a form; merchant uses both with their checks and the picker; merchant2 sees none of it', { timeout: 240_000 }, async () => {
    const merchantApi = api.as('merchant');
    const merchantOrders = await merchantApi.get<ListPage<OrderRecord>>('/api/logistics/order/list?pageNo=1&pageSize=5&column=createdAt&order=desc');
    const [merchantOrder] = merchantOrders.records;
    if (!merchantOrder) throw new Error('the demo merchant has no orders');

    // ---- admin: a check rule, the report, the form
    const admin = await signedIn('admin', '/system/online');
    await admin.getByRole('tab', { name: 'Check rules' }).click();
    await admin.getByTestId('check-rule-add').click();
    await admin.getByTestId('check-rule-code').fill('supplier_code');
    await titles(admin, 'check-rule-name', ['供應商編碼', '供应商编码', 'Supplier code']);
    await admin.getByTestId('check-rule-pattern-0').fill('SUP-[0-9]{4}');
    await titles(admin, 'check-rule-message-0', ['供應商編碼須為 SUP- 加四位數字', '供应商编码须为 SUP- 加四位数字', 'A supplier code is SUP- and four digits']);
    await admin.getByTestId('check-rule-save').click();
    await rowWith(activeTab(admin), 'supplier_code').waitFor();

    await admin.getByRole('tab', { name: 'Online reports' }).click();
    await admin.getByTestId('report-add').click();
    await admin.getByTestId('report-code').fill(REPORT);
    await pick(admin, 'onlineReport_dataSet', 'International logistics orders');
    await titles(admin, 'report-title', ['訂單狀態', '订单状态', 'Order status']);
    await pick(admin, 'onlineReport_columns_0_field', 'orderNo');
    await admin.getByTestId('report-column-add').click();
    await pick(admin, 'onlineReport_columns_1_field', 'status');
    // the data set's own dictionary came with the field (the status shows as its words): the picker names it
    await expect.poll(() => admin.getByTestId('report-column-1-dict').textContent()).toContain('Logistics order status (LOGOrderStateEnum)');
    await admin.getByTestId('report-column-add').click();
    await pick(admin, 'onlineReport_columns_2_field', 'createdAt');
    await pick(admin, 'onlineReport_defaultSort_field', 'createdAt');
    await admin.getByTestId('report-save').click();
    const reports = activeTab(admin);
    await rowWith(reports, REPORT).waitFor();
    await publish(admin, 'report', REPORT, 'Order status');

    await admin.getByRole('tab', { name: 'Online forms' }).click();
    await admin.getByTestId('form-add').click();
    const editor = admin.getByTestId('form-editor');
    await editor.getByTestId('form-code').fill(FORM);
    await titles(editor, 'form-title', ['供應商聯絡人', '供应商联系人', 'Supplier contacts']);
    const fieldBlock = (index: number) => editor.getByTestId('form-field').nth(index);
    const defineField = async (index: number, key: string, texts: [string, string, string], type?: 'popup') => {
      if (index > 0) await editor.getByTestId('form-field-add').click();
      await editor.getByTestId(`form-field-key-${index}`).fill(key);
      await titles(fieldBlock(index), `form-field-${index}-title`, texts);
      if (type === 'popup') {
        // the last of the types: the list draws a few options at a time, and moving up from the first wraps to the last
        await admin.locator(`#onlineForm_fields_${index}_type`).click();
        await admin.keyboard.press('ArrowUp');
        await admin.keyboard.press('Enter');
        await expect.poll(() => admin.getByTestId(`form-field-popup-${index}`).count()).toBe(1);
      }
    };
    await defineField(0, 'name', ['姓名', '姓名', 'Name']);
    await fieldBlock(0).getByLabel('Required').check();
    await defineField(1, 'phone', ['手機', '手机', 'Phone']);
    await fieldBlock(1).getByLabel('Unique').check();
    await pick(admin, 'onlineForm_fields_1_ruleCode', 'mobile');
    await defineField(2, 'code', ['供應商編碼', '供应商编码', 'Supplier code']);
    await pick(admin, 'onlineForm_fields_2_ruleCode', 'supplier_code');
    await defineField(3, 'order', ['關聯訂單', '关联订单', 'Related order'], 'popup');
    await pick(admin, 'onlineForm_fields_3_popup_reportCode', REPORT);
    await admin.locator('#onlineForm_fields_3_popup_originalFields').fill('orderNo');
    await admin.locator('#onlineForm_fields_3_popup_targetFields').fill('order');
    await shot(admin, 'online-form-editor');
    await admin.getByTestId('form-save').click();
    const forms = activeTab(admin);
    await rowWith(forms, FORM).waitFor();
    await publish(admin, 'form', FORM, 'Supplier contacts');

    // ---- merchant: the form from the menu, both checks, the picker on the report
    const merchant = await signedIn('merchant');
    await merchant.getByRole('menuitem', { name: MENU_GROUP }).click();
    await merchant.getByRole('menuitem', { name: 'Supplier contacts' }).click();
    await merchant.getByTestId(`list-page-online-form-${FORM}`).waitFor();
    await merchant.getByTestId('online-row-add').click();
    await merchant.getByTestId('online-field-name').fill('Lin Mei');
    await merchant.getByTestId('online-field-phone').fill('call me');
    await expect.poll(() => fieldError(merchant, 'phone').textContent()).toContain('Enter a valid mobile number');
    await merchant.getByTestId('online-field-phone').fill('0912345678');
    await merchant.getByTestId('online-field-code').fill('SUPPLIER-1');
    await expect.poll(() => fieldError(merchant, 'code').textContent()).toContain('A supplier code is SUP- and four digits');
    await merchant.getByTestId('online-field-code').fill('SUP-0001');
    await merchant.getByTestId('online-field-order-search').click();
    const picker = merchant.locator('.ant-modal').filter({ hasText: 'Related order' });
    await rowWith(picker, merchantOrder.orderNo).click();
    await shot(merchant, 'online-form-picker');
    await picker.getByRole('button', { name: 'OK' }).click();
    await expect.poll(() => merchant.getByTestId('online-field-order').inputValue()).toBe(merchantOrder.orderNo);
    await merchant.getByTestId('online-form-save').click();
    const rows = merchant.getByTestId(`list-page-online-form-${FORM}`);
    await rowWith(rows, '0912345678').waitFor();
    await expect.poll(() => rowWith(rows, '0912345678').textContent()).toContain(merchantOrder.orderNo);

    // the same phone again: the duplicate check answers at the field, in the server's words (a new row starts empty)
    await merchant.getByTestId('online-row-add').click();
    await expect.poll(() => merchant.getByTestId('online-field-code').inputValue()).toBe('');
    await merchant.getByTestId('online-field-name').fill('Chen Da');
    await merchant.getByTestId('online-field-phone').fill('0912345678');
    await expect.poll(() => fieldError(merchant, 'phone').textContent()).toContain('This value is taken: it already exists!');
    await shot(merchant, 'online-form-duplicate');
    await merchant.getByRole('button', { name: 'Cancel' }).click();

    // the report, published: the status through its dictionary (a word, not a code)
    await merchant.goto(`/online/cgreport/${REPORT}`);
    const report = merchant.getByTestId(`list-page-online-report-${REPORT}`);
    await rowWith(report, merchantOrder.orderNo).waitFor();
    await expect.poll(() => rowWith(report, merchantOrder.orderNo).locator('.ant-tag').first().textContent()).toMatch(/^[A-Z][a-z]/);
    await shot(merchant, 'online-report');

    // ---- merchant2: none of merchant's rows in the form, the report or the picker
    const merchant2 = await signedIn('merchant2', `/online/cgform/${FORM}`);
    const rows2 = merchant2.getByTestId(`list-page-online-form-${FORM}`);
    await rows2.locator('.ant-table-tbody').waitFor();
    await expect.poll(() => rows2.locator('.ant-table-tbody tr.ant-table-row').count()).toBe(0);
    await merchant2.getByTestId('online-row-add').click();
    await merchant2.getByTestId('online-field-order-search').click();
    const picker2 = merchant2.locator('.ant-modal').filter({ hasText: 'Related order' });
    await picker2.locator('.ant-table-tbody').waitFor();
    await expect.poll(() => picker2.locator('.ant-table-tbody').textContent()).not.toContain(merchantOrder.orderNo);
    await merchant2.goto(`/online/cgreport/${REPORT}`);
    const report2 = merchant2.getByTestId(`list-page-online-report-${REPORT}`);
    await report2.locator('.ant-table-tbody').waitFor();
    await expect.poll(() => report2.locator('.ant-table-tbody').textContent()).not.toContain(merchantOrder.orderNo);
    // and by the API, the row itself is not there for merchant2
    const merchant2Api = api.as('merchant2');
    const seen = await merchant2Api.get<{ records: unknown[]; total: number }>(`/api/online/cgform/api/getData/${FORM}?pageNo=1&pageSize=10`);
    expect(seen.total).toBe(0);
  });
});
