import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

describe('wallet at a glance (/platform-api/finance/virtualWallet)', () => {
  let t: TestApp;
  let merchant: string;
  beforeAll(async () => {
    t = await createTestApp();
    merchant = await t.login('merchant');
  });
  afterAll(() => t.close());

  it('answers a zero balance in a currency the tenant has no wallet in yet', async () => {
    const response = await t.call({ method: 'POST', url: '/platform-api/finance/virtualWallet/balance', token: merchant, payload: { currency: 'JPY' } });
    expect(response.statusCode).toBe(200);
    expect(response.json().result).toEqual({ currency: 'JPY', balance: '0', unrecharged: '0', pendingRefund: '0', updatedAt: null });
  });

  it('lists no wallets for a tenant without money', async () => {
    const response = await t.call({ method: 'POST', url: '/platform-api/finance/virtualWallet/wallet/details', token: merchant, payload: {} });
    expect(response.json().result).toEqual({ wallets: [] });
  });
});
