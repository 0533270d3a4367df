/**
 * The board's state in the URL query, so a reload or a shared link shows the same board:
 * the filter (load number, work year and week, driver, start and end date), the page, the page
 * size, the order and the view. `weekId=0` means "every week" (spec §9: zero ids are no filter);
 * a query without any filter key means "the default filter" (this week).
 */

export type TBoardView = 'table' | 'cards';
export type TSortDir = 'asc' | 'desc';

export type TBoardFilter = {
  loadNumber: string;
  /** Broker name, origin or destination city, or driver name (part of it). */
  search?: string;
  year: number | null;
  weekId: number | null;
  driverId: number | null;
  /** 'YYYY-MM-DD' */
  startDate: string;
  endDate: string;
};

export type TBoardSearch = {
  filter: TBoardFilter;
  /** True when the query held no filter key: the page fills in this week. */
  isDefault: boolean;
  page: number;
  pageSize: number;
  sortBy: string | null;
  sortDir: TSortDir;
  /** null: not chosen; the page picks cards on phones and the table elsewhere. */
  view: TBoardView | null;
};

export const BOARD_PAGE_SIZES = [10, 25, 50, 100, 1000];
export const DEFAULT_BOARD_PAGE_SIZE = 100;

export const EMPTY_FILTER: TBoardFilter = { loadNumber: '', year: null, weekId: null, driverId: null, startDate: '', endDate: '' };

const FILTER_KEYS = ['loadNumber', 'search', 'year', 'weekId', 'driverId', 'startDate', 'endDate'] as const;

const DATE = /^\d{4}-\d{2}-\d{2}$/;

function readInt(params: URLSearchParams, key: string): number | null {
  const raw = params.get(key);
  if (!raw || !/^\d{1,9}$/.test(raw)) return null;
  const n = Number(raw);
  return n > 0 ? n : null;
}

const readDate = (params: URLSearchParams, key: string) => {
  const raw = params.get(key) ?? '';
  return DATE.test(raw) ? raw : '';
};

export function parseBoardSearch(params: URLSearchParams): TBoardSearch {
  const isDefault = !FILTER_KEYS.some((key) => params.has(key));
  const size = readInt(params, 'size');
  const [sortBy, sortDir] = (params.get('sort') ?? '').split('.');
  return {
    filter: {
      loadNumber: (params.get('loadNumber') ?? '').trim().slice(0, 50),
      search: (params.get('search') ?? '').trim().slice(0, 100),
      year: readInt(params, 'year'),
      weekId: readInt(params, 'weekId'),
      driverId: readInt(params, 'driverId'),
      startDate: readDate(params, 'startDate'),
      endDate: readDate(params, 'endDate'),
    },
    isDefault,
    page: Math.max(0, (readInt(params, 'page') ?? 1) - 1),
    pageSize: size && BOARD_PAGE_SIZES.includes(size) ? size : DEFAULT_BOARD_PAGE_SIZE,
    sortBy: sortBy && /^[A-Za-z]{1,40}$/.test(sortBy) ? sortBy : null,
    sortDir: sortDir === 'desc' ? 'desc' : 'asc',
    view: params.get('view') === 'cards' ? 'cards' : params.get('view') === 'table' ? 'table' : null,
  };
}

/**
 * The query for a board state. Every filter key with a value is written; when none has one,
 * `weekId=0` is written so that "all loads" is not mistaken for "the default filter".
 */
export function boardSearchParams(search: Omit<TBoardSearch, 'isDefault'>): URLSearchParams {
  const params = new URLSearchParams();
  const f = search.filter;
  if (f.loadNumber.trim()) params.set('loadNumber', f.loadNumber.trim());
  if (f.search?.trim()) params.set('search', f.search.trim());
  if (f.year) params.set('year', String(f.year));
  params.set('weekId', String(f.weekId ?? 0));
  if (f.driverId) params.set('driverId', String(f.driverId));
  if (f.startDate) params.set('startDate', f.startDate);
  if (f.endDate) params.set('endDate', f.endDate);
  if (search.page > 0) params.set('page', String(search.page + 1));
  if (search.pageSize !== DEFAULT_BOARD_PAGE_SIZE) params.set('size', String(search.pageSize));
  if (search.sortBy) params.set('sort', `${search.sortBy}.${search.sortDir}`);
  if (search.view) params.set('view', search.view);
  return params;
}

/** The filter as the server's load filter reads it (0 / null: no filter). */
export function toServerFilter(filter: TBoardFilter) {
  return {
    loadNumber: filter.loadNumber.trim() || null,
    search: filter.search?.trim() || null,
    weekId: filter.weekId ?? 0,
    driverId: filter.driverId ?? 0,
    startDate: filter.startDate || null,
    endDate: filter.endDate || null,
  };
}
