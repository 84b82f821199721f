import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { formDefinition, type FormRow, type FormSchemaAnswer } from '@portal/shared/online';
import { changeLanguage } from '../../../lib/i18n.ts';
import { dictOption, inEnglish } from '../../../test/fixtures.ts';
import { renderUi, stubFetch } from '../../../test/render-ui.tsx';
import { FormRowDrawer } from './form-row-drawer.tsx';

/*
 * A row of an online form opened and saved without a change: each value goes back as the server keeps it (a
 * decimal as its text, not re-rounded to the field's scale; a date as its day; a time as its instant; a list
 * as its list; a switch as a boolean), whatever the controls hold in between.
 */

const titles = (en: string) => ({ 'zh-TW': en, 'zh-CN': en, 'en-US': en });
const SCHEMA: FormSchemaAnswer = {
  id: 3,
  code: 'claims',
  title: 'Claims',
  definition: formDefinition.parse({
    code: 'claims',
    titles: titles('Claims'),
    layout: { columns: 2 },
    fields: [
      { key: 'customer', titles: titles('Customer'), type: 'text', required: true },
      { key: 'note', titles: titles('Note'), type: 'textarea' },
      { key: 'weight', titles: titles('Weight'), type: 'number', scale: 3 },
      { key: 'pieces', titles: titles('Pieces'), type: 'integer' },
      { key: 'ship_on', titles: titles('Ship on'), type: 'date' },
      { key: 'picked_at', titles: titles('Picked at'), type: 'datetime' },
      { key: 'kind', titles: titles('Kind'), type: 'select', dictCode: 'claim_kind' },
      { key: 'channel', titles: titles('Channel'), type: 'radio', dictCode: 'channel' },
      { key: 'extras', titles: titles('Extras'), type: 'checkbox', dictCode: 'extras' },
      { key: 'urgent', titles: titles('Urgent'), type: 'switch' },
      { key: 'order', titles: titles('Order'), type: 'popup', popup: { reportCode: 'orders', originalFields: 'order_no', targetFields: 'order', multi: false } },
    ],
  }),
  dictOptions: {
    claim_kind: [dictOption('damage', 'Damage'), dictOption('loss', 'Loss')],
    channel: [dictOption('phone', 'Phone'), dictOption('mail', 'Mail')],
    extras: [dictOption('wrap', 'Gift wrap'), dictOption('insure', 'Insurance'), dictOption('photo', 'Photos')],
  },
};

/** The row as the server keeps it (apps/server/src/modules/online/form-row/model.ts: the canonical decimal, the ISO instant). */
const ROW: FormRow = {
  id: 21,
  version: 3,
  values: {
    customer: 'Kowloon Parcels',
    note: 'Box dented\nsecond line',
    weight: '1.5',
    pieces: '3',
    ship_on: '2026-03-01',
    picked_at: '2026-03-01T02:15:00.000Z',
    kind: 'damage',
    channel: 'mail',
    extras: ['photo', 'wrap'],
    urgent: true,
    order: 'LO26030100000042',
  },
  createdAt: '2026-03-01T03:00:00.000Z',
  createdBy: 'merchant',
  updatedAt: '2026-03-01T03:00:00.000Z',
};

describe('an online form row saved unchanged is sent as the server keeps it', { timeout: 60_000 }, () => {
  beforeAll(() => inEnglish('online-form'));
  afterAll(() => changeLanguage('zh-TW'));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('a value of every type', async () => {
    const calls = stubFetch((call) => {
      if (call.url.pathname === '/api/online/cgform/api/form/claims/21') return ROW;
      if (call.url.pathname === '/api/online/cgform/api/form/claims') return ROW;
      if (call.url.pathname.endsWith('/sys/duplicate/check') || call.url.pathname.endsWith('/sys/checkRule/checkByCode')) return null;
      return new Response(null, { status: 404 });
    });
    const onClose = vi.fn();
    renderUi(<FormRowDrawer schema={SCHEMA} open rowId={21} onClose={onClose} />);
    await waitFor(() => expect((screen.getByTestId('online-field-customer') as HTMLInputElement).value).toBe('Kowloon Parcels'));
    await userEvent.click(screen.getByTestId('online-form-save'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const saves = calls.filter((call) => call.method === 'PUT');
    expect(saves.map((call) => call.body)).toEqual([{ id: 21, version: 3, values: ROW.values }]);
  });
});
