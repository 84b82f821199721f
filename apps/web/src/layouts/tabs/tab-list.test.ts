import { describe, expect, it } from 'vitest';
import { closableCount, closeMany, closeTab, MAX_TABS, neighbourOf, openTab, pathOf, refreshTab, restoreTabs, tabKey, type OpenTab } from './tab-list.ts';

const HOME = '/dashboard/analysis';
const keys = (tabs: readonly OpenTab[]) => tabs.map((tab) => tab.key);
const openAll = (paths: string[], max = MAX_TABS) => paths.reduce<OpenTab[]>((tabs, path) => openTab(tabs, path, HOME, max).tabs, []);

describe('multi-page tabs as data (spec §4 "Tabs")', () => {
  it('opens a tab per full path, home first, and re-opening activates instead of duplicating', () => {
    const tabs = openAll(['/a', '/b?id=1', '/b?id=2', '/a']);
    expect(keys(tabs)).toEqual([HOME, '/a', '/b?id=1', '/b?id=2']);
    const a = tabs.find((tab) => tab.key === '/a')!;
    expect(Math.max(...tabs.map((tab) => tab.used))).toBe(a.used);
    expect(tabs.find((tab) => tab.key === HOME)!.mounted).toBe(false);
    expect(tabs.filter((tab) => tab.key !== HOME).every((tab) => tab.mounted)).toBe(true);
  });

  it('closes the least recently used page past the cap, never home nor the page being opened', () => {
    const paths = Array.from({ length: 5 }, (_, i) => `/p${i}`);
    let tabs = openAll(paths, 4);
    expect(keys(tabs)).toEqual([HOME, '/p2', '/p3', '/p4']);
    // using /p2 again makes /p3 the least recently used
    tabs = openTab(tabs, '/p2', HOME, 4).tabs;
    const { tabs: next, evicted } = openTab(tabs, '/p9', HOME, 4);
    expect(keys(evicted)).toEqual(['/p3']);
    expect(keys(next)).toEqual([HOME, '/p2', '/p4', '/p9']);
    expect(openAll(Array.from({ length: 30 }, (_, i) => `/q${i}`))).toHaveLength(MAX_TABS);
  });

  it("refuses to close home ('home can't be closed') and the last tab ('this is the last page')", () => {
    const tabs = openAll(['/a']);
    expect(closeTab(tabs, HOME, HOME)).toEqual({ refused: 'home' });
    const onlyHome = openAll([HOME]);
    expect(onlyHome).toHaveLength(1);
    expect(closeTab(onlyHome, HOME, HOME)).toEqual({ refused: 'last' });
    expect(closeTab(tabs, '/a', HOME)).toEqual({ tabs: [tabs[0]] });
  });

  it('closes left, right and others around a tab, keeping home', () => {
    const tabs = openAll(['/a', '/b', '/c', '/d']);
    expect(keys(closeMany(tabs, '/c', HOME, 'left'))).toEqual([HOME, '/c', '/d']);
    expect(keys(closeMany(tabs, '/b', HOME, 'right'))).toEqual([HOME, '/a', '/b']);
    expect(keys(closeMany(tabs, '/b', HOME, 'others'))).toEqual([HOME, '/b']);
    expect(keys(closeMany(tabs, HOME, HOME, 'others'))).toEqual([HOME]);
    expect(closableCount(tabs, '/a', HOME, 'left')).toBe(0);
    expect(closableCount(tabs, '/d', HOME, 'right')).toBe(0);
    expect(closableCount(tabs, '/b', HOME, 'others')).toBe(3);
    expect(keys(closeMany(tabs, '/missing', HOME, 'others'))).toEqual(keys(tabs));
  });

  it('picks the right neighbour after closing, else the left one', () => {
    const tabs = openAll(['/a', '/b']);
    expect(neighbourOf(tabs, '/a')).toBe('/b');
    expect(neighbourOf(tabs, '/b')).toBe('/a');
    expect(neighbourOf(tabs, '/x')).toBeUndefined();
  });

  it('refresh gives the tab a new generation', () => {
    const tabs = openAll(['/a']);
    const refreshed = refreshTab(tabs, '/a');
    expect(refreshed.find((tab) => tab.key === '/a')!.refresh).toBe(1);
    expect(refreshed.find((tab) => tab.key === HOME)!.refresh).toBe(0);
  });

  it('restores stored keys in order, without duplicates or pages no longer in the menu, none mounted', () => {
    const valid = new Set([HOME, '/a', '/b?x=1']);
    const restored = restoreTabs(['/b?x=1', '/gone', '/a', '/a', 42 as unknown as string].filter((k) => typeof k === 'string'), (key) => valid.has(key), HOME);
    expect(keys(restored)).toEqual([HOME, '/b?x=1', '/a']);
    expect(restored.every((tab) => !tab.mounted)).toBe(true);
    expect(restoreTabs(Array.from({ length: 40 }, (_, i) => `/r${i}`), () => true, HOME)).toHaveLength(MAX_TABS);
  });

  it('reads the pathname of a key', () => {
    expect(pathOf('/a/b?x=1&y=2')).toBe('/a/b');
    expect(pathOf('/a')).toBe('/a');
  });

  it('keys a page by its path whatever its query, a detail (a tab per record) by its whole address', () => {
    expect(tabKey('/list?status=WHIN', false)).toBe('/list');
    expect(tabKey('/detail?id=7', true)).toBe('/detail?id=7');
  });

  it('opens an open page asked for from elsewhere with another query afresh, and keeps it as it is otherwise', () => {
    let tabs = openTab([], '/list', HOME, MAX_TABS, '/list').tabs;
    tabs = openTab(tabs, HOME, HOME).tabs;
    // a home card's link: the list again, with a status
    tabs = openTab(tabs, '/list', HOME, MAX_TABS, '/list?status=WHIN').tabs;
    const list = () => tabs.find((tab) => tab.key === '/list')!;
    expect(list()).toMatchObject({ url: '/list?status=WHIN', refresh: 1 });
    expect(tabs).toHaveLength(2);
    // the menu (no query): as it was
    tabs = openTab(tabs, HOME, HOME).tabs;
    tabs = openTab(tabs, '/list', HOME, MAX_TABS, '/list').tabs;
    expect(list()).toMatchObject({ url: '/list', refresh: 1 });
    // the active page changing its own query: as it was
    tabs = openTab(tabs, '/list', HOME, MAX_TABS, '/list?status=DONE').tabs;
    expect(list()).toMatchObject({ url: '/list?status=DONE', refresh: 1 });
  });

  it('restores one tab per page from the stored addresses', () => {
    const restored = restoreTabs(['/list?status=WHIN', '/list', '/detail?id=1'], () => true, HOME, MAX_TABS, (url) => (url.startsWith('/detail') ? url : pathOf(url)));
    expect(restored.map((tab) => [tab.key, tab.url])).toEqual([[HOME, HOME], ['/list', '/list?status=WHIN'], ['/detail?id=1', '/detail?id=1']]);
  });
});
