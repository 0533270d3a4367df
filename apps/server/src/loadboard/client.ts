import { toCents } from '@haulboard/contract';
import { stateCodeOf } from '@haulboard/geo';

/**
 * The external load board's client (domain-notes §4): calls the board at the company's Service URL
 * with one stored session (cookie + CSRF token). Every call has a timeout and a response size
 * limit, follows no redirect at all (a redirect is what a dead session looks like), and fails with
 * a typed `BoardError`. Cookie and token go only into request headers: never into an error message,
 * a log line or anything returned.
 *
 * Its answers are already cleaned: states as two-letter codes, payouts in cents, distances in miles.
 */

export type TBoardSession = { cookie: string; csrfToken: string };

export type TBoardClientOptions = {
  /** The board's address (the company's Service URL): http(s), optionally with a path prefix. */
  serviceUrl: string;
  session: TBoardSession;
  /** Per call (15 s). */
  timeoutMs?: number;
  /** Largest body read (search 5 MB; exports use `maxExportBytes`). */
  maxBytes?: number;
  /** Largest export file read (25 MB). */
  maxExportBytes?: number;
  /** Injected for tests; the global fetch otherwise. */
  fetch?: typeof fetch;
};

export type TBoardErrorKind =
  /** 401, a redirect, or the HTML sign-in page instead of JSON: a new browser login is needed. */
  | 'session-expired'
  /** 400 'No CSRF token present!' or 403: the token is missing, wrong or stale. */
  | 'csrf-refused'
  /** 429: wait `retryAfterSeconds`. */
  | 'rate-limited'
  /** 5xx, 408, a timeout, a connection failure. Transient. */
  | 'unavailable'
  /** 409/412 on booking: taken, or its version or price changed. */
  | 'conflict'
  /** 404: no such work. */
  | 'not-found'
  /** Other 4xx: the board refused the request itself. */
  | 'refused'
  /** A body that is not what the board sends (not JSON, too big, wrong shape). */
  | 'bad-response'
  /** No usable Service URL or no stored session. */
  | 'not-configured';

const KIND_TEXT: Record<TBoardErrorKind, string> = {
  'session-expired': 'The load board session has expired',
  'csrf-refused': 'The load board refused the CSRF token',
  'rate-limited': 'The load board is limiting requests',
  unavailable: 'The load board is unavailable',
  conflict: 'The load board reports a conflict',
  'not-found': 'The load board does not know this work',
  refused: 'The load board refused the request',
  'bad-response': 'The load board sent an unexpected answer',
  'not-configured': 'The load board connection is not set up',
};

/** A failed board call. `message` is safe to show and to log: it never holds a secret or a body. */
export class BoardError extends Error {
  readonly kind: TBoardErrorKind;
  /** The board's HTTP status, when there was one. */
  readonly status: number | null;
  /** Seconds to wait before the next call (429's Retry-After, when given). */
  readonly retryAfterSeconds: number | null;
  /** The board's own errorCode (e.g. WORK_OPPORTUNITY_NOT_AVAILABLE), when it sent one. */
  readonly boardCode: string | null;
  constructor(kind: TBoardErrorKind, detail?: string, extra: { status?: number | null; retryAfterSeconds?: number | null; boardCode?: string | null } = {}) {
    super(detail ? `${KIND_TEXT[kind]}: ${detail}` : KIND_TEXT[kind]);
    this.name = 'BoardError';
    this.kind = kind;
    this.status = extra.status ?? null;
    this.retryAfterSeconds = extra.retryAfterSeconds ?? null;
    this.boardCode = extra.boardCode ?? null;
  }
  /** Worth trying again later with the same session (rate limit, outage). */
  get transient() {
    return this.kind === 'rate-limited' || this.kind === 'unavailable';
  }
}

export const isBoardError = (e: unknown): e is BoardError => e instanceof BoardError;

// ---------------------------------------------------------------------------------------------
// Parsed shapes

export type TBoardPlace = {
  /** Facility code such as 'MCE1' ('' when none). */
  code: string;
  city: string;
  /** Two-letter code ('' when the board's spelling names no state). */
  state: string;
  postalCode: string;
  latitude: number | null;
  longitude: number | null;
  timeZone: string;
};

export type TBoardStop = {
  sequence: number;
  type: 'PICKUP' | 'DROPOFF';
  /** The load it belongs to ('tr-…'). */
  loadId: string;
  place: TBoardPlace;
  /** Planned check-in and check-out (ISO UTC), null when not given. */
  arrival: string | null;
  departure: string | null;
  loadingType: 'PRELOADED' | 'LIVE' | null;
  unloadingType: 'DROP' | 'LIVE' | null;
};

/** A work opportunity, cleaned. */
export type TBoardWork = {
  id: string;
  version: number;
  majorVersion: number;
  optionId: string;
  type: string;
  stopCount: number;
  payoutCents: number;
  /** Miles as the board gives them (not rounded). */
  distanceMiles: number;
  durationMs: number | null;
  firstPickupTime: string;
  lastDeliveryTime: string;
  driverType: string;
  deadheadMiles: number | null;
  /** The first pickup's loading type ('PRELOADED' is the card's "P"). */
  loadingType: 'PRELOADED' | 'LIVE' | null;
  equipmentType: string;
  /** The pickup is the first stop of the first load, the destination the last stop of the last load. */
  origin: TBoardPlace;
  destination: TBoardPlace;
  loadIds: string[];
  stops: TBoardStop[];
};

export type TBoardCity = { name: string; stateCode: string; latitude: number; longitude: number; nearestDomicileCode: string | null };

/** Search filters (§4.3); all optional. */
export type TBoardSearch = {
  origins?: { name: string; stateCode: string; latitude: number; longitude: number; radiusMiles: number }[];
  destinations?: { name: string; stateCode: string; latitude: number; longitude: number; radiusMiles: number }[];
  /** Pickup window (ISO). */
  startDate?: string | null;
  endDate?: string | null;
  minPayout?: number | null;
  minPricePerMile?: number | null;
  maxStops?: number | null;
  /** Trip miles. */
  minDistance?: number | null;
  maxDistance?: number | null;
  workTypes?: ('ONE_WAY' | 'ROUND_TRIP')[];
  loadingTypes?: ('LIVE' | 'DROP')[];
  driverTypes?: ('SINGLE_DRIVER' | 'TEAM_DRIVER')[];
  sortByField?: string;
  sortOrder?: 'asc' | 'desc';
  /** Records already delivered (the previous page's `nextItemToken`), 0 first. */
  nextItemToken?: number | null;
  /** At most 50. */
  resultSize?: number;
};

export type TBoardSearchPage = { works: TBoardWork[]; total: number; nextItemToken: number | null };

export type TBookResult = { workOpportunityId: string; tripId: string; loadIds: string[]; bookedAt: string };

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

// ---------------------------------------------------------------------------------------------

/** The Service URL as a base the API paths are appended to; null when it is not an http(s) address. */
export function boardBase(serviceUrl: string): URL | null {
  let url: URL;
  try {
    url = new URL(serviceUrl.trim());
  } catch {
    return null;
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname || url.username || url.password) return null;
  url.search = '';
  url.hash = '';
  url.pathname = url.pathname.replace(/\/+$/, '') || '/';
  return url;
}

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : typeof v === 'string' && v.trim() && Number.isFinite(Number(v)) ? Number(v) : null);
const str = (v: unknown) => (typeof v === 'string' ? v : v === null || v === undefined ? '' : String(v));
const obj = (v: unknown): Record<string, any> => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, any>) : {});

export function parsePlace(raw: unknown): TBoardPlace {
  const l = obj(raw);
  return {
    code: str(l.stopCode || l.label),
    city: str(l.city).trim().toUpperCase(),
    state: stateCodeOf(str(l.state)) ?? '',
    postalCode: str(l.postalCode),
    latitude: num(l.latitude),
    longitude: num(l.longitude),
    timeZone: str(l.timeZone),
  };
}

const planned = (actions: unknown, type: string) => {
  const a = (Array.isArray(actions) ? actions : []).find((x) => obj(x).type === type);
  return a ? str(obj(a).plannedTime) || null : null;
};

/** A work opportunity as the board sends it → TBoardWork; null when it lacks what a row needs. */
export function parseWork(raw: unknown): TBoardWork | null {
  const w = obj(raw);
  const id = str(w.id);
  const payoutCents = toCents(num(obj(w.payout).value));
  const distanceMiles = num(obj(w.totalDistance).value);
  if (!id || payoutCents === null || distanceMiles === null) return null;
  const loads = Array.isArray(w.loads) ? w.loads.map(obj) : [];
  const stops: TBoardStop[] = [];
  for (const load of loads) {
    const loadId = str(obj(load.versionedLoadId).id);
    for (const s of Array.isArray(load.stops) ? load.stops.map(obj) : []) {
      stops.push({
        sequence: num(s.stopSequenceNumber) ?? stops.length + 1,
        type: s.stopType === 'PICKUP' ? 'PICKUP' : 'DROPOFF',
        loadId,
        place: parsePlace(s.location),
        arrival: planned(s.actions, 'CHECKIN'),
        departure: planned(s.actions, 'CHECKOUT'),
        loadingType: s.loadingType === 'PRELOADED' || s.loadingType === 'LIVE' ? s.loadingType : null,
        unloadingType: s.unloadingType === 'DROP' || s.unloadingType === 'LIVE' ? s.unloadingType : null,
      });
    }
  }
  const first = stops[0];
  const last = stops[stops.length - 1];
  return {
    id,
    version: num(w.version) ?? 0,
    majorVersion: num(w.majorVersion) ?? 0,
    optionId: str(w.workOpportunityOptionId) || '1',
    type: str(w.workOpportunityType),
    stopCount: num(w.stopCount) ?? stops.length,
    payoutCents,
    distanceMiles,
    durationMs: num(w.totalDuration),
    firstPickupTime: str(w.firstPickupTime) || first?.arrival || '',
    lastDeliveryTime: str(w.lastDeliveryTime) || last?.arrival || '',
    driverType: str(w.transitOperatorType),
    deadheadMiles: num(obj(w.deadhead).value),
    loadingType: first?.loadingType ?? null,
    equipmentType: str(loads[0]?.equipmentType),
    origin: first?.place ?? parsePlace(w.startLocation),
    destination: last?.place ?? parsePlace(w.endLocation),
    loadIds: loads.map((l) => str(obj(l.versionedLoadId).id)).filter(Boolean),
    stops,
  };
}

/** The board's search body (§4.3) for our filters. */
export function searchBody(f: TBoardSearch = {}) {
  const cities = (list: TBoardSearch['origins']) =>
    (list ?? []).map((c) => ({
      cityName: c.name.toUpperCase(),
      cityStateCode: c.stateCode,
      cityDisplayValue: `${c.name.toUpperCase()}, ${c.stateCode}`,
      cityLatitude: c.latitude,
      cityLongitude: c.longitude,
      radius: c.radiusMiles,
    }));
  const origins = f.origins ?? [];
  return {
    workOpportunityTypeList: f.workTypes ?? ['ONE_WAY', 'ROUND_TRIP'],
    originCity: null,
    liveCity: null,
    originCities: origins.map((c) => ({
      name: c.name.toUpperCase(),
      stateCode: c.stateCode,
      country: 'US',
      latitude: c.latitude,
      longitude: c.longitude,
      displayValue: `${c.name.toUpperCase()}, ${c.stateCode}`,
      isCityLive: false,
      isAnywhere: false,
      uniqueKey: `${c.latitude}${c.name.toUpperCase()}, ${c.stateCode}`,
    })),
    originCitiesRadiusFilters: cities(origins),
    startCityRadius: origins[0]?.radiusMiles ?? null,
    destinationCity: null,
    destinationCitiesRadiusFilters: cities(f.destinations),
    exclusionCitiesFilter: null,
    endCityName: null,
    endCityRadius: null,
    startDate: f.startDate ?? null,
    endDate: f.endDate ?? null,
    minDistance: f.minDistance ?? null,
    maxDistance: f.maxDistance ?? null,
    minimumDurationInMillis: null,
    maximumDurationInMillis: null,
    minPayout: f.minPayout ?? null,
    minPricePerDistance: f.minPricePerMile ?? null,
    driverTypeFilters: f.driverTypes ?? ['SINGLE_DRIVER', 'TEAM_DRIVER'],
    loadingTypeFilters: f.loadingTypes ?? ['LIVE', 'DROP'],
    trailerStatusFilters: [],
    uiiaCertificationsFilter: [],
    workOpportunityOperatingRegionFilter: [],
    maximumNumberOfStops: f.maxStops ?? null,
    workOpportunityAccessType: null,
    sortByField: f.sortByField ?? 'relevanceForSearchTab',
    sortOrder: f.sortOrder ?? 'asc',
    visibilityStatusType: 'ALL',
    nextItemToken: f.nextItemToken ?? 0,
    resultSize: Math.min(50, Math.max(1, f.resultSize ?? 50)),
    searchURL: '',
    savedSearchId: '',
    isAutoRefreshCall: false,
    notificationId: '',
    auditContextMap: JSON.stringify({ rlbChannel: 'EXACT_MATCH', source: 'AVAILABLE_WORK' }),
  };
}

const USER_AGENT = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

/** Seconds from a Retry-After header (seconds or an HTTP date); null when absent or unreadable. */
export function retryAfterSeconds(header: string | null, now = Date.now()): number | null {
  if (!header) return null;
  const t = header.trim();
  if (/^\d+$/.test(t)) return Number(t);
  const at = Date.parse(t);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now) / 1000));
}

/** Reads at most `max` bytes of a body; more is a bad response (and the rest is not read). */
async function readLimited(res: Response, max: number): Promise<Buffer> {
  const declared = Number(res.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > max) {
    await res.body?.cancel().catch(() => {});
    throw new BoardError('bad-response', `the answer is larger than ${Math.round(max / 1024)} KB`, { status: res.status });
  }
  if (!res.body) return Buffer.alloc(0);
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => {});
      throw new BoardError('bad-response', `the answer is larger than ${Math.round(max / 1024)} KB`, { status: res.status });
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

const looksLikeHtml = (text: string) => /^\s*<(!doctype|html|head|body|form)/i.test(text);

/** The board's error body's words, cut short, plain text only, with any secret of the session blanked out. */
function boardWords(body: any, secrets: string[]): { code: string | null; text: string } {
  const b = obj(body);
  let text = str(b.defaultErrorMessage || b.message).replace(/[^\x20-\x7e]/g, '');
  for (const s of secrets) text = text.split(s).join('…');
  return { code: str(b.errorCode).replace(/[^\w.-]/g, '').slice(0, 80) || null, text: text.slice(0, 200) };
}

/** The values a session is made of (the token and each cookie's value), for blanking out. */
function secretsOf(cookie: string, csrfToken: string) {
  const values = cookie.split(';').map((p) => p.slice(p.indexOf('=') + 1).trim());
  return [csrfToken, cookie, ...values].filter((v) => v.length >= 4).sort((a, b) => b.length - a.length);
}

export function createBoardClient(options: TBoardClientOptions): TBoardClient {
  const base = boardBase(options.serviceUrl);
  const prefix = base ? base.pathname.replace(/\/+$/, '') : '';
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 15_000;
  const maxBytes = options.maxBytes ?? 5 * 1024 * 1024;
  const maxExportBytes = options.maxExportBytes ?? 25 * 1024 * 1024;
  const cookie = options.session.cookie.replace(/[\r\n]+/g, ' ').trim();
  const csrfToken = options.session.csrfToken.replace(/[\r\n]+/g, ' ').trim();
  const secrets = secretsOf(cookie, csrfToken);

  async function call(method: 'GET' | 'POST', path: string, body?: unknown, limit = maxBytes): Promise<{ res: Response; bytes: Buffer }> {
    if (!base) throw new BoardError('not-configured', 'the Service URL is not an http(s) address');
    if (!cookie || !csrfToken) throw new BoardError('not-configured', 'no stored session');
    const url = new URL(base.href);
    const [p, q] = path.split('?');
    url.pathname = `${prefix}${p}`;
    url.search = q ? `?${q}` : '';
    let res: Response;
    try {
      res = await doFetch(url, {
        method,
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
        headers: {
          accept: 'application/json',
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
          cookie,
          'x-csrf-token': csrfToken,
          'anti-csrftoken-a2z': csrfToken,
          origin: base.origin,
          referer: `${base.origin}${prefix}/loadboard/search`,
          'user-agent': USER_AGENT,
        },
        body: body !== undefined ? JSON.stringify(body) : undefined,
      });
    } catch (e) {
      const name = (e as Error)?.name;
      throw new BoardError('unavailable', name === 'TimeoutError' || name === 'AbortError' ? `no answer within ${Math.round(timeoutMs / 1000)} s` : 'could not connect');
    }
    const status = res.status;
    // No redirect is followed: the board redirects a dead session to its sign-in page.
    if ((status >= 300 && status < 400) || res.type === 'opaqueredirect') {
      await res.body?.cancel().catch(() => {});
      throw new BoardError('session-expired', 'the board redirected to its sign-in page', { status });
    }
    let bytes: Buffer;
    try {
      bytes = await readLimited(res, limit);
    } catch (e) {
      if (e instanceof BoardError) throw e;
      throw new BoardError('unavailable', 'the answer was cut off', { status });
    }
    const type = res.headers.get('content-type') ?? '';
    const parsed = () => {
      if (!type.includes('json')) return null;
      try {
        return JSON.parse(bytes.toString('utf8'));
      } catch {
        return null;
      }
    };
    if (status >= 400) {
      const words = boardWords(parsed(), secrets);
      const extra = { status, boardCode: words.code };
      if (status === 429) throw new BoardError('rate-limited', undefined, { ...extra, retryAfterSeconds: retryAfterSeconds(res.headers.get('retry-after')) });
      if (status === 401) throw new BoardError('session-expired', undefined, extra);
      if (status === 403 || (status === 400 && /csrf/i.test(words.text))) throw new BoardError('csrf-refused', undefined, extra);
      // A 503 may say when to come back, as a 429 does.
      if (status === 408 || status >= 500) {
        throw new BoardError('unavailable', `HTTP ${status}`, { ...extra, retryAfterSeconds: status === 503 ? retryAfterSeconds(res.headers.get('retry-after')) : null });
      }
      if (status === 409 || status === 412) throw new BoardError('conflict', words.code ?? words.text, extra);
      if (status === 404) throw new BoardError('not-found', undefined, extra);
      throw new BoardError('refused', words.text || `HTTP ${status}`, extra);
    }
    return { res, bytes };
  }

  async function callJson(method: 'GET' | 'POST', path: string, body?: unknown): Promise<any> {
    const { res, bytes } = await call(method, path, body);
    const type = res.headers.get('content-type') ?? '';
    const text = bytes.toString('utf8');
    if (type.includes('html') || looksLikeHtml(text)) throw new BoardError('session-expired', 'the board answered with its sign-in page', { status: res.status });
    let json: any;
    try {
      json = JSON.parse(text);
    } catch {
      throw new BoardError('bad-response', 'the answer was not JSON', { status: res.status });
    }
    // The board sometimes reports errors with HTTP 200.
    const words = boardWords(json, secrets);
    if (words.code && !Array.isArray(json)) {
      if (/csrf/i.test(words.text) || /csrf/i.test(words.code)) throw new BoardError('csrf-refused', undefined, { status: res.status, boardCode: words.code });
      if (/unauthori[sz]ed|session/i.test(words.code)) throw new BoardError('session-expired', undefined, { status: res.status, boardCode: words.code });
      if (/too_many|throttl|rate/i.test(words.code)) throw new BoardError('rate-limited', undefined, { status: res.status, boardCode: words.code });
      if (!('workOpportunities' in json) && !('workOpportunityId' in json)) throw new BoardError('refused', words.text || words.code, { status: res.status, boardCode: words.code });
    }
    return json;
  }

  async function search(filters: TBoardSearch = {}): Promise<TBoardSearchPage> {
    const json = await callJson('POST', '/api/loadboard/search', searchBody(filters));
    if (!Array.isArray(json?.workOpportunities)) throw new BoardError('bad-response', 'no work opportunities in the answer');
    const works = json.workOpportunities.map(parseWork).filter((w: TBoardWork | null): w is TBoardWork => w !== null);
    const next = num(json.nextItemToken);
    return { works, total: num(json.totalResultsSize) ?? works.length, nextItemToken: next };
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
      const json = await callJson('GET', `/api/loadboard/filters/cities/search/${encodeURIComponent(t)}`);
      if (!Array.isArray(json)) throw new BoardError('bad-response', 'no city list in the answer');
      return json.map(obj).flatMap((c) => {
        const latitude = num(c.latitude);
        const longitude = num(c.longitude);
        const stateCode = stateCodeOf(str(c.stateCode)) ?? '';
        if (!c.name || latitude === null || longitude === null) return [];
        return [{ name: str(c.name).toUpperCase(), stateCode, latitude, longitude, nearestDomicileCode: str(c.nearestDomicileCode) || null }];
      });
    },
    async book(work) {
      const path = `/api/loadboard/${encodeURIComponent(work.id)}/${work.version}/option/${encodeURIComponent(work.optionId)}/majorVersion/${work.majorVersion}`;
      const json = await callJson('POST', path, {
        isCallFromRA: false,
        totalCost: { value: work.payoutCents / 100, unit: 'USD' },
        isCarrierEligibleForOneDayPayment: false,
        searchURL: '',
        auditContextMap: JSON.stringify({ rlbChannel: 'EXACT_MATCH', searchResultIndex: 0 }),
      });
      return {
        workOpportunityId: str(json.workOpportunityId) || work.id,
        tripId: str(json.tripId),
        loadIds: Array.isArray(json.loadIds) ? json.loadIds.map(str) : [],
        bookedAt: str(json.bookedAt),
      };
    },
    exportTrips: (weekStart, format) => exportFile('trips', weekStart, format),
    exportPayments: (weekStart, format) => exportFile('payments', weekStart, format),
    async check() {
      await search({ resultSize: 1 });
    },
  };
}
