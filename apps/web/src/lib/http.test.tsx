import { afterEach, describe, expect, it, vi } from 'vitest';
import { saveBlob } from './http.ts';

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
