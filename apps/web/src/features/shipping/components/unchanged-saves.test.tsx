import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import type { ParcelRecord, RateCardRecord } from '@portal/shared/logistics-schemas';
import { changeLanguage } from '../../../lib/i18n.ts';
import { inEnglish, signOut } from '../../../test/fixtures.ts';
import { renderUi, stubFetch, type FetchCall } from '../../../test/render-ui.tsx';
import type { PickupBatchDetail } from '../api/pickup-batches.ts';
import { signInWith } from '../test/shipping-fixtures.ts';
import { ParcelFormDialog } from './parcel-form-dialog.tsx';
import { PickupBatchFormDialog } from './pickup-batch-form-dialog.tsx';
import { RateCardFormDialog } from './rate-card-form-dialog.tsx';

/*
 * The shipping screens' edit dialogs opened on a record as the server answers it and saved without a change:
 * what they send is the record, field by field (weights and prices as the decimal text stored, times as the
 * instant stored).
 */

const writes = (calls: FetchCall[]) => calls.filter((call) => call.method !== 'GET');
const saveIn = (form: string) => userEvent.click(within(document.querySelector<HTMLElement>(`form[id="${form}"]`)!.closest<HTMLElement>('.ant-modal')!).getByRole('button', { name: 'Save' }));

/** Every check passes; the batch is the one given; a write answers null. */
function server(batch?: PickupBatchDetail) {
  return (call: FetchCall): unknown => {
    const path = call.url.pathname;
    if (path.endsWith('/sys/checkRule/checkByCode') || path.endsWith('/sys/duplicate/check')) return null;
    if (path.endsWith('/logistics/pickupBatch/queryById')) return batch;
    if (call.method !== 'GET') return null;
    return new Response(null, { status: 404 });
  };
}

async function sent(calls: FetchCall[]): Promise<FetchCall> {
  await waitFor(() => expect(writes(calls)).toHaveLength(1));
  return writes(calls)[0] as FetchCall;
}

const parcel = (change: Partial<ParcelRecord> = {}): ParcelRecord => ({
  id: 77,
  trackingNo: 'SF1400000077',
  orderId: 42,
  logisticsOrderNo: 'LO26030100000042',
  status: 'FORECAST',
  weight: '1.250',
  length: '30.0',
  width: '20.5',
  height: '10.0',
  warehouseCode: null,
  storageTime: null,
  shipmentTime: null,
  remark: 'Fragile: two mugs',
  createdAt: '2026-03-01T02:00:00.000Z',
  ...change,
});

describe('shipping: an edit saved unchanged sends the record as it is', { timeout: 60_000 }, () => {
  beforeAll(() => inEnglish('shipping'));
  afterAll(() => changeLanguage('zh-TW'));
  afterEach(() => {
    cleanup();
    signOut();
    vi.unstubAllGlobals();
  });

  it('a parcel with its order, weight, sizes and remark', async () => {
    signInWith(['logistics:package:edit']);
    const calls = stubFetch(server());
    const record = parcel();
    renderUi(<ParcelFormDialog open parcel={record} onClose={vi.fn()} />);
    await waitFor(() => expect((screen.getByLabelText('Tracking number') as HTMLInputElement).value).toBe(record.trackingNo));
    await saveIn('parcel');
    const call = await sent(calls);
    expect(call.url.pathname).toMatch(/\/logistics\/package\/edit$/);
    expect(call.body).toEqual({ id: 77, trackingNo: record.trackingNo, orderNo: record.logisticsOrderNo, weight: record.weight, length: record.length, width: record.width, height: record.height, remark: record.remark });
  });

  it('a parcel known by its number only: nothing is added to it', async () => {
    signInWith(['logistics:package:edit']);
    const calls = stubFetch(server());
    const record = parcel({ orderId: null, logisticsOrderNo: null, weight: null, length: null, width: null, height: null, remark: '' });
    renderUi(<ParcelFormDialog open parcel={record} onClose={vi.fn()} />);
    await waitFor(() => expect((screen.getByLabelText('Tracking number') as HTMLInputElement).value).toBe(record.trackingNo));
    await saveIn('parcel');
    expect((await sent(calls)).body).toEqual({ id: 77, trackingNo: record.trackingNo, remark: '' });
  });

  it('a pick-up batch: the time stays the instant stored, the contact and address as they are', async () => {
    signInWith(['logistics:pickup-batch:edit']);
    const expectedPickupAt = dayjs().add(3, 'day').hour(9).minute(30).second(0).millisecond(0).toISOString();
    const batch: PickupBatchDetail = {
      id: 12,
      batchNo: 'PB2603010012',
      status: 'WAIT_PREPARE_GOODS',
      cancelled: false,
      shipmentTotal: 1,
      estimatedWeight: '1.250',
      actualWeight: null,
      expectedPickupAt,
      estimatedPickupAt: null,
      actualPickupAt: null,
      plate: '',
      contactName: 'Chen',
      contactPhone: '+86 138 0013 8000',
      pickupAddress: 'Unit 5, 88 Bao An Road, Shenzhen',
      remark: 'Ring the bell twice',
      createdAt: '2026-03-01T02:00:00.000Z',
      orders: [{ id: 42, orderNo: 'LO26030100000042', merchantOrderNo: 'SO-42', status: 'CREATED', weight: '1.250' }],
    };
    const calls = stubFetch(server(batch));
    renderUi(<PickupBatchFormDialog open batchId={12} onClose={vi.fn()} />);
    await screen.findByText('LO26030100000042');
    await waitFor(() => expect((screen.getByLabelText('Contact') as HTMLInputElement).value).toBe('Chen'));
    await saveIn('pickupBatch');
    const call = await sent(calls);
    expect(call.url.pathname).toMatch(/\/logistics\/pickupBatch\/edit$/);
    const body = call.body as { expectedPickupAt: string };
    expect(Date.parse(body.expectedPickupAt)).toBe(Date.parse(expectedPickupAt));
    expect(body).toEqual({ id: 12, expectedPickupAt: body.expectedPickupAt, contactName: batch.contactName, contactPhone: batch.contactPhone, pickupAddress: batch.pickupAddress, remark: batch.remark });
  });

  it('a rate card in yen, switched off, with its own volumetric divisor', async () => {
    signInWith(['warehouse:rate-card:edit']);
    const calls = stubFetch(server());
    const card: RateCardRecord = { id: 5, destinationCountry: 'JP', serviceType: 'FULL_LINK', currency: 'JPY', firstWeight: '0.500', firstPrice: '1500', stepWeight: '0.500', stepPrice: '600', volumetricDivisor: 5000, active: false, remark: 'Winter rates' };
    renderUi(<RateCardFormDialog open card={card} onClose={vi.fn()} />);
    await screen.findByTitle('Japan');
    await saveIn('rateCard');
    const call = await sent(calls);
    expect(call.url.pathname).toMatch(/\/warehouse\/rateCard\/edit$/);
    const { id, destinationCountry, serviceType, currency, firstWeight, firstPrice, stepWeight, stepPrice, volumetricDivisor, active, remark } = card;
    expect(call.body).toEqual({ id, destinationCountry, serviceType, currency, firstWeight, firstPrice, stepWeight, stepPrice, volumetricDivisor, active, remark });
  });
});
