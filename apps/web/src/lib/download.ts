/**
 * The one way the web saves a file: a temporary link to the bytes, clicked, then let go. Text
 * (CSV exports) becomes a blob of `type`; a blob keeps its own type.
 */
export function download(content: Blob | string, fileName: string, type = 'text/csv;charset=utf-8') {
  const blob = typeof content === 'string' ? new Blob([content], { type }) : content;
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
  // Some browsers start the download after the click returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The name a content-disposition gives: RFC 6266's filename*=UTF-8'' when present, else filename. */
export function dispositionFileName(disposition: string | null | undefined): string | null {
  const header = disposition ?? '';
  const extended = /filename\*=UTF-8''([^;\s]+)/i.exec(header)?.[1];
  if (extended) {
    try {
      return decodeURIComponent(extended);
    } catch {
      /* a malformed encoding: the plain name below */
    }
  }
  return /filename="?([^";]+)"?/i.exec(header)?.[1] ?? null;
}
