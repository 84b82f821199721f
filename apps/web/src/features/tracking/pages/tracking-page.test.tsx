import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { TrackResult } from '@portal/shared/logistics-schemas';
import { changeLanguage } from '../../../lib/i18n.ts';
import { TrackingPage } from './tracking-page.tsx';

const fetchMock = vi.fn<typeof fetch>();
const json = (result: unknown) => new Response(JSON.stringify({ success: true, message: '', code: 200, result, timestamp: 0 }), { headers: { 'content-type': 'application/json' } });

beforeAll(async () => {
  await changeLanguage('en-US');
  vi.stubGlobal('fetch', fetchMock);
});
afterAll(async () => {
  vi.unstubAllGlobals();
  await changeLanguage('zh-TW');
});
afterEach(() => fetchMock.mockReset());

/** Events at noon UTC, so that every time zone from -11 to +11 puts them on the same calendar days. */
const IN_TRANSIT: TrackResult = {
  number: 'LO26011500000001',
  found: true,
  orderNo: 'LO26011500000001',
  status: 'CROSS_BORDER',
  destinationCountry: 'TW',
  events: [
    { occurredAt: '2026-01-16T12:30:00.000Z', status: 'CROSS_BORDER', location: 'Hong Kong', description: 'Departed for Taiwan' },
    { occurredAt: '2026-01-15T12:20:00.000Z', status: 'WHOUT', location: 'Shenzhen', description: 'Parcel left the warehouse' },
    { occurredAt: '2026-01-15T12:10:00.000Z', status: 'WHIN', location: 'Shenzhen', description: 'Parcel received at the warehouse' },
    { occurredAt: '2026-01-14T12:00:00.000Z', status: 'CREATED', location: '', description: 'Order created' },
  ],
};
const LOST: TrackResult = {
  number: 'SF1234567890',
  found: true,
  orderNo: 'LO26011000000009',
  status: 'LOST',
  destinationCountry: 'MY',
  events: [
    { occurredAt: '2026-01-13T12:00:00.000Z', status: 'LOST', location: 'Kuala Lumpur', description: 'Parcel lost' },
    { occurredAt: '2026-01-12T12:00:00.000Z', status: 'OVERSEA_WH', location: 'Kuala Lumpur', description: 'At the overseas warehouse' },
    { occurredAt: '2026-01-10T12:00:00.000Z', status: 'WHIN', location: 'Yiwu', description: 'Received' },
  ],
};
const MISSING: TrackResult = { number: 'NOPE-1', found: false, orderNo: null, status: null, destinationCountry: null, events: [] };

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/track', Component: TrackingPage },
      { path: '/yesstyleTrack/*', Component: TrackingPage },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const textarea = () => screen.getByLabelText('Numbers to track') as HTMLTextAreaElement;
const requested = (call = 0) => new URL(String(fetchMock.mock.calls[call]?.[0]), 'http://portal.test');

describe('the public tracking page', () => {
  test('looks several numbers up at once and shows, for each, its milestones, its timeline by day or a clear not-found', async () => {
    fetchMock.mockResolvedValue(json([IN_TRANSIT, LOST, MISSING]));
    renderAt('/track');
    fireEvent.change(await screen.findByLabelText('Numbers to track'), { target: { value: 'LO26011500000001\nSF1234567890, NOPE-1\nLO26011500000001' } });
    expect(screen.getByTestId('track-count').textContent).toBe('3 / 40 numbers');
    fireEvent.click(screen.getByTestId('track-submit'));

    const results = await screen.findAllByTestId('track-result');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(requested().pathname).toBe('/api/open/track');
    expect(requested().searchParams.get('numbers')).toBe('LO26011500000001,SF1234567890,NOPE-1');
    expect(screen.getByTestId('track-summary').textContent).toBe('3 numbers: 2 found, 1 not found');
    expect(results).toHaveLength(3);

    // in transit: four steps behind it, the fifth current, three ahead
    const transit = within(results[0]!);
    expect(transit.getByRole('heading', { level: 3 }).textContent).toBe('LO26011500000001');
    expect(transit.getByTestId('track-status').textContent).toContain('In cross-border transit');
    expect(transit.getByTestId('track-destination').textContent).toBe('Taiwan');
    const steps = transit.getAllByRole('listitem').filter((item) => item.hasAttribute('data-state'));
    expect(steps.map((step) => step.dataset.state)).toEqual(['reached', 'reached', 'reached', 'reached', 'current', 'ahead', 'ahead', 'ahead']);
    expect(steps[4]!.getAttribute('aria-current')).toBe('step');
    expect(transit.queryByTestId('track-exception')).toBeNull();

    // the timeline: three days, newest first, newest first within a day
    const days = transit.getAllByTestId('timeline-day');
    expect(days.map((day) => day.querySelector('time')?.getAttribute('datetime'))).toEqual(['2026-01-16', '2026-01-15', '2026-01-14']);
    expect(within(days[1]!).getAllByTestId('timeline-event').map((item) => item.querySelector('p')?.firstChild?.textContent)).toEqual(['Parcel left the warehouse', 'Parcel received at the warehouse']);
    expect(days[0]!.textContent).toContain('Hong Kong');

    // lost: the banner, and the steps it reached before it left the path; its own order number shown
    const lost = within(results[1]!);
    expect(lost.getByTestId('track-exception').textContent).toContain('Parcel lost');
    expect(lost.getByTestId('track-order-no').textContent).toBe('LO26011000000009');
    const lostSteps = lost.getAllByRole('listitem').filter((item) => item.hasAttribute('data-state'));
    expect(lostSteps.map((step) => step.dataset.state)).toEqual(['reached', 'reached', 'reached', 'reached', 'reached', 'reached', 'ahead', 'ahead']);

    // not found: said plainly, with no milestones or timeline
    const missing = within(results[2]!);
    expect(missing.getByTestId('track-not-found').textContent).toContain('No shipment found');
    expect(missing.queryByTestId('milestones')).toBeNull();
    expect(missing.queryByTestId('timeline')).toBeNull();
  });

  test('refuses more than 40 numbers before sending anything', async () => {
    renderAt('/track');
    const numbers = Array.from({ length: 41 }, (_, index) => `LO${String(index).padStart(14, '0')}`);
    fireEvent.change(await screen.findByLabelText('Numbers to track'), { target: { value: numbers.join('\n') } });
    expect(screen.getByTestId('track-count').textContent).toBe('41 / 40 numbers');
    fireEvent.click(screen.getByTestId('track-submit'));
    expect((await screen.findByRole('alert')).textContent).toBe('At most 40 numbers at once; there are 41');
    expect(textarea().getAttribute('aria-invalid')).toBe('true');
    expect(fetchMock).not.toHaveBeenCalled();

    fireEvent.change(textarea(), { target: { value: '' } });
    fireEvent.click(screen.getByTestId('track-submit'));
    expect((await screen.findByRole('alert')).textContent).toBe('Enter at least one number');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  test('opened for a number (/yesstyleTrack/<number>), fills it in and looks it up at once', async () => {
    fetchMock.mockResolvedValue(json([MISSING]));
    renderAt('/yesstyleTrack/NOPE-1/detail');
    expect(await screen.findByTestId('track-not-found')).toBeTruthy();
    expect(textarea().value).toBe('NOPE-1');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(requested().searchParams.get('numbers')).toBe('NOPE-1');
    // one number: no summary, no list of results
    expect(screen.queryByTestId('track-summary')).toBeNull();
  });

  test('keeps the numbers searched in the address, so that the search can be shared, and restores them on load', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(json([IN_TRANSIT, MISSING])));
    const router = renderAt('/track');
    fireEvent.change(await screen.findByLabelText('Numbers to track'), { target: { value: 'LO26011500000001\nNOPE-1' } });
    fireEvent.click(screen.getByTestId('track-submit'));
    await screen.findAllByTestId('track-result');
    expect(router.state.location.pathname + router.state.location.search).toBe('/track?numbers=LO26011500000001,NOPE-1');
    cleanup();

    // the shared address: the same numbers, one a line, looked up at once
    fetchMock.mockClear();
    renderAt('/track?numbers=LO26011500000001,NOPE-1');
    expect(await screen.findAllByTestId('track-result')).toHaveLength(2);
    expect(textarea().value).toBe('LO26011500000001\nNOPE-1');
    expect(requested().searchParams.get('numbers')).toBe('LO26011500000001,NOPE-1');
  });

  test('opened as /yesstyleTrack/<number>, a new search stays in that form', async () => {
    fetchMock.mockResolvedValue(json([MISSING]));
    const router = renderAt('/yesstyleTrack/NOPE-1');
    await screen.findByTestId('track-not-found');
    fireEvent.change(textarea(), { target: { value: 'NOPE-1 LO26011500000001' } });
    fireEvent.click(screen.getByTestId('track-submit'));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/yesstyleTrack/NOPE-1,LO26011500000001'));
  });

  test("shows the server's refusal (rate limit) and keeps the form", async () => {
    fetchMock.mockResolvedValue(new Response(JSON.stringify({ success: false, message: 'Too many lookups, try again in a minute', code: 429, result: null, timestamp: 0 }), { status: 429, headers: { 'content-type': 'application/json' } }));
    renderAt('/track?numbers=LO26011500000001');
    expect((await screen.findByTestId('track-error')).textContent).toBe('Too many lookups, try again in a minute');
    expect(textarea().value).toBe('LO26011500000001');
    expect(screen.queryByTestId('track-results')).toBeNull();
  });
});
