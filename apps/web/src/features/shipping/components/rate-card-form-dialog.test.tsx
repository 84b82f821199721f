import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { changeLanguage } from '../../../lib/i18n.ts';
import { inEnglish, signOut } from '../../../test/fixtures.ts';
import { refuse, renderUi, stubFetch, type FetchCall } from '../../../test/render-ui.tsx';
import { signInWith } from '../test/shipping-fixtures.ts';
import { RateCardFormDialog } from './rate-card-form-dialog.tsx';

const field = (label: string) => screen.getByLabelText(label);
const retype = async (label: string, value: string) => {
  await userEvent.clear(field(label));
  if (value) await userEvent.type(field(label), value);
};
async function choose(label: string, option: string) {
  await userEvent.click(field(label));
  await userEvent.click(await screen.findByTitle(option));
}
const example = (key: string) => screen.getByTestId(`freight-example-${key}`).textContent;
const save = () => userEvent.click(screen.getByRole('button', { name: 'Save' }));
const posts = (calls: FetchCall[]) => calls.filter((call) => call.method !== 'GET');

describe('the rate card form: money in the currency’s decimals, and the example price', { timeout: 60_000 }, () => {
  beforeAll(() => inEnglish('shipping'));
  afterAll(() => changeLanguage('zh-TW'));
  afterEach(() => {
    cleanup();
    signOut();
    vi.unstubAllGlobals();
  });

  it('prices 1 kg, 2.5 kg and a bulky box as the server will, and follows every change', async () => {
    signInWith([]);
    stubFetch(() => new Response(null, { status: 404 }));
    renderUi(<RateCardFormDialog open card={null} onClose={vi.fn()} />);
    await screen.findByRole('dialog');
    // no prices yet: no examples
    expect(screen.getByTestId('freight-example').textContent).toContain('Fill in the weights and prices');
    await retype('First weight price', '18');
    await retype('Price per step', '6');
    await waitFor(() => expect(example('1')).toBe('24.00 CNY'));
    expect(example('2.5')).toBe('42.00 CNY');
    // 40 x 30 x 20 cm / 6000 = 4 kg chargeable: 18 + 7 steps of 6
    expect(example('box')).toBe('60.00 CNY');
    expect(screen.getByText(/volumetric 4\.000 kg/)).toBeTruthy();

    await retype('Volumetric divisor', '5000');
    // 24000 cm³ / 5000 = 4.8 kg: 18 + 9 steps of 6
    await waitFor(() => expect(example('box')).toBe('72.00 CNY'));
    await retype('Additional step (kg)', '1');
    await waitFor(() => expect(example('2.5')).toBe('30.00 CNY'));
  });

  it('refuses decimals JPY does not have and more than 2 elsewhere, and sends nothing', async () => {
    signInWith([]);
    const calls = stubFetch(() => new Response(null, { status: 404 }));
    renderUi(<RateCardFormDialog open card={null} onClose={vi.fn()} />);
    await screen.findByRole('dialog');
    await choose('Destination', 'Japan');
    await choose('Service type', 'Basic');
    await retype('First weight price', '18.005');
    await retype('Price per step', '6');
    await save();
    expect(await screen.findByText('First weight price: an amount of 0 or more, at most 2 decimals')).toBeTruthy();

    await retype('First weight price', '1200.50');
    await choose('Currency', 'Japanese Yen');
    await save();
    expect(await screen.findByText('First weight price: JPY has no decimals, enter a whole number')).toBeTruthy();
    expect(screen.getByTestId('freight-example').textContent).toContain('Fill in the weights and prices');

    await retype('First weight (kg)', '0');
    await retype('Volumetric divisor', '999');
    await save();
    expect(await screen.findByText('First weight (kg): more than 0 kg, at most 3 decimals')).toBeTruthy();
    expect(screen.getByText('Volumetric divisor: a whole number from 1000 to 10000')).toBeTruthy();
    await retype('First weight (kg)', '10000.001');
    await save();
    expect(await screen.findByText('First weight (kg): at most 10,000 kg')).toBeTruthy();
    expect(posts(calls)).toEqual([]);
  });

  it('sends exact decimal strings, shows the server’s refusal, and closes when saved', async () => {
    signInWith([]);
    let refusals = 1;
    const calls = stubFetch(({ method, url }) => {
      if (method === 'POST' && url.pathname === '/api/warehouse/rateCard/add') {
        return refusals-- > 0 ? refuse(409, 'Japan Basic has a rate card already') : { id: 99 };
      }
      return new Response(null, { status: 404 });
    });
    const onClose = vi.fn();
    renderUi(<RateCardFormDialog open card={null} onClose={onClose} />);
    await screen.findByRole('dialog');
    await choose('Destination', 'Japan');
    await choose('Service type', 'Basic');
    await choose('Currency', 'Japanese Yen');
    await retype('First weight price', '1200');
    await retype('Price per step', '300');
    await waitFor(() => expect(example('1')).toBe('1,500 JPY'));
    expect(example('2.5')).toBe('2,400 JPY');
    await userEvent.type(field('Remark'), ' from the tender ');

    await save();
    expect((await screen.findByTestId('server-error')).textContent).toBe('Japan Basic has a rate card already');
    expect(onClose).not.toHaveBeenCalled();
    await save();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const sent = posts(calls).map((call) => call.body);
    expect(sent).toHaveLength(2);
    expect(sent[1]).toEqual({
      destinationCountry: 'JP',
      serviceType: 'BASE',
      currency: 'JPY',
      firstWeight: '0.5',
      firstPrice: '1200',
      stepWeight: '0.5',
      stepPrice: '300',
      volumetricDivisor: 6000,
      active: true,
      remark: 'from the tender',
    });
    expect(await screen.findByText('Saved')).toBeTruthy();
  });
});
