import '../test/setup';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dispositionFileName, download } from './download';

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('download', () => {
  it('saves text as a CSV blob under the given name, through a link it removes, and lets the blob go later', async () => {
    vi.useFakeTimers();
    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return 'blob:file';
    });
    const revoke = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });

    download('a,b\r\n1,2\r\n', 'loads – week 3.csv');
    expect(clicked).toHaveLength(1);
    expect(clicked[0].download).toBe('loads – week 3.csv');
    expect(clicked[0].getAttribute('href')).toBe('blob:file');
    expect(clicked[0].isConnected).toBe(false);
    expect(blobs[0].type).toBe('text/csv;charset=utf-8');
    expect(await blobs[0].text()).toBe('a,b\r\n1,2\r\n');
    expect(revoke).not.toHaveBeenCalled();
    vi.advanceTimersByTime(10_000);
    expect(revoke).toHaveBeenCalledWith('blob:file');
  });

  it('saves a blob as it is (a PDF keeps its type)', () => {
    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return 'blob:pdf';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const pdf = new Blob(['%PDF-1.4'], { type: 'application/pdf' });
    download(pdf, 'settlements-week-3.pdf');
    expect(blobs[0]).toBe(pdf);
  });
});

describe('dispositionFileName', () => {
  it("reads the server's names: plain, and the UTF-8 one over its ASCII fallback", () => {
    expect(dispositionFileName('attachment; filename="invoice-check-2025-week-29.csv"')).toBe('invoice-check-2025-week-29.csv');
    expect(dispositionFileName(`attachment; filename="_bersicht _ Woche 3 (neu).csv"; filename*=UTF-8''%C3%9Cbersicht%20%E2%80%93%20Woche%203%20%28neu%29.csv`)).toBe(
      'Übersicht – Woche 3 (neu).csv',
    );
  });

  it('falls back to the plain name when the UTF-8 one is malformed, and answers null without a name', () => {
    expect(dispositionFileName(`attachment; filename="a.pdf"; filename*=UTF-8''%E2%80.pdf`)).toBe('a.pdf');
    expect(dispositionFileName('attachment')).toBeNull();
    expect(dispositionFileName(null)).toBeNull();
  });
});
