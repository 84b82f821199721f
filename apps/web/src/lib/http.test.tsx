import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Feedback } from './feedback.ts';
import { setFeedback } from './feedback.ts';
import { download, DownloadError, HttpError, saveBlob } from './http.ts';
import { i18n } from './i18n.ts';

describe('saveBlob', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('clicks a download link for the file and keeps its address alive while the browser fetches it', () => {
    vi.useFakeTimers();
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:http://localhost/file-1');
    // (other files replace these with mocks of their own: start from no call)
    const revoked = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    revoked.mockClear();
    const clicked: { href: string; download: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.download });
    });

    saveBlob(new Blob(['a,b']), 'orders.xlsx');

    expect(clicked).toEqual([{ href: 'blob:http://localhost/file-1', download: 'orders.xlsx' }]);
    // the browser reads the file after the click: revoked at once, a busy machine lost the download
    expect(revoked).not.toHaveBeenCalled();
    vi.advanceTimersByTime(60_000);
    expect(revoked).toHaveBeenCalledWith('blob:http://localhost/file-1');
    expect(document.querySelector('a[download]')).toBeNull();
  });
});

describe('download', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    setFeedback(null);
  });

  /** The warnings and notices the HTTP client gives the user. */
  function announced() {
    const shown: string[] = [];
    const say = (text: unknown) => shown.push(String(text));
    setFeedback({ message: { warning: say }, notification: { error: ({ description }: { description: string }) => say(description) } } as unknown as Feedback);
    return shown;
  }

  it('reads the file as it comes, saves it under the name of content-disposition and says how much arrived', async () => {
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:http://localhost/file-2');
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    vi.stubGlobal('fetch', async () => new Response(new Uint8Array(3000), { headers: { 'Content-Type': 'application/octet-stream', 'Content-Length': '3000', 'Content-Disposition': "attachment; filename*=UTF-8''%E8%A8%82%E5%96%AE.xlsx" } }));
    const progress: { received: number; total: number | null }[] = [];
    await expect(download('/logistics/order/exportXls', { onProgress: (step) => progress.push(step) })).resolves.toEqual({ fileName: '訂單.xlsx', size: 3000 });
    expect(progress.at(-1)).toEqual({ received: 3000, total: 3000 });
    expect(clicked).toHaveBeenCalledTimes(1);
  });

  it('calls a JSON answer a failed download and says so, unless the caller shows it', async () => {
    const shown = announced();
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ success: true, result: null }), { headers: { 'Content-Type': 'application/json' } }));
    await expect(download('/sys/user/exportXls')).rejects.toBeInstanceOf(DownloadError);
    await expect(download('/sys/user/exportXls', { silent: true })).rejects.toThrow(i18n.t('errors.downloadFailed'));
    expect(shown).toEqual([i18n.t('errors.downloadFailed')]);
  });

  it("gives a refused download the server's reason, announced unless the caller shows it", async () => {
    const shown = announced();
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ success: false, message: 'More than 100000 orders match', code: 400 }), { status: 400, headers: { 'Content-Type': 'application/json' } }));
    await expect(download('/logistics/order/exportXls', { silent: true })).rejects.toEqual(new HttpError(400, 'More than 100000 orders match'));
    expect(shown).toEqual([]);
    await expect(download('/logistics/order/exportXls')).rejects.toBeInstanceOf(HttpError);
    expect(shown).toEqual(['More than 100000 orders match']);
  });
});
