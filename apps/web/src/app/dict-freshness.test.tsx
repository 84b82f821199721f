import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import type { DictOption } from '@portal/shared/sys';
import { DICT_VERSION_HEADER } from '@portal/shared/dict-codes';
import { useAuth } from '../lib/auth.ts';
import { http } from '../lib/http.ts';
import { dictCacheStale } from '../lib/dict-version.ts';
import { storage, STORAGE_KEYS } from '../lib/storage.ts';
import { renderUi, stubFetch, testQueryClient, type FetchCall } from '../test/render-ui.tsx';
import { DictTag } from '../components/dict-tag.tsx';
import { dictFreshness, startDictFreshness } from './dict-freshness.ts';

const option = (value: string, text: string): DictOption => ({ value, text, label: text, title: text, color: null });
const OLD = { ServiceType: [option('BASE', '基礎服務')] };
const NEW = { ServiceType: [option('BASE', '基本方案')] };

/** The server: every answer carries its current mark; queryAllDictItems answers the dictionaries of that mark. */
function server(state: { version: string }) {
  return stubFetch((call: FetchCall) => {
    const result = call.url.pathname === '/api/sys/dict/queryAllDictItems' ? (state.version === 'v2' ? NEW : OLD) : { ok: true };
    return new Response(JSON.stringify({ success: true, message: '', code: 200, result, timestamp: 0 }), {
      status: 200,
      headers: { 'Content-Type': 'application/json', [DICT_VERSION_HEADER]: state.version },
    });
  });
}
const dictCalls = (calls: FetchCall[]) => calls.filter((call) => call.url.pathname === '/api/sys/dict/queryAllDictItems');

describe('the dictionaries follow the server\'s version mark', { timeout: 30_000 }, () => {
  let stop: () => void = () => undefined;
  beforeEach(() => {
    useAuth.setState({ token: 't'.repeat(40), dictionaries: OLD, dictVersion: 'v1' });
    stop = startDictFreshness(testQueryClient());
  });
  afterEach(() => {
    stop();
    cleanup();
    useAuth.setState({ token: null, dictionaries: null, dictVersion: null });
    vi.unstubAllGlobals();
  });

  it('the rule: stale only for a signed-in user whose cache was fetched under another mark', () => {
    expect(dictCacheStale({ signedIn: true, version: 'v1' }, 'v2')).toBe(true);
    expect(dictCacheStale({ signedIn: true, version: null }, 'v2')).toBe(true);
    expect(dictCacheStale({ signedIn: true, version: 'v2' }, 'v2')).toBe(false);
    expect(dictCacheStale({ signedIn: true, version: 'v1' }, null)).toBe(false);
    expect(dictCacheStale({ signedIn: false, version: 'v1' }, 'v2')).toBe(false);
  });

  it('keeps the cache while the answers carry its mark', async () => {
    const calls = server({ version: 'v1' });
    await http.get('/sys/permission/getUserPermissionByToken');
    await dictFreshness.refresh();
    expect(dictCalls(calls)).toHaveLength(0);
    expect(useAuth.getState().dictionaries).toBe(OLD);
  });

  it('replaces the 7-day cache once when an answer carries a new mark, and the screen shows the new text', async () => {
    const state = { version: 'v1' };
    const calls = server(state);
    renderUi(<DictTag code="ServiceType" value="BASE" />);
    expect(screen.getByText('基礎服務')).toBeTruthy();

    // an administrator edited the item: the next answers carry the new mark
    state.version = 'v2';
    await act(async () => {
      await Promise.all([http.get('/sys/a'), http.get('/sys/b'), http.get('/sys/c')]);
      await dictFreshness.refresh();
    });
    await waitFor(() => expect(screen.getByText('基本方案')).toBeTruthy());
    expect(dictCalls(calls)).toHaveLength(1);
    expect(useAuth.getState().dictVersion).toBe('v2');
    // what the next reload starts from
    expect(storage.get(STORAGE_KEYS.dictionaries)).toEqual(NEW);
    expect(storage.get(STORAGE_KEYS.dictVersion)).toBe('v2');

    await http.get('/sys/d');
    await dictFreshness.refresh();
    expect(dictCalls(calls)).toHaveLength(1);
  });

  it('fetches nothing for a visitor who is not signed in', async () => {
    useAuth.setState({ token: null });
    const calls = server({ version: 'v9' });
    await http.get('/sys/a');
    await dictFreshness.refresh();
    expect(dictCalls(calls)).toHaveLength(0);
  });
});
