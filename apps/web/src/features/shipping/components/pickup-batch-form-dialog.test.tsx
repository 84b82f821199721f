import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import type { OrderRecord } from '@portal/shared/logistics-schemas';
import { changeLanguage } from '../../../lib/i18n.ts';
import { inEnglish, signOut } from '../../../test/fixtures.ts';
import { pageOf, refuse, renderUi, stubFetch, type FetchCall } from '../../../test/render-ui.tsx';
import { signInWith } from '../test/shipping-fixtures.ts';
import { PickupBatchFormDialog } from './pickup-batch-form-dialog.tsx';

const order = (id: number, weight: string): OrderRecord => ({
  id,
  orderNo: `LO26030100000${id}`,
  merchantOrderNo: `M-${id}`,
  serviceType: 'BASE',
  status: 'CREATED',
  statusUpdatedAt: '2026-03-01T02:00:00.000Z',
  destinationCountry: 'TW',
  warehouseCode: 'SZ01',
  waybillNo: null,
  recipientName: `Recipient ${id}`,
  itemQuantity: 1,
  merchandiseValue: '10.00',
  currency: 'CNY',
  weight,
  freight: '18.00',
  freightCurrency: 'CNY',
  createdAt: '2026-03-01T02:00:00.000Z',
});
const ORDERS = [order(1, '1.250'), order(2, '0.755'), order(3, '2.000')];

const form = () => document.querySelector<HTMLElement>('form[id="pickupBatch"]')!;
const batchDialog = () => form().closest<HTMLElement>('.ant-modal')!;
const save = () => userEvent.click(within(batchDialog()).getByRole('button', { name: 'Save' }));
const input = (label: string) => within(form()).getByLabelText(label);
const posts = (calls: FetchCall[]) => calls.filter((call) => call.method !== 'GET');
const summary = () => screen.getByTestId('batch-orders-summary').textContent;

async function pickOrders(...orderNos: string[]) {
  await userEvent.click(screen.getByTestId('batch-pick-orders'));
  const picker = (await screen.findByText('Select orders (Created, in no other batch)')).closest<HTMLElement>('.ant-modal')!;
  for (const orderNo of orderNos) await userEvent.click((await within(picker).findByText(orderNo)).closest('tr')!);
  await userEvent.click(within(picker).getByRole('button', { name: /OK|確\s?定/ }));
}

async function setTime(value: string) {
  const picker = input('Expected pick-up time');
  await userEvent.click(picker);
  await userEvent.clear(picker);
  await userEvent.type(picker, `${value}{enter}`);
}

function server(addAnswers: unknown[]) {
  return stubFetch(({ method, url }) => {
    if (method === 'GET' && url.pathname === '/api/logistics/pickupBatch/pickableOrders') return pageOf(ORDERS);
    if (method === 'POST' && url.pathname === '/api/logistics/pickupBatch/add') return addAnswers.shift();
    return new Response(null, { status: 404 });
  });
}

describe('the pick-up batch form', { timeout: 60_000 }, () => {
  beforeAll(() => inEnglish('shipping'));
  afterAll(() => changeLanguage('zh-TW'));
  afterEach(() => {
    cleanup();
    signOut();
    vi.unstubAllGlobals();
  });

  it('says what is missing next to each field and sends nothing', async () => {
    signInWith([]);
    const calls = server([]);
    renderUi(<PickupBatchFormDialog open batchId={null} onClose={vi.fn()} />);
    await save();
    expect(await screen.findByText('Please select at least one order')).toBeTruthy();
    expect(screen.getByText('Expected pick-up time is required')).toBeTruthy();
    expect(screen.getByText('Contact is required')).toBeTruthy();
    expect(screen.getByText('Contact phone is required')).toBeTruthy();
    expect(screen.getByText('Pick-up address is required')).toBeTruthy();

    // blanks are not a name, a phone is 5 to 32 characters, a pick-up is not planned for the past
    await userEvent.type(input('Contact'), '   ');
    await userEvent.type(input('Contact phone'), '1234');
    // earlier days cannot be picked at all; earlier today can, and is refused
    await setTime(`${dayjs().format('YYYY-MM-DD')} 00:00`);
    await save();
    expect(await screen.findByText('Contact phone is not valid')).toBeTruthy();
    expect(screen.getByText('Contact is required')).toBeTruthy();
    expect(screen.getByText('Expected pick-up time must be later than now')).toBeTruthy();
    expect(posts(calls)).toEqual([]);
  });

  it('picks orders free for a batch in the popup picker, sums their weight exactly, and lets one go', async () => {
    signInWith([]);
    const calls = server([]);
    renderUi(<PickupBatchFormDialog open batchId={null} onClose={vi.fn()} />);
    expect(summary()).toBe('No orders selected yet');
    await pickOrders('LO260301000001', 'LO260301000002');
    // 1.250 + 0.755 kg, added in grams
    await waitFor(() => expect(summary()).toBe('Orders selected: 2, estimated weight 2.005 kg'));
    // the server's list of Created orders in no live batch: an order of another batch is never offered
    expect(calls.some((call) => call.url.pathname === '/api/logistics/pickupBatch/pickableOrders')).toBe(true);
    expect(calls.some((call) => call.url.pathname === '/api/logistics/order/list')).toBe(false);

    // picking an order again does not count it twice
    await pickOrders('LO260301000002', 'LO260301000003');
    await waitFor(() => expect(summary()).toBe('Orders selected: 3, estimated weight 4.005 kg'));
    await userEvent.click(within(form()).getByRole('button', { name: 'Remove LO260301000001' }));
    expect(summary()).toBe('Orders selected: 2, estimated weight 2.755 kg');
  });

  it('sends the order ids, the time with the user’s offset and trimmed texts; shows a refusal and closes when saved', async () => {
    signInWith([]);
    const calls = server([refuse(409, 'Order LO260301000001 is in pick-up batch PB2603010001 already'), { id: 7 }]);
    const onClose = vi.fn();
    renderUi(<PickupBatchFormDialog open batchId={null} onClose={onClose} />);
    await pickOrders('LO260301000001', 'LO260301000003');
    await setTime('2099-01-02 09:30');
    await userEvent.type(input('Contact'), ' Chan Tai Man ');
    await userEvent.type(input('Contact phone'), '0912 345 678');
    await userEvent.type(input('Pick-up address'), ' 1 Harbour Road, Wan Chai ');
    await save();
    expect((await screen.findByTestId('server-error')).textContent).toBe('Order LO260301000001 is in pick-up batch PB2603010001 already');
    expect(onClose).not.toHaveBeenCalled();

    await save();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const sent = posts(calls).map((call) => call.body);
    expect(sent).toHaveLength(2);
    expect(sent[1]).toEqual({
      orderIds: [1, 3],
      expectedPickupAt: dayjs('2099-01-02T09:30:00').format(),
      contactName: 'Chan Tai Man',
      contactPhone: '0912 345 678',
      pickupAddress: '1 Harbour Road, Wan Chai',
      remark: '',
    });
  });
});
