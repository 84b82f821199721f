import { randomUUID } from 'node:crypto';
import type { BrowserSuite } from './browser-suite.ts';
import { voucherPng } from './finance.ts';

/*
 * Money in a merchant's wallet the way the portal puts it there, over its HTTP API: the merchant uploads a
 * bank voucher and submits a recharge, platform finance approves it. For the walks whose subject is what is
 * bought with the money, not the recharge screens (those have their own walk, finance-journey).
 */

type Envelope<T> = { success: boolean; message: string; result: T };

type Suite = Pick<BrowserSuite, 'portal' | 'session'>;

async function call<T>(suite: Suite, token: string, method: 'GET' | 'POST', urlPath: string, body?: unknown, form?: FormData): Promise<T> {
  const response = await fetch(suite.portal().url + urlPath, {
    method,
    headers: {
      Accept: 'application/json',
      'Accept-Language': 'en-US',
      'X-Access-Token': token,
      'Idempotency-Key': randomUUID(),
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: form ?? (body === undefined ? undefined : JSON.stringify(body)),
  });
  const envelope = (await response.json()) as Envelope<T>;
  if (!response.ok || !envelope.success) throw new Error(`${method} ${urlPath}: HTTP ${response.status} ${envelope.message}`);
  return envelope.result;
}

/** Credits `amount` (a decimal string) of CNY to the CNY wallet of the merchant signed in with `merchant` (a token): a recharge with a voucher, approved by `finance`. */
export async function fundCnyWallet(suite: Suite, merchant: string, amount: string): Promise<void> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(voucherPng())], { type: 'image/png' }), 'voucher.png');
  const voucher = await call<{ id: number }>(suite, merchant, 'POST', '/platform-api/finance/virtualWallet/recharge/credentials', undefined, form);
  const recharge = await call<{ id: number }>(suite, merchant, 'POST', '/platform-api/finance/virtualWallet/recharge/submit', {
    transferCurrency: 'CNY',
    transferAmount: amount,
    receivedCurrency: 'CNY',
    receivingAccountCode: 'CN-ICBC',
    payerName: 'Demo Trading',
    payerAccount: '6222 0000 1111',
    remark: 'purchasing walk',
    voucherIds: [voucher.id],
    draft: false,
  });
  await call(suite, suite.session('finance').token, 'POST', '/platform-api/finance/virtualWallet/recharge/confirm/submit', { id: recharge.id, approve: true, reason: '' });
}
