import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { rateCards } from '../../../src/db/schema/logistics.ts';
import { createTestApp, testDbKind, type TestApp } from '../../helpers/test-app.ts';
import { ok, refused } from '../../helpers/answers.ts';
import { naming } from '../../helpers/field-names.ts';

type RateCard = {
  id: number;
  destinationCountry: string;
  serviceType: string;
  currency: string;
  firstWeight: string;
  firstPrice: string;
  stepWeight: string;
  stepPrice: string;
  volumetricDivisor: number;
  active: boolean;
  remark: string;
};
type Page<T> = { records: T[]; total: number; current: number; size: number; pages: number };
type Quote = { currency: string; chargeableWeight: string; freight: string } | null;

const R = '/api/warehouse/rateCard';
const QUOTE = '/api/logistics/freight/quote';

/** A JPY card for Korea: 1,500 yen for the first 0.5 kg, 300 yen per further 0.5 kg begun, L x W x H / 5000. */
const JPY_CARD = {
  destinationCountry: 'KR',
  serviceType: 'BASE',
  currency: 'JPY',
  firstWeight: '0.5',
  firstPrice: '1500',
  stepWeight: '0.5',
  stepPrice: '300',
  volumetricDivisor: 5000,
  remark: 'yen card',
};

describe(`rate cards and freight quotes (${testDbKind()})`, () => {
  let t: TestApp;
  let admin: string;
  let warehouse: string;
  let merchant: string;
  let merchant2: string;
  let staff: string;

  beforeAll(async () => {
    t = await createTestApp();
    [admin, warehouse, merchant, merchant2, staff] = await Promise.all([t.login('admin'), t.login('warehouse'), t.login('merchant'), t.login('merchant2'), t.login('staff')]);
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, body: { payload?: object; query?: Record<string, string> } = {}) =>
    t.call({ method, url, token, lang: 'en-US', ...body });
  const list = async (query: Record<string, string> = {}, token = warehouse) => ok<Page<RateCard>>(await call('GET', `${R}/list`, token, { query }));
  const cardOf = async (destinationCountry: string, serviceType: string) => (await list({ destinationCountry, serviceType })).records[0];
  const quote = async (query: Record<string, string>, token = merchant) => ok<Quote>(await call('GET', QUOTE, token, { query }));
  const cardCount = async () => Number((await t.db.select({ n: sql<number>`count(*)::int` }).from(rateCards))[0]!.n);
  const stored = async (destinationCountry: string, serviceType: 'BASE' | 'FULL_LINK' | 'HALF_LINK') =>
    (await t.db.select().from(rateCards).where(and(eq(rateCards.destinationCountry, destinationCountry), eq(rateCards.serviceType, serviceType))))[0];

  describe('the list', () => {
    it('lists the starting cards by destination and service, in decimal money and kilograms', async () => {
      const all = await list({ pageSize: '200' });
      expect(all.total).toBe(await cardCount());
      expect(all.records.slice(0, 3).map((c) => `${c.destinationCountry}/${c.serviceType}`)).toEqual(['AE/BASE', 'AE/FULL_LINK', 'AE/HALF_LINK']);
      const tw = await list({ destinationCountry: 'TW' });
      expect(tw.records).toEqual([
        { id: expect.any(Number), destinationCountry: 'TW', serviceType: 'BASE', currency: 'CNY', firstWeight: '0.500', firstPrice: '18.00', stepWeight: '0.500', stepPrice: '6.00', volumetricDivisor: 6000, active: true, remark: '' },
        { id: expect.any(Number), destinationCountry: 'TW', serviceType: 'FULL_LINK', currency: 'CNY', firstWeight: '0.500', firstPrice: '23.40', stepWeight: '0.500', stepPrice: '7.80', volumetricDivisor: 6000, active: true, remark: '' },
        { id: expect.any(Number), destinationCountry: 'TW', serviceType: 'HALF_LINK', currency: 'CNY', firstWeight: '0.500', firstPrice: '16.20', stepWeight: '0.500', stepPrice: '5.40', volumetricDivisor: 6000, active: true, remark: '' },
      ]);
      const halfLinks = await list({ serviceType: 'HALF_LINK', column: 'destinationCountry', order: 'desc', pageSize: '2' });
      expect(halfLinks.records.map((c) => c.destinationCountry)).toEqual(['VN', 'US']);
      expect(halfLinks).toMatchObject({ size: 2, pages: Math.ceil(halfLinks.total / 2) });
      expect((await list({ active: 'false' })).total).toBe(0);
    });

    it.each([
      [{ destinationCountry: 'XX' }, 'destinationCountry'],
      [{ serviceType: 'EXPRESS' }, 'serviceType'],
      [{ active: '1' }, 'active'],
      [{ column: 'firstPrice' }, 'column'],
      [{ pageSize: '1000' }, 'pageSize'],
    ])('refuses the list query %j naming %s', async (query, field) => {
      expect(refused(await call('GET', `${R}/list`, warehouse, { query }), 400)).toMatch(naming(field, `${R}/list`));
    });
  });

  describe('changing cards', () => {
    it('keeps one card per destination and service type (409)', async () => {
      const before = await cardCount();
      const response = await call('POST', `${R}/add`, admin, { payload: { ...JPY_CARD, destinationCountry: 'TW' } });
      expect(refused(response, 409)).toBe('A rate card for TW / BASE already exists');
      expect(await cardCount()).toBe(before);
    });

    it('adds a JPY card exactly, without decimals', async () => {
      const old = (await cardOf('KR', 'BASE'))!;
      ok(await call('DELETE', `${R}/delete`, admin, { query: { id: String(old.id) } }));
      const added = ok<RateCard>(await call('POST', `${R}/add`, warehouse, { payload: JPY_CARD }));
      expect(added).toEqual({ id: expect.any(Number), destinationCountry: 'KR', serviceType: 'BASE', currency: 'JPY', firstWeight: '0.500', firstPrice: '1500', stepWeight: '0.500', stepPrice: '300', volumetricDivisor: 5000, active: true, remark: 'yen card' });
      expect(await stored('KR', 'BASE')).toMatchObject({ currency: 'JPY', firstWeight: 500, firstPrice: 1500n, stepWeight: 500, stepPrice: 300n });
    });

    it.each([
      [{ currency: 'JPY', firstPrice: '1500.5' }, 'First weight price takes at most 0 decimals in JPY'],
      [{ currency: 'JPY', stepPrice: '0.01' }, 'Price per step takes at most 0 decimals in JPY'],
      [{ currency: 'KRW', stepPrice: '300.0' }, 'Price per step takes at most 0 decimals in KRW'],
    ])('refuses money finer than the currency (%j) and writes nothing', async (override, message) => {
      const before = await cardCount();
      expect(refused(await call('POST', `${R}/add`, admin, { payload: { ...JPY_CARD, destinationCountry: 'JP', serviceType: 'FULL_LINK', ...override } }), 400)).toBe(message);
      expect(await cardCount()).toBe(before);
    });

    it.each([
      [{ destinationCountry: 'XX' }, 'destinationCountry'],
      [{ destinationCountry: undefined }, 'destinationCountry'],
      [{ serviceType: 'EXPRESS' }, 'serviceType'],
      [{ currency: 'XYZ' }, 'currency'],
      [{ currency: 'CNY', firstPrice: '1.234' }, 'firstPrice'],
      [{ firstPrice: '-1' }, 'firstPrice'],
      [{ firstPrice: 15 }, 'firstPrice'],
      [{ stepPrice: '' }, 'stepPrice'],
      [{ firstWeight: '0' }, 'firstWeight'],
      [{ firstWeight: '0.0005' }, 'firstWeight'],
      [{ firstWeight: '10000.5' }, 'firstWeight'],
      [{ stepWeight: '-0.5' }, 'stepWeight'],
      [{ stepWeight: undefined }, 'stepWeight'],
      [{ volumetricDivisor: 999 }, 'volumetricDivisor'],
      [{ volumetricDivisor: 6000.5 }, 'volumetricDivisor'],
      [{ volumetricDivisor: 10_001 }, 'volumetricDivisor'],
      [{ active: 'yes' }, 'active'],
      [{ remark: 'x'.repeat(501) }, 'remark'],
      [{ id: 5 }, 'id'],
    ])('refuses the card %j naming %s and writes nothing', async (override, field) => {
      const before = await cardCount();
      expect(refused(await call('POST', `${R}/add`, admin, { payload: { ...JPY_CARD, destinationCountry: 'JP', serviceType: 'FULL_LINK', currency: 'CNY', firstPrice: '20', stepPrice: '5', ...override } }), 400)).toMatch(naming(field, `${R}/add`));
      expect(await cardCount()).toBe(before);
    });

    it('edits a card as a whole, refuses a route another card has and an unknown id', async () => {
      const card = (await cardOf('SG', 'FULL_LINK'))!;
      const edited = ok<RateCard>(
        await call('PUT', `${R}/edit`, warehouse, {
          payload: { id: card.id, destinationCountry: 'SG', serviceType: 'FULL_LINK', currency: 'SGD', firstWeight: '1', firstPrice: '12.5', stepWeight: '0.25', stepPrice: '1.05', active: false },
        }),
      );
      expect(edited).toEqual({ id: card.id, destinationCountry: 'SG', serviceType: 'FULL_LINK', currency: 'SGD', firstWeight: '1.000', firstPrice: '12.50', stepWeight: '0.250', stepPrice: '1.05', volumetricDivisor: 6000, active: false, remark: '' });
      expect(await stored('SG', 'FULL_LINK')).toMatchObject({ firstPrice: 1250n, stepPrice: 105n, stepWeight: 250 });
      expect((await list({ active: 'false' })).records.map((c) => c.id)).toEqual([card.id]);

      const taken = await call('PUT', `${R}/edit`, warehouse, { payload: { ...JPY_CARD, id: card.id, destinationCountry: 'SG', serviceType: 'BASE', currency: 'CNY' } });
      expect(refused(taken, 409)).toBe('A rate card for SG / BASE already exists');
      expect((await stored('SG', 'FULL_LINK'))!.id).toBe(card.id);
      refused(await call('PUT', `${R}/edit`, warehouse, { payload: { ...JPY_CARD, id: 987_654_321, destinationCountry: 'MO' } }), 404);
      expect(refused(await call('PUT', `${R}/edit`, warehouse, { payload: { ...JPY_CARD, id: card.id, destinationCountry: 'SG', serviceType: 'FULL_LINK', firstPrice: '1.5' } }), 400)).toMatch(naming('firstPrice', `${R}/edit`));
    });

    it('deletes a card; a second delete is 404', async () => {
      const card = (await cardOf('MX', 'HALF_LINK'))!;
      ok(await call('DELETE', `${R}/delete`, admin, { query: { id: String(card.id) } }));
      expect(await stored('MX', 'HALF_LINK')).toBeUndefined();
      refused(await call('DELETE', `${R}/delete`, admin, { query: { id: String(card.id) } }), 404);
      expect(refused(await call('DELETE', `${R}/delete`, admin, { query: { id: '-3' } }), 400)).toMatch(naming('id', `${R}/delete`));
    });

    it('refuses every rate-card endpoint to merchant users (403) and changes nothing', async () => {
      const card = (await cardOf('TW', 'BASE'))!;
      const before = await stored('TW', 'BASE');
      for (const token of [merchant, merchant2, staff]) {
        refused(await call('GET', `${R}/list`, token), 403);
        refused(await call('POST', `${R}/add`, token, { payload: { ...JPY_CARD, destinationCountry: 'MO' } }), 403);
        refused(await call('PUT', `${R}/edit`, token, { payload: { ...JPY_CARD, id: card.id, destinationCountry: 'TW' } }), 403);
        refused(await call('DELETE', `${R}/delete`, token, { query: { id: String(card.id) } }), 403);
      }
      expect(await stored('TW', 'BASE')).toEqual(before);
      expect((await t.call({ method: 'GET', url: `${R}/list` })).statusCode).toBe(401);
    });
  });

  describe('the quote', () => {
    // TW / BASE: 18.00 CNY for the first 0.5 kg, 6.00 per further 0.5 kg begun, L x W x H / 6000
    it.each([
      [{ weight: '0.5' }, '0.500', '18.00'],
      [{ weight: '0.501' }, '0.501', '24.00'],
      [{ weight: '1' }, '1.000', '24.00'],
      [{ weight: '2.3' }, '2.300', '42.00'],
      // 40 x 30 x 20 / 6000 = 4 kg, more than 2.3 kg: 18 + 7 steps x 6
      [{ weight: '2.3', length: '40', width: '30', height: '20' }, '4.000', '60.00'],
      // 30.5 x 20.5 x 10.5 / 6000 = 1.0941875 kg, rounded up to the gram: 18 + 2 steps x 6
      [{ weight: '0.8', length: '30.5', width: '20.5', height: '10.5' }, '1.095', '30.00'],
      // volumetric lighter than actual: the actual weight counts
      [{ weight: '5', length: '10', width: '10', height: '10' }, '5.000', '72.00'],
    ])('quotes TW BASE %j as %s kg for %s CNY', async (sizes, chargeableWeight, freight) => {
      expect(await quote({ destinationCountry: 'TW', serviceType: 'BASE', ...sizes })).toEqual({ currency: 'CNY', chargeableWeight, freight });
    });

    it('quotes in JPY without decimals, with the card\'s own divisor', async () => {
      // 1.2 kg: 1500 + 2 x 300
      expect(await quote({ destinationCountry: 'KR', serviceType: 'BASE', weight: '1.2' })).toEqual({ currency: 'JPY', chargeableWeight: '1.200', freight: '2100' });
      // 40 x 30 x 20 / 5000 = 4.8 kg: 1500 + 9 x 300
      expect(await quote({ destinationCountry: 'KR', serviceType: 'BASE', weight: '1.2', length: '40', width: '30', height: '20' }, merchant2)).toEqual({ currency: 'JPY', chargeableWeight: '4.800', freight: '4200' });
    });

    it('answers null for a route without an active card', async () => {
      expect(await quote({ destinationCountry: 'SG', serviceType: 'FULL_LINK', weight: '1' })).toBeNull();
      expect(await quote({ destinationCountry: 'MX', serviceType: 'HALF_LINK', weight: '1' }, staff)).toBeNull();
    });

    it.each([
      [{ serviceType: 'BASE', weight: '1' }, 'destinationCountry'],
      [{ destinationCountry: 'TW', weight: '1' }, 'serviceType'],
      [{ destinationCountry: 'TW', serviceType: 'BASE' }, 'weight'],
      [{ destinationCountry: 'TW', serviceType: 'BASE', weight: '0' }, 'weight'],
      [{ destinationCountry: 'TW', serviceType: 'BASE', weight: '1.0001' }, 'weight'],
      [{ destinationCountry: 'TW', serviceType: 'BASE', weight: '20000' }, 'weight'],
      [{ destinationCountry: 'TW', serviceType: 'BASE', weight: '1', length: '10' }, 'width'],
      [{ destinationCountry: 'TW', serviceType: 'BASE', weight: '1', length: '10', width: '10' }, 'height'],
      [{ destinationCountry: 'TW', serviceType: 'BASE', weight: '1', width: '10', height: '10' }, 'length'],
      [{ destinationCountry: 'TW', serviceType: 'BASE', weight: '1', length: '10.55', width: '10', height: '10' }, 'length'],
      [{ destinationCountry: 'TW', serviceType: 'BASE', weight: '1', currency: 'USD' }, 'currency'],
    ])('refuses the quote %j naming %s', async (query, field) => {
      expect(refused(await call('GET', QUOTE, merchant, { query }), 400)).toMatch(naming(field, QUOTE));
    });

    it('needs a session', async () => {
      expect((await t.call({ method: 'GET', url: QUOTE, query: { destinationCountry: 'TW', serviceType: 'BASE', weight: '1' } })).statusCode).toBe(401);
    });
  });
});
