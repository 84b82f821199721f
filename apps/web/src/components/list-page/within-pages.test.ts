import { describe, expect, it, vi } from 'vitest';
import { withinPages } from './within-pages.ts';

describe('list pages', () => {
  it('answers the last page for a page past the end, and asks once more only then', async () => {
    const fetch = vi.fn(async (params: { pageNo: number; pageSize: number }) =>
      params.pageNo > 2 ? { records: [], total: 15, current: params.pageNo, size: 10, pages: 2 } : { records: [params.pageNo], total: 15, current: params.pageNo, size: 10, pages: 2 },
    );
    const signal = new AbortController().signal;
    await expect(withinPages(fetch)({ pageNo: 5, pageSize: 10 }, signal)).resolves.toMatchObject({ current: 2, records: [2] });
    expect(fetch).toHaveBeenCalledTimes(2);
    fetch.mockClear();
    await expect(withinPages(fetch)({ pageNo: 1, pageSize: 10 }, signal)).resolves.toMatchObject({ current: 1 });
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
