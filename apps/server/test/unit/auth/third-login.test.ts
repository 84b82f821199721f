import { describe, expect, it } from 'vitest';
import { isSafeReturnPath } from '@portal/shared/third-login';
import { redactUrl } from '../../../src/lib/log-redaction.ts';

describe('the return path of a sign-on (isSafeReturnPath)', () => {
  it.each(['/', '/dashboard/analysis', '/logistics/international-order?tab=2&x=%2F%2F', '/system/user#top', '/a/../b'])('accepts %s', (path) => {
    expect(isSafeReturnPath(path)).toBe(true);
  });

  it.each([
    ['empty', ''],
    ['protocol-relative', '//evil.example/x'],
    ['absolute', 'https://evil.example/'],
    ['scheme', 'javascript:alert(1)'],
    ['backslash', '/\\evil.example'],
    ['backslash later', '/a\\b'],
    ['tab the browser strips', '/\t/evil.example'],
    ['newline', '/a\nb'],
    ['space', '/ /evil.example'],
    ['relative', 'dashboard'],
    ['too long', `/${'a'.repeat(500)}`],
  ])('refuses %s', (_name, path) => {
    expect(isSafeReturnPath(path)).toBe(false);
  });
});

describe('the addresses the log keeps (redactUrl)', () => {
  it('hides the login ticket in the path and the one-time values in the query', () => {
    expect(redactUrl('/api/thirdLogin/getLoginUser/abcDEF123_-?_t=1')).toBe('/api/thirdLogin/getLoginUser/[redacted]?_t=1');
    const callback = redactUrl('/api/thirdLogin/callback?code=the-code&state=the-state&iss=http%3A%2F%2Fidp');
    expect(callback).not.toContain('the-code');
    expect(callback).not.toContain('the-state');
    expect(callback).toContain('iss=http');
    expect(redactUrl('/user/login?thirdToken=secret-ticket&redirect=%2Fx')).not.toContain('secret-ticket');
  });

  it('leaves other addresses as they are', () => {
    expect(redactUrl('/api/sys/user/list?pageNo=1')).toBe('/api/sys/user/list?pageNo=1');
    expect(redactUrl('/dashboard/analysis')).toBe('/dashboard/analysis');
  });
});
