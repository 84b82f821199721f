import type { UserInfo } from '@portal/shared/sys';

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
    ...overrides,
  };
}
