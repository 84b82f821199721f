import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { changeLanguage } from '../../../lib/i18n.ts';
import { inEnglish, signIn, signOut } from '../../../test/fixtures.ts';
import { refuse, renderUi, stubFetch, type FetchCall } from '../../../test/render-ui.tsx';
import { TenantFormDrawer } from './tenant-form-drawer.tsx';
import { tenantState, toAddInput, validityProblem } from '../tenant-form-rules.ts';

const type = async (label: string, value: string) => {
  await userEvent.clear(screen.getByLabelText(label));
  await userEvent.type(screen.getByLabelText(label), value);
};
const save = () => userEvent.click(screen.getByRole('button', { name: 'Save' }));
const writes = (calls: FetchCall[]) => calls.filter((call) => call.method !== 'GET');

const TENANT = {
  id: 1001,
  name: 'Kowloon Parcels',
  status: 1,
  packageId: 7,
  packageName: 'Standard',
  validFrom: null,
  validUntil: null,
  contactName: '',
  contactPhone: '',
  contactEmail: '',
  mainUsername: 'kowloon_main',
  mainRealname: 'Wong',
  userCount: 1,
  createdAt: '2026-01-01T00:00:00Z',
};

/** 'merchant' is taken; the default package is 7. */
function server(call: FetchCall): unknown {
  const path = call.url.pathname;
  if (path.endsWith('/sys/tenant/packageOptions')) return [{ id: 7, name: 'Standard', status: 1, isDefault: true }, { id: 8, name: 'Old', status: 0, isDefault: false }];
  if (path.endsWith('/sys/tenant/add')) {
    const body = call.body as { account: { username: string } };
    if (body.account.username === 'merchant') return refuse(409, 'This username is already taken');
    return { tenant: TENANT, generatedPassword: 'Gen3ratedPw7a' };
  }
  return new Response(null, { status: 404 });
}

describe("the tenant form's rules", () => {
  it('needs the last day of the period on or after the first', () => {
    expect(validityProblem(dayjs('2027-01-02'), dayjs('2027-01-01'))).toBe('validityOrder');
    expect(validityProblem(dayjs('2027-01-02'), dayjs('2027-01-02'))).toBeNull();
    expect(validityProblem(null, dayjs('2020-01-01'))).toBeNull();
  });

  it('tells frozen, not yet valid, expired and active apart', () => {
    const now = Date.parse('2026-06-01T00:00:00Z');
    expect(tenantState({ status: 0, validFrom: null, validUntil: null }, now)).toBe('frozen');
    expect(tenantState({ status: 1, validFrom: '2026-07-01T00:00:00Z', validUntil: null }, now)).toBe('notYet');
    expect(tenantState({ status: 1, validFrom: null, validUntil: '2026-05-31T23:59:59Z' }, now)).toBe('expired');
    expect(tenantState({ status: 1, validFrom: '2026-01-01T00:00:00Z', validUntil: '2027-01-01T00:00:00Z' }, now)).toBe('active');
  });

  it('leaves an empty password out, so that the server generates one', () => {
    const values = { name: ' Co ', packageId: 7, validFrom: null, validUntil: null, contactName: '', contactPhone: '', contactEmail: '', username: ' shop_01 ', password: '', realname: 'Li', phone: '0912000123' };
    expect(toAddInput(values).account).toEqual({ username: 'shop_01', realname: 'Li', phone: '0912000123' });
    expect(toAddInput({ ...values, password: 'Secret123' }).account.password).toBe('Secret123');
    expect(toAddInput(values).name).toBe('Co');
  });
});

describe('the tenant drawer', { timeout: 60_000 }, () => {
  beforeAll(() => inEnglish('system-tenants'));
  afterAll(() => changeLanguage('zh-TW'));
  afterEach(() => {
    cleanup();
    signOut();
    vi.unstubAllGlobals();
  });

  it('refuses a bad username, phone and weak password before sending anything', async () => {
    signIn(['system:tenant:add']);
    const calls = stubFetch(server);
    renderUi(<TenantFormDrawer open tenant={null} onClose={vi.fn()} />);
    await screen.findByTestId('tenant-form-username');
    await type('Tenant name', 'Kowloon Parcels');
    await type('Username', 'ab');
    await type('Real name', 'Wong');
    await type('Mobile number', '12');
    await type('Password', 'letters');
    await save();
    expect(await screen.findByText('The username needs 4 to 32 characters: letters, digits and underscores only')).toBeTruthy();
    expect(await screen.findByText('Invalid phone number')).toBeTruthy();
    expect(await screen.findByText('The password needs 8 to 64 characters with both letters and digits')).toBeTruthy();
    expect(writes(calls)).toEqual([]);
  });

  it("adds a tenant on the default package, shows the server's refusal, then the generated password once", async () => {
    signIn(['system:tenant:add']);
    const onClose = vi.fn();
    const calls = stubFetch(server);
    renderUi(<TenantFormDrawer open tenant={null} onClose={onClose} />);
    await screen.findByTestId('tenant-form-username');
    await type('Tenant name', 'Kowloon Parcels');
    await type('Username', 'merchant');
    await type('Real name', 'Wong');
    await type('Mobile number', '0912000123');
    await save();
    expect(await screen.findByText('This username is already taken')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    await type('Username', 'kowloon_main');
    await save();
    await waitFor(() => expect(writes(calls)).toHaveLength(2), { timeout: 3000 });
    expect(writes(calls)[1]?.body).toEqual({
      name: 'Kowloon Parcels',
      packageId: 7,
      validFrom: null,
      validUntil: null,
      contactName: '',
      contactPhone: '',
      contactEmail: '',
      account: { username: 'kowloon_main', realname: 'Wong', phone: '0912000123' },
    });
    expect(await screen.findByText('Gen3ratedPw7a')).toBeTruthy();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('edits without the main account fields', async () => {
    signIn(['system:tenant:edit']);
    stubFetch(server);
    renderUi(<TenantFormDrawer open tenant={TENANT} onClose={vi.fn()} />);
    await screen.findByTestId('tenant-form-name');
    expect(screen.queryByTestId('tenant-form-username')).toBeNull();
    expect((screen.getByTestId('tenant-form-name') as HTMLInputElement).value).toBe('Kowloon Parcels');
  });
});
