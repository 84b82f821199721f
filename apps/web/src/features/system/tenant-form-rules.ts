import type { Dayjs } from 'dayjs';
import type { TenantAddInput, TenantEditInput, TenantRecord } from '@portal/shared/system-tenants';
import { isStrongPassword } from '@portal/shared/password-rule';
import { isPhone, USERNAME_PATTERN } from '@portal/shared/account-rule';

/*
 * The tenant form's checks before sending, in the server's words (modules/system/tenant/service.ts), and the
 * form's values as the calls take them; the server stays the judge.
 */

export type TenantFormValues = {
  name: string;
  packageId?: number;
  validFrom: Dayjs | null;
  validUntil: Dayjs | null;
  contactName: string;
  contactPhone: string;
  contactEmail: string;
  /** the main account: asked on add only */
  username: string;
  password: string;
  realname: string;
  phone: string;
};

export type TenantFormProblem = 'validityOrder' | 'usernameInvalid' | 'phoneInvalid' | 'passwordWeak' | 'emailInvalid';

const isEmail = (input: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(input);

/** A period runs from the start of its first day to the end of its last: the last day may not come before the first. */
export const validityProblem = (from: Dayjs | null, until: Dayjs | null): TenantFormProblem | null =>
  from && until && until.endOf('day').valueOf() <= from.startOf('day').valueOf() ? 'validityOrder' : null;
export const usernameProblem = (value: string): TenantFormProblem | null => (value === '' || USERNAME_PATTERN.test(value) ? null : 'usernameInvalid');
export const phoneProblem = (value: string): TenantFormProblem | null => (value === '' || isPhone(value) ? null : 'phoneInvalid');
/** Empty: the server makes one up and shows it once. */
export const passwordProblem = (value: string): TenantFormProblem | null => (value === '' || isStrongPassword(value) ? null : 'passwordWeak');
export const emailProblem = (value: string): TenantFormProblem | null => (value === '' || isEmail(value) ? null : 'emailInvalid');

/** The status a list shows: frozen, not yet valid, expired or active (the server refuses the middle two like a frozen one). */
export type TenantState = 'active' | 'frozen' | 'notYet' | 'expired';
export function tenantState(tenant: Pick<TenantRecord, 'status' | 'validFrom' | 'validUntil'>, now: number = Date.now()): TenantState {
  if (tenant.status !== 1) return 'frozen';
  if (tenant.validFrom && Date.parse(tenant.validFrom) > now) return 'notYet';
  if (tenant.validUntil && Date.parse(tenant.validUntil) <= now) return 'expired';
  return 'active';
}

/**
 * A day of the period as stored: the picked day's start (or end) in the user's time zone, unless it is the stored
 * day untouched. The stored instant may be another zone's midnight (set by someone elsewhere): shown here as a day
 * of this zone, it would move to this zone's midnight on a save that changed nothing.
 */
function dayOf(picked: Dayjs | null, stored: string | null, edge: 'start' | 'end'): string | null {
  if (!picked) return null;
  if (stored && picked.isSame(stored)) return stored;
  return (edge === 'start' ? picked.startOf('day') : picked.endOf('day')).toISOString();
}

function columnsOf(values: TenantFormValues, stored?: Pick<TenantRecord, 'validFrom' | 'validUntil'>) {
  return {
    name: values.name.trim(),
    packageId: values.packageId ?? 0,
    validFrom: dayOf(values.validFrom, stored?.validFrom ?? null, 'start'),
    validUntil: dayOf(values.validUntil, stored?.validUntil ?? null, 'end'),
    contactName: values.contactName.trim(),
    contactPhone: values.contactPhone.trim(),
    contactEmail: values.contactEmail.trim(),
  };
}

/** The add call's body: an empty password is left out (the server generates one). */
export function toAddInput(values: TenantFormValues): TenantAddInput {
  const password = values.password;
  return {
    ...columnsOf(values),
    account: { username: values.username.trim(), realname: values.realname.trim(), phone: values.phone.trim(), ...(password === '' ? {} : { password }) },
  };
}

/** The edit call's body: an untouched period keeps its instants. */
export const toEditInput = (tenant: Pick<TenantRecord, 'id' | 'validFrom' | 'validUntil'>, values: TenantFormValues): TenantEditInput => ({ id: tenant.id, ...columnsOf(values, tenant) });
