import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, describe, expect, test } from 'vitest';
import { portalApi } from './support/api.ts';
import { useBrowserSuite, type Language } from './support/browser-suite.ts';
import type { Role } from './support/sessions.ts';
import { centsOf, convertCents, moneyOf, shanghaiMonth, voucherPng } from './support/finance.ts';
import { choose, listOn, openList, optionsOf, rowWith, shot, signedIn as signedInAs, toast } from './support/portal.ts';

/**
 * The wallet's flows in Chromium against the real server (embedded database, demo data): a
 * merchant wires TWD and records it with a voucher, finance credits it to the CNY wallet, the merchant
 * pays a charge from it and asks part of it back, finance approves the refund, and the finance details
 * and the month's statement account for every cent. Another merchant sees none of it.
 */
const suite = useBrowserSuite();

const TENANT = 'Demo Trading';
const TRANSFER = '1000.00';

type Envelope<T> = { success: boolean; message: string; result: T };
type Charge = { orderId: number; orderNo: string; currency: string; amount: string };

let scratch: string | undefined;
afterAll(async () => {
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

/** A fresh browser (the previous one closes), signed in, on the home page or at `at`. */
const signedIn = (username: Role, language: Language, at?: string) => signedInAs(suite, username, { language, viewport: { width: 1440, height: 900 }, ...(at ? { at } : {}) });

const text = async (locator: Locator) => ((await locator.textContent()) ?? '').trim();

/** The number a message names (RC…, PY…, RF…), once the message is there. */
async function numberIn(page: Page, pattern: RegExp): Promise<string> {
  const notice = toast(page, pattern);
  await notice.first().waitFor();
  const found = pattern.exec(await text(notice.first()))?.[1];
  expect(found, `a number in "${pattern.source}"`).toBeDefined();
  return found ?? '';
}

/** The CNY card of the wallet overview, once its balance shows. */
async function cnyBalance(page: Page): Promise<Locator> {
  await page.goto('/finance/wallet/overview');
  const balance = page.getByTestId('wallet-card-CNY').getByTestId('wallet-balance');
  await balance.waitFor();
  return balance;
}

/** A list's cells by column title: the toolkit's columns can be hidden or moved, titles stay. */
async function cellsOf(list: Locator, row: Locator, titles: readonly string[]): Promise<string[]> {
  const heads = (await list.locator('.ant-table-thead th').allTextContents()).map((head) => head.trim());
  const cells = await row.locator('td').allTextContents();
  return titles.map((title) => {
    const index = heads.indexOf(title);
    expect(index, `column "${title}" in ${heads.join(' | ')}`).toBeGreaterThanOrEqual(0);
    return (cells[index] ?? '').trim();
  });
}

/** A merchant's list that must hold nothing: its own call answered 0 rows, and the table shows none. */
async function expectEmptyList(page: Page, pathname: string, listId: string, call: string, heading: string, foreign: readonly string[]) {
  const listed = page.waitForResponse((response) => response.request().method() === 'POST' && new URL(response.url()).pathname.endsWith(call));
  await page.goto(pathname);
  const answer = (await (await listed).json()) as Envelope<{ total: number }>;
  expect(answer.result.total).toBe(0);
  const list = page.getByTestId(`list-page-${listId}`);
  await list.locator('.ant-table-thead').getByText(heading, { exact: true }).waitFor();
  await list.locator('.ant-table-placeholder').waitFor();
  await expect.poll(() => list.locator('.ant-spin-spinning').count()).toBe(0);
  expect(await list.locator('.ant-table-tbody tr.ant-table-row').count()).toBe(0);
  const shown = await text(list);
  for (const number of foreign) expect(shown).not.toContain(number);
}

describe('the wallet from a recharge to the monthly statement', () => {
  test('recharge, review, payment, refund, details and statement agree to the cent; another merchant sees none of it', { timeout: 240_000 }, async () => {
    scratch = await mkdtemp(path.join(tmpdir(), 'finance-e2e-'));
    const voucherFile = path.join(scratch, 'transfer-voucher.png');
    await writeFile(voucherFile, voucherPng());

    // ---- 1. the merchant records a TWD transfer to credit the CNY wallet, with its voucher
    let merchant = await signedIn('merchant', 'en-US', '/finance/wallet/recharge');
    let list = await listOn(merchant, 'wallet-recharge');
    await merchant.getByTestId('recharge-new').click();
    const form = merchant.getByRole('dialog', { name: 'New recharge' });
    await choose(merchant, 'rechargeForm_transferCurrency', 'TWD');
    // the one TWD account is chosen by itself, and where to wire shows
    await expect.poll(() => text(form.getByTestId('receiving-account'))).toContain('822-5405-1234-5678');
    expect(await text(form.locator('.ant-form-item').filter({ has: merchant.locator('#rechargeForm_receivingAccountCode') }).locator('.ant-select'))).toContain('822-5405-1234-5678');
    await choose(merchant, 'rechargeForm_receivedCurrency', 'CNY', { typed: true });
    await merchant.locator('#rechargeForm_transferAmount').fill(TRANSFER);
    const estimateLine = form.getByTestId('recharge-estimate');
    await expect.poll(() => text(estimateLine)).toMatch(/≈ [\d,]+\.\d{2} CNY at rate 1 TWD = [\d.]+ CNY/);
    const [, estimate = '', formRate = ''] = /≈ ([\d,]+\.\d{2}) CNY at rate 1 TWD = ([\d.]+) CNY/.exec(await text(estimateLine)) ?? [];
    // the estimate is the transfer at the rate it names, half to even
    expect(estimate).toBe(moneyOf(convertCents(centsOf(TRANSFER), formRate)));
    await merchant.locator('#rechargeForm_payerName').fill('Chen Da-wen');
    await merchant.locator('#rechargeForm_payerAccount').fill('822-0001-9988');
    await form.locator('input[type="file"]').setInputFiles(voucherFile);
    await form.locator('.ant-upload-list-item-done').filter({ hasText: 'transfer-voucher.png' }).waitFor();
    await form.getByTestId('recharge-submit').click();
    const rechargeNo = await numberIn(merchant, /Recharge (RC\d{14}) submitted for review/);
    await form.waitFor({ state: 'hidden' });
    await merchant.getByTestId('wallet-tab-SUBMITTED').click();
    await expect.poll(() => text(rowWith(list, rechargeNo))).toContain('Awaiting review');
    const submitted = await text(rowWith(list, rechargeNo));
    expect(submitted).toContain('1,000.00 TWD');
    expect(submitted).toContain(`${estimate} CNY`);

    // ---- 2. finance sees the voucher and what approving credits, and approves
    const finance = await signedIn('finance', 'en-US', '/finance/review/recharge');
    list = await listOn(finance, 'finance-recharge-review');
    let row = rowWith(list, rechargeNo);
    await expect.poll(() => text(row)).toContain('Awaiting review');
    expect(await text(row)).toContain(TENANT);
    await row.getByTestId('recharge-review-open').click();
    const review = finance.getByTestId('recharge-review');
    await review.waitFor();
    // the voucher is the image uploaded, fetched with finance's token and drawn
    const image = review.getByTestId('voucher-image').locator('img');
    await image.waitFor();
    await expect.poll(() => image.evaluate((node) => (node instanceof HTMLImageElement ? node.naturalWidth : 0))).toBe(96);
    const preview = review.getByTestId('recharge-credit-preview');
    const reviewRate = await text(preview.locator('.ant-descriptions-item-content').first());
    const credited = moneyOf(convertCents(centsOf(TRANSFER), reviewRate));
    expect(await text(review.getByTestId('recharge-credit-amount'))).toBe(`${credited} CNY`);
    expect(credited).toBe(estimate);
    // the drawer scrolls: a taller window shows the preview, the record and the voucher in one picture
    await finance.setViewportSize({ width: 1440, height: 1250 });
    await shot(finance, 'finance-recharge-review-drawer-en-US');
    await finance.getByTestId('recharge-approve').click();
    const approve = finance.getByRole('dialog', { name: `Approve recharge ${rechargeNo}?` });
    await expect.poll(() => text(approve)).toContain(`${credited} CNY will be credited to the CNY wallet of ${TENANT}`);
    await approve.getByRole('button', { name: 'Approve and credit' }).click();
    await toast(finance, /^Recharge RC\S+ credited$/).first().waitFor();
    await review.waitFor({ state: 'detached' });
    await expect.poll(() => rowWith(list, rechargeNo).count()).toBe(0);
    await finance.getByRole('tab', { name: 'Credited' }).click();
    row = rowWith(list, rechargeNo);
    await expect.poll(() => text(row)).toContain('Credited');
    expect(await text(row)).toContain(`${credited} CNY`);

    // ---- 3. the merchant's CNY wallet holds exactly that; one charge is paid from it
    merchant = await signedIn('merchant', 'en-US');
    let balance = await cnyBalance(merchant);
    await expect.poll(() => text(balance)).toBe(`${credited} CNY`);

    const charges = await portalApi(suite, 'en-US').as('merchant').post<{ records: Charge[] }>('/platform-api/finance/virtualWallet/payment/charges', { pageNo: 1, pageSize: 50 });
    const charge = charges.records.find((candidate) => candidate.currency === 'CNY' && centsOf(candidate.amount) <= centsOf(credited));
    expect(charge, 'a weighed CNY charge of the demo the recharge covers').toBeDefined();
    const { orderNo, amount: chargeAmount } = charge ?? { orderNo: '', amount: '0.00' };
    const afterPayment = moneyOf(centsOf(credited) - centsOf(chargeAmount));

    list = await openList(merchant, '/finance/wallet/payment', 'wallet-payment');
    await merchant.getByTestId('payment-new').click();
    const pay = merchant.getByRole('dialog', { name: 'Pay charges' });
    await pay.getByPlaceholder('Search by logistics order number').fill(orderNo);
    await pay.getByPlaceholder('Search by logistics order number').press('Enter');
    const chargeRows = pay.locator('.ant-table-tbody tr.ant-table-row');
    await expect.poll(async () => (await chargeRows.allTextContents()).map((line) => line.includes(orderNo))).toEqual([true]);
    await pay.getByRole('checkbox', { name: orderNo }).check();
    expect(await text(pay.getByTestId('charges-picked'))).toBe(`1 chosen, ${moneyOf(centsOf(chargeAmount))} CNY in all`);
    await pay.getByTestId('payment-next').click();
    const payPreview = pay.getByTestId('payment-preview');
    await payPreview.waitFor();
    // to pay, balance now, balance after
    expect((await payPreview.locator('.ant-descriptions-item-content').allTextContents()).map((cell) => cell.trim())).toEqual([
      `${moneyOf(centsOf(chargeAmount))} CNY`,
      `${credited} CNY`,
      `${afterPayment} CNY`,
    ]);
    await pay.getByTestId('payment-pay-now').click();
    const paymentNo = await numberIn(merchant, /Payment (PY\d{14}) done/);
    await pay.waitFor({ state: 'hidden' });
    await merchant.getByTestId('wallet-tab-PAID').click();
    row = rowWith(list, paymentNo);
    await expect.poll(() => text(row)).toContain('Paid');
    const [paidAmount, paidBalance, paidOrders] = await cellsOf(list, row, ['Amount', 'Balance after', 'Orders']);
    expect([paidAmount, paidBalance, paidOrders]).toEqual([`${moneyOf(centsOf(chargeAmount))} CNY`, `${afterPayment} CNY`, orderNo]);

    balance = await cnyBalance(merchant);
    await expect.poll(() => text(balance)).toBe(`${afterPayment} CNY`);
    // dropped by exactly the charge
    expect(centsOf(credited) - centsOf((await text(balance)).replace(' CNY', ''))).toBe(centsOf(chargeAmount));
    await shot(merchant, 'wallet-overview-after-payment-en-US');

    // ---- 4. part of the paid charge is asked back
    const refundAmount = moneyOf(centsOf(chargeAmount) < 1000n ? centsOf(chargeAmount) : 1000n);
    list = await openList(merchant, '/finance/wallet/refund', 'wallet-refund');
    await merchant.getByTestId('refund-new').click();
    const refundForm = merchant.getByRole('dialog', { name: 'Request a refund' });
    await refundForm.getByText('Charge refund', { exact: true }).click();
    await merchant.locator('#refundForm_payOrderNo').click();
    const payOrder = optionsOf(merchant, 'refundForm_payOrderNo').filter({ hasText: orderNo });
    await payOrder.waitFor();
    expect(await text(payOrder)).toMatch(new RegExp(`^PO\\d{14} · ${orderNo} · refundable ${moneyOf(centsOf(chargeAmount))} CNY$`));
    await payOrder.click();
    await expect.poll(() => text(refundForm)).toContain(`Paid ${moneyOf(centsOf(chargeAmount))} CNY, refunded 0.00 CNY`);
    await merchant.locator('#refundForm_amount').fill(refundAmount);
    await merchant.locator('#refundForm_reason').fill('Parcel weighed twice');
    await refundForm.getByRole('button', { name: 'Submit request' }).click();
    const refundNo = await numberIn(merchant, /Refund (RF\d{14}) submitted for finance review/);
    await refundForm.waitFor({ state: 'hidden' });
    row = rowWith(list, refundNo);
    await expect.poll(() => text(row)).toContain('Awaiting review');
    expect(await cellsOf(list, row, ['Refund type', 'Refund amount', 'Logistics order number'])).toEqual(['Charge refund', `${refundAmount} CNY`, orderNo]);

    // ---- 5. finance approves the refund: only now the money moves
    const financeAgain = await signedIn('finance', 'en-US', '/finance/review/refund');
    list = await listOn(financeAgain, 'finance-refund-review');
    row = rowWith(list, refundNo);
    await expect.poll(() => text(row)).toContain('Awaiting review');
    await row.getByTestId('refund-approve').click();
    const approveRefund = financeAgain.getByRole('dialog', { name: `Approve refund ${refundNo}?` });
    await expect.poll(() => text(approveRefund)).toContain(`${refundAmount} CNY will be returned to the CNY wallet of ${TENANT}.`);
    await approveRefund.getByRole('button', { name: 'Approve refund' }).click();
    await toast(financeAgain, /^Refund RF\S+ approved$/).first().waitFor();
    await approveRefund.waitFor({ state: 'hidden' });
    await expect.poll(() => rowWith(list, refundNo).count()).toBe(0);
    await financeAgain.getByRole('tab', { name: 'Refunded' }).click();
    await expect.poll(() => text(rowWith(list, refundNo))).toContain('Refunded');

    // ---- 6. the merchant's finance details and the month's statement account for all three
    merchant = await signedIn('merchant', 'en-US');
    // statements are Asia/Shanghai months, and the month picker counts in the browser's zone: the two
    // agree, as they do for the merchants the portal serves, also in the hours a month ends in one only
    const cdp = await merchant.context().newCDPSession(merchant);
    await cdp.send('Emulation.setTimezoneOverride', { timezoneId: 'Asia/Shanghai' });
    const closing = moneyOf(centsOf(afterPayment) + centsOf(refundAmount));

    list = await openList(merchant, '/finance/detail', 'finance-detail');
    const movements = list.locator('.ant-table-tbody tr.ant-table-row');
    await expect.poll(() => movements.count()).toBe(3);
    const shown: string[][] = [];
    for (let index = 0; index < 3; index += 1) shown.push(await cellsOf(list, movements.nth(index), ['Type', 'Reference number', 'Amount', 'Balance']));
    // newest first
    expect(shown).toEqual([
      ['Refund', refundNo, `+${refundAmount} CNY`, `${closing} CNY`],
      ['Payment', paymentNo, `-${moneyOf(centsOf(chargeAmount))} CNY`, `${afterPayment} CNY`],
      ['Recharge', rechargeNo, `+${credited} CNY`, `${credited} CNY`],
    ]);
    // each balance is the one before it plus the movement, from an empty wallet
    let running = 0n;
    for (const [, , amount = '', after = ''] of [...shown].reverse()) {
      running += centsOf(amount.replace(' CNY', ''));
      expect(centsOf(after.replace(' CNY', ''))).toBe(running);
    }

    const month = shanghaiMonth();
    list = await openList(merchant, '/finance/alipay-statement', 'finance-statement');
    await merchant.getByTestId('statement-generate').click();
    const generate = merchant.getByRole('dialog', { name: 'Generate a monthly statement' });
    const monthInput = merchant.locator('#statementGenerate_month');
    await monthInput.click();
    await monthInput.fill(month);
    await monthInput.press('Enter');
    await expect.poll(() => monthInput.inputValue()).toBe(month);
    await merchant.locator('#statementGenerate_currency').click();
    await optionsOf(merchant, 'statementGenerate_currency').filter({ hasText: /^CNY/ }).first().click();
    await expect.poll(() => text(generate.locator('.ant-form-item').filter({ has: merchant.locator('#statementGenerate_currency') }).locator('.ant-select'))).toMatch(/^CNY/);
    await generate.getByRole('button', { name: 'Generate / regenerate' }).click();
    const generated = toast(merchant, `Statement ${month} CNY generated`);
    await generated.first().waitFor();
    const statement = merchant.getByTestId('statement-detail');
    await statement.waitFor();
    const check = statement.getByTestId('statement-check');
    expect(await check.getAttribute('data-reconciled')).toBe('true');
    const credits = moneyOf(centsOf(credited) + centsOf(refundAmount));
    expect(await text(check.getByTestId('statement-check-line'))).toBe(`Opening 0.00 CNY + in ${credits} CNY − out ${moneyOf(centsOf(chargeAmount))} CNY = ${closing} CNY`);
    expect(await text(check.getByTestId('statement-check-result'))).toBe('Reconciled');
    const figure = async (label: string) => text(statement.locator('.ant-descriptions-item-label').filter({ hasText: label }).locator('xpath=following-sibling::td[1]'));
    expect(await figure('Closing balance')).toBe(`${closing} CNY`);
    expect(await figure('Movements')).toBe('3');
    const lines = statement.locator('.ant-table-tbody tr.ant-table-row');
    expect(await lines.count()).toBe(3);
    const listed: string[][] = [];
    for (let index = 0; index < 3; index += 1) listed.push(await cellsOf(statement, lines.nth(index), ['Type', 'Reference number', 'Amount', 'Balance']));
    // a statement reads oldest first: the same movements as the details, in the order they happened
    expect(listed).toEqual([...shown].reverse());
    // the drawer's title is under the message until it fades
    await generated.first().waitFor({ state: 'detached' });
    await shot(merchant, 'finance-statement-detail-en-US');
    await merchant.keyboard.press('Escape');
    await statement.waitFor({ state: 'detached' });
    await expect.poll(() => text(rowWith(list, month))).toContain(`${closing} CNY`);

    // the closing balance is what the wallet holds
    balance = await cnyBalance(merchant);
    await expect.poll(() => text(balance)).toBe(`${closing} CNY`);

    // ---- 7. another merchant (in simplified Chinese) sees none of it
    const other = await signedIn('merchant2', 'zh-CN', '/finance/wallet/overview');
    await other.getByTestId('wallet-empty').waitFor();
    expect(await text(other.getByTestId('wallet-empty'))).toContain('您还没有钱包');
    expect(await other.locator('[data-testid^="wallet-card-"]').count()).toBe(0);
    const ours = [rechargeNo, paymentNo, refundNo];
    await expectEmptyList(other, '/finance/wallet/recharge', 'wallet-recharge', '/finance/virtualWallet/recharge/list', '交易单号', ours);
    await expectEmptyList(other, '/finance/detail', 'finance-detail', '/finance/detail/list', '参考单号', ours);
    await expectEmptyList(other, '/finance/alipay-statement', 'finance-statement', '/finance/brand/account/history/list', '期初余额', ours);
    await shot(other, 'finance-statement-empty-merchant2-zh-CN');
  });
});
