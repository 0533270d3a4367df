import { parseBookResult, parseCities, parseSearchPage, type TBoardCity, type TBoardSearchPage, type TBoardWork, type TBookResult } from './answers';
import { BoardError } from './board-error';
import { bookBody, searchBody, type TBoardSearch } from './requests';
import { createTransport, looksLikeHtml, type TBoardClientOptions } from './transport';

/**
 * The external load board's client (domain-notes §4): calls the board at the company's Service URL
 * with one stored session (cookie + CSRF token), over a transport with a timeout, a size limit and
 * no redirects (transport.ts). Its answers are already cleaned (answers.ts).
 */

export type { TBoardPlace, TBoardWork, TBookResult } from './answers';
export { BoardError } from './board-error';
export type { TBoardSearch } from './requests';
export type { TBoardClientOptions } from './transport';

export type TBoardClient = {
  /** One page of available work (at most 50). */
  search(filters?: TBoardSearch): Promise<TBoardSearchPage>;
  /** Every page, following `nextItemToken`, up to `limit` records (500). */
  searchAll(filters?: TBoardSearch, limit?: number): Promise<TBoardSearchPage>;
  /** City autocomplete (upper-case substring match on the board). */
  searchCities(text: string): Promise<TBoardCity[]>;
  /** Books a work opportunity at the version and payout it was seen with. */
  book(work: Pick<TBoardWork, 'id' | 'version' | 'majorVersion' | 'optionId' | 'payoutCents'>): Promise<TBookResult>;
  /** The trips export (TRIPS.csv / .xlsx) of the Sunday–Saturday week starting `weekStart` (YYYY-MM-DD). */
  exportTrips(weekStart: string, format?: 'csv' | 'xlsx'): Promise<Buffer>;
  /** The payment-details export of that week. */
  exportPayments(weekStart: string, format?: 'csv' | 'xlsx'): Promise<Buffer>;
  /** Whether the session works: resolves when the board accepts it, throws a BoardError when not. */
  check(): Promise<void>;
};

export function createBoardClient(options: TBoardClientOptions): TBoardClient {
  const { call, callJson, maxExportBytes } = createTransport(options);

  async function search(filters: TBoardSearch = {}): Promise<TBoardSearchPage> {
    return parseSearchPage(await callJson('POST', '/api/loadboard/search', searchBody(filters)));
  }

  const exportFile = async (kind: 'trips' | 'payments', weekStart: string, format: 'csv' | 'xlsx' = 'csv') => {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(weekStart)) throw new BoardError('refused', 'the week must be a date like 2026-03-08');
    const { res, bytes } = await call('GET', `/api/loadboard/exports/${kind}?week=${weekStart}&format=${format}`, undefined, maxExportBytes);
    const type = res.headers.get('content-type') ?? '';
    if (type.includes('html') || (format === 'csv' && looksLikeHtml(bytes.subarray(0, 200).toString('utf8')))) {
      throw new BoardError('session-expired', 'the board answered with its sign-in page', { status: res.status });
    }
    return bytes;
  };

  return {
    search,
    async searchAll(filters = {}, limit = 500) {
      const works: TBoardWork[] = [];
      let token: number | null = filters.nextItemToken ?? 0;
      let total = 0;
      while (token !== null && works.length < limit) {
        const page = await search({ ...filters, nextItemToken: token, resultSize: Math.min(50, limit - works.length) });
        works.push(...page.works);
        total = page.total;
        // A cursor that does not move on would loop for ever.
        token = page.nextItemToken !== null && page.nextItemToken > token && page.works.length ? page.nextItemToken : null;
      }
      return { works, total, nextItemToken: token };
    },
    async searchCities(text) {
      const t = text.trim().toUpperCase().slice(0, 100);
      if (!t) return [];
      return parseCities(await callJson('GET', `/api/loadboard/filters/cities/search/${encodeURIComponent(t)}`));
    },
    async book(work) {
      const path = `/api/loadboard/${encodeURIComponent(work.id)}/${work.version}/option/${encodeURIComponent(work.optionId)}/majorVersion/${work.majorVersion}`;
      return parseBookResult(await callJson('POST', path, bookBody(work)), work.id);
    },
    exportTrips: (weekStart, format) => exportFile('trips', weekStart, format),
    exportPayments: (weekStart, format) => exportFile('payments', weekStart, format),
    async check() {
      await search({ resultSize: 1 });
    },
  };
}
