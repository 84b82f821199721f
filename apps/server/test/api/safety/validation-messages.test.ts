import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refused } from '../../helpers/answers.ts';
import { createTestApp, testDbKind, type TestApp } from '../../helpers/test-app.ts';

/*
 * A refused request names the field as the screen labels it, in the caller's language, and says what
 * would be right: not "欄位 height 不可大於 500", "欄位 數量 的類型錯誤（應為 number）"
 * or a bare "格式不正確" for a negative weight. A field no screen has keeps its raw name.
 */

const ORDER_ADD = '/api/logistics/order/add';
const RECEIVE = '/api/warehouse/parcel/receive';
const CONVERT_PREVIEW = '/platform-api/finance/virtualWallet/convert/preview';

const order = {
  merchantOrderNo: 'VM-1',
  serviceType: 'BASE',
  destinationCountry: 'TW',
  warehouseCode: 'SZ01',
  recipient: { name: 'Chen Mei-Ling', phone: '0912345678', address: 'No. 7, Sec. 5, Xinyi Rd.' },
  currency: 'CNY',
  items: [{ name: 'Earphones', category: 'Electronics', quantity: 3, unitPrice: '19.99' }],
  weight: '1.250',
};
const measure = { number: 'NO-SUCH-NUMBER', warehouseCode: 'SZ01', weight: '1.2', length: '30', width: '20', height: '15' };

describe(`validation messages name the field as the screen does (${testDbKind()})`, () => {
  let t: TestApp;
  let merchant: string;
  let warehouse: string;

  beforeAll(async () => {
    t = await createTestApp();
    [merchant, warehouse] = (await Promise.all([t.login('merchant'), t.login('warehouse')])) as [string, string];
  });
  afterAll(() => t.close());

  const message = async (url: string, token: string, payload: object, lang: string) => refused(await t.call({ method: 'POST', url, token, lang, payload }), 400);

  it.each([
    // a number too big (the service's own limit)
    [RECEIVE, 'warehouse', { ...measure, height: '500.1' }, '高 (cm)不可大於 500', 'Height (cm) must be at most 500'],
    [RECEIVE, 'warehouse', { ...measure, weight: '1000.001' }, '重量 (kg)不可大於 1,000', 'Weight (kg) must be at most 1,000'],
    // a number too big (the schema's limit), inside a list
    [ORDER_ADD, 'merchant', { ...order, items: [order.items[0], { ...order.items[0], quantity: 100_001 }] }, '數量（商品 2）不可大於 100,000', 'Quantity (product 2) must be at most 100,000'],
    // a wrong type, in words
    [ORDER_ADD, 'merchant', { ...order, items: [{ ...order.items[0], quantity: '3' }] }, '數量（商品 1）須為數字', 'Quantity (product 1) must be a number'],
    [ORDER_ADD, 'merchant', { ...order, items: [{ ...order.items[0], quantity: 1.5 }] }, '數量（商品 1）須為整數', 'Quantity (product 1) must be a whole number'],
    // a negative weight says the rule
    [RECEIVE, 'warehouse', { ...measure, weight: '-1' }, '重量 (kg)須大於 0，最多 3 位小數', 'Weight (kg) must be more than 0, with at most 3 decimals'],
    [ORDER_ADD, 'merchant', { ...order, weight: '0' }, '訂單重量 (kg)須大於 0，最多 3 位小數', 'Weight (kg) must be more than 0, with at most 3 decimals'],
    [CONVERT_PREVIEW, 'merchant', { fromCurrency: 'CNY', toCurrency: 'TWD', amount: '-5' }, '轉出金額須大於 0，最多 2 位小數', 'Amount to convert must be more than 0, with at most 2 decimals'],
    // a missing field: typed or chosen, in the forms' one wording
    [ORDER_ADD, 'merchant', { ...order, recipient: { ...order.recipient, name: ' ' } }, '請輸入收件人姓名', 'Recipient name is required'],
    [ORDER_ADD, 'merchant', { ...order, serviceType: undefined }, '請選擇服務類型', 'Service type is required'],
    // a field the API does not take keeps its raw name
    [ORDER_ADD, 'merchant', { ...order, colour: 'red' }, '不認識的欄位：colour', 'Unknown field: colour'],
  ])('%s %j', async (url, who, payload, zhTW, enUS) => {
    const token = who === 'merchant' ? merchant : warehouse;
    expect(await message(url, token, payload, 'zh-TW')).toBe(zhTW);
    expect(await message(url, token, payload, 'en-US')).toBe(enUS);
  });

  it("names the receive list's date filters as its screen does", async () => {
    const refusal = async (lang: string) => refused(await t.call({ method: 'GET', url: '/api/warehouse/parcel/list', token: warehouse, lang, query: { storageFrom: 'soon' } }), 400);
    expect(await refusal('en-US')).toMatch(/^Received from /);
    expect(await refusal('zh-TW')).toMatch(/^入庫時間（起）/);
  });

  it('a field the catalogue does not know is named neutrally, as the client sent it', async () => {
    const response = await t.call({ method: 'POST', url: '/api/purchase/company/setLanguage', token: merchant, lang: 'zh-TW', query: { language: '9' } });
    expect(refused(response, 400)).toBe('欄位「language」只能是：0, 1');
  });
});
