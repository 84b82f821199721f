import type { DictOption, UserInfo } from '@portal/shared/sys';
import { useAuth } from '../lib/auth.ts';
import { changeLanguage, i18n } from '../lib/i18n.ts';

/** A signed-in merchant's user info for component tests; each test overrides what it looks at. */
export function testUser(overrides: Partial<UserInfo> = {}): UserInfo {
  return {
    id: 4,
    username: 'merchant',
    realname: '陈大文',
    nickname: '',
    avatar: '',
    superFlag: 0,
    orgCode: 'A01A01',
    phone: null,
    email: null,
    status: 1,
    tenantId: 1,
    mainAccount: true,
    passwordChangeRequired: false,
    ...overrides,
  };
}

export const dictOption = (value: string, text: string): DictOption => ({ value, text, label: text, title: text, color: null });

/** Signed in with these button codes and these dictionaries, as cached at sign-in. */
export function signIn(codes: readonly string[], dictionaries: Record<string, DictOption[]> = {}): void {
  useAuth.setState({ dictionaries, permissions: { menu: [], auth: codes.map((action) => ({ action, describe: action, type: '1', status: '1' })), allAuth: [] } });
}

export function signOut(): void {
  useAuth.setState({ dictionaries: null, permissions: null, userInfo: null });
}

/** English, with the area's texts loaded (a page would suspend for them). */
export async function inEnglish(namespace: string): Promise<void> {
  await changeLanguage('en-US');
  await i18n.loadNamespaces(namespace);
}
