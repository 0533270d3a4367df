import { cityLabel, distanceMiles, searchCities } from '@haulboard/geo';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { createBoard, errorBody } from './board';
import { paymentsTable, toCsv, toXlsx, tripStatus, tripsTable, weekEnd } from './exports';
import type { TWorkOpportunitySpec } from './generate';
import type { THistoryTrip } from './history';
import { allHubs } from './hubs';
import { createRandom, hash32 } from './prng';
import { createClock, pacificWeekOf, sundayOf, type TClock } from './time';

export type TCredentials = { cookie: string; csrfToken: string };

/** What the simulator accepts out of the box (the demo company's stored session points at it). */
export const DEMO_CREDENTIALS: TCredentials = {
  cookie:
    'session-id=131-0000000-0000001; session-token=demo-session-token; ubid-main=131-0000000-0000002; at-owpus=Atza|demo-owpus; sess-at-owpus=demo-sess-at; x-owpus=demo-x',
  csrfToken: 'demo-csrf-token-0123456789abcdef',
};

export type TSimOptions = {
  /** Same seed, same clock start → the same board, byte for byte. */
  seed?: string | number;
  /** Start of a manual clock (tests); omitted, the clock follows real time (the demo). */
  now?: number | Date | string;
  /** Work opportunities on the board at the start (300). */
  initialCount?: number;
  /** New work per simulated hour (40). */
  newPerHour?: number;
  /** Weeks of completed trips before the start, for the exports (4). */
  historyWeeks?: number;
  /** The carrier's trips as given, instead of drawn history (the demo passes its company's loads). */
  history?: readonly THistoryTrip[];
  credentials?: TCredentials;
  /** Share of API calls answered 503 at random (0 to 1; deterministic from the seed). */
  random503Rate?: number;
  /** Token bucket per simulator; null turns it off (the default). */
  rateLimit?: { capacity: number; refillPerSecond: number } | null;
  /** What a dead session gets: the sign-in page as HTML (the real board) or a 401 JSON. */
  sessionExpiredReply?: 'html' | '401';
  logger?: boolean;
};

export type TFault = {
  /** 429, 503, 401, 403, 500…; 200 with `body` imitates the board's error-with-200. */
  status: number;
  /** How many API calls it answers (1). */
  times?: number;
  /** Seconds, sent as Retry-After (429 defaults to 2). */
  retryAfter?: number;
  body?: unknown;
};

export type TRequestRecord = { at: number; method: string; path: string; status: number };

const SIGN_IN_PAGE = `<!doctype html><html><head><meta charset="utf-8"><title>Amazon Sign-In</title></head>
<body><form name="signIn" method="post" action="/ap/signin"><h1>Sign in</h1>
<label>Email or mobile phone number <input type="email" name="email"></label>
<label>Password <input type="password" name="password"></label><button type="submit">Sign in</button></form></body></html>`;

const NO_CSRF = { defaultErrorMessage: 'No CSRF token present!' };

function parseCookies(header: string | undefined): Map<string, string> {
  const out = new Map<string, string>();
  for (const part of (header ?? '').split(';')) {
    const i = part.indexOf('=');
    if (i > 0) out.set(part.slice(0, i).trim(), part.slice(i + 1).trim());
  }
  return out;
}

/** The simulator's state and its controls, independent of where its routes are mounted. */
function createControl(options: TSimOptions) {
  const seed = options.seed ?? 'haulboard';
  const clock: TClock = createClock(options.now);
  const board = createBoard({
    seed,
    clock,
    initialCount: options.initialCount ?? 300,
    newPerHour: options.newPerHour ?? 40,
    historyWeeks: options.historyWeeks ?? 4,
    history: options.history,
  });
  const faultRandom = createRandom(hash32(`${seed}:faults`));
  const idRandom = createRandom(hash32(`${seed}:orders`));
  let credentials = { ...(options.credentials ?? DEMO_CREDENTIALS) };
  let expired: false | 'html' | '401' = false;
  /** Tokens replaced by rotateCsrfToken: sending one gets a 403 that mentions CSRF. */
  const staleTokens = new Set<string>();
  let random503Rate = options.random503Rate ?? 0;
  let rateLimit = options.rateLimit ?? null;
  let tokens = rateLimit?.capacity ?? 0;
  let refilledAt = clock.now();
  const faults: TFault[] = [];
  const requests: TRequestRecord[] = [];
  const orders = new Map<string, Record<string, unknown>>();
  /** While set, book calls wait here before the board acts on them (a slow booking, for crash tests). */
  let bookHold: { released: Promise<void>; release: () => void; waiting: number } | null = null;
  /** Every book call that passed the gate (session, faults), answered or not. */
  const bookCalls: { at: number; workOpportunityId: string }[] = [];

  const control = {
    seed,
    clock,
    /** Adds a work opportunity (fixed fields from `spec`, the rest from the seed); returns it. */
    addWorkOpportunity: (spec?: TWorkOpportunitySpec) => board.add(spec),
    /** Another carrier books it. */
    takeWorkOpportunity: (id: string) => board.takeByOther(id),
    /** The board changes it: version + 1 (and majorVersion with `major`), optionally a new payout. */
    bumpVersion: (id: string, change?: { payout?: number; major?: boolean }) => board.bumpVersion(id, change),
    getWorkOpportunity: (id: string) => board.get(id),
    /** Open work (not booked, pickup ahead), after bringing the board up to the clock. */
    availableWorkOpportunities: () => board.available(),
    /** What this carrier booked through the book endpoint, in order. */
    bookedLoads: () =>
      board
        .trips()
        .filter((t) => t.bookedAt >= board.start)
        .map((t) => ({
          tripId: t.tripId,
          workOpportunityId: t.wo.id,
          loadIds: t.wo.loads.map((l) => l.versionedLoadId.id),
          payout: t.wo.payout.value,
          bookedAt: new Date(t.bookedAt).toISOString(),
          status: tripStatus(t, clock.now()),
          workOpportunity: structuredClone(t.wo),
        })),
    /** Every trip the exports know: the seeded history and the bookings. */
    trips: () => board.trips(),
    /** The next `times` API calls answer with this fault (queued after earlier ones). */
    setFault(fault: TFault) {
      const times = fault.times ?? 1;
      if (!Number.isInteger(times) || times < 1) throw new Error('times must be a whole number, 1 or more');
      faults.push({ ...fault, times });
    },
    clearFaults: () => {
      faults.length = 0;
    },
    setRandom503Rate(rate: number) {
      if (!(rate >= 0 && rate <= 1)) throw new Error('The 503 rate is between 0 and 1');
      random503Rate = rate;
    },
    setRateLimit(limit: { capacity: number; refillPerSecond: number } | null) {
      rateLimit = limit;
      tokens = limit?.capacity ?? 0;
      refilledAt = clock.now();
    },
    /** The session dies: calls get the sign-in page (or a 401) until credentials are set again. */
    expireSession(reply: 'html' | '401' = options.sessionExpiredReply ?? 'html') {
      expired = reply;
    },
    /** What the board accepts from now on (a fresh login); revives an expired session. */
    setCredentials(next: TCredentials) {
      if (!next.cookie?.trim() || !next.csrfToken?.trim()) throw new Error('A cookie and a CSRF token are both needed');
      credentials = { ...next };
      staleTokens.delete(next.csrfToken);
      expired = false;
    },
    credentials: () => ({ ...credentials }),
    /**
     * The CSRF token changes under a live session (as when the SPA refreshes it): the old token gets
     * 403 with a body that mentions CSRF, the page /loadboard/search shows the new one.
     */
    rotateCsrfToken(next: string) {
      if (!next.trim()) throw new Error('A CSRF token is needed');
      staleTokens.add(credentials.csrfToken);
      credentials = { ...credentials, csrfToken: next };
    },
    /**
     * Book calls from now on wait before the board acts on them, until releaseBookings(): a booking
     * whose answer is slow, so a test can kill its caller while the board holds the request.
     */
    holdBookings() {
      if (bookHold) return;
      let release = () => {};
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      bookHold = { released, release, waiting: 0 };
    },
    /** Book calls that reached the board (past faults and the session check), in order, answered or not. */
    bookCalls: () => bookCalls.map((c) => ({ ...c })),
    /** How many book calls are waiting on holdBookings(). */
    heldBookings: () => bookHold?.waiting ?? 0,
    /** The held book calls go on (the board books them, whether or not their caller still listens); new ones are not held. */
    releaseBookings() {
      const hold = bookHold;
      bookHold = null;
      hold?.release();
    },
    /** Post-a-Truck orders received. */
    orders: () => [...orders.values()].map((o) => structuredClone(o)),
    /** API calls seen (the last 1,000): for pacing checks. */
    requests: () => [...requests],
  };

  /** The checks every API call passes: faults, limits, session, CSRF. Sends and returns true when it answered. */
  function gate(req: FastifyRequest, reply: FastifyReply): boolean {
    const fault = faults[0];
    if (fault) {
      fault.times = (fault.times ?? 1) - 1;
      if (!fault.times) faults.shift();
      const retryAfter = fault.retryAfter ?? (fault.status === 429 ? 2 : undefined);
      if (retryAfter !== undefined) reply.header('retry-after', String(retryAfter));
      const body =
        fault.body ??
        (fault.status === 429
          ? errorBody('TOO_MANY_REQUESTS', 'Rate exceeded')
          : fault.status === 401 || fault.status === 403
            ? errorBody('UNAUTHORIZED', 'Session expired')
            : errorBody('SERVICE_UNAVAILABLE', 'Service Unavailable'));
      reply.code(fault.status).send(body);
      return true;
    }
    if (random503Rate > 0 && faultRandom.next() < random503Rate) {
      reply.code(503).send(errorBody('SERVICE_UNAVAILABLE', 'Service Unavailable'));
      return true;
    }
    if (rateLimit) {
      const now = clock.now();
      tokens = Math.min(rateLimit.capacity, tokens + ((now - refilledAt) / 1000) * rateLimit.refillPerSecond);
      refilledAt = now;
      if (tokens < 1) {
        const wait = Math.max(1, Math.ceil((1 - tokens) / rateLimit.refillPerSecond));
        reply.code(429).header('retry-after', String(wait)).send(errorBody('TOO_MANY_REQUESTS', 'Rate exceeded'));
        return true;
      }
      tokens -= 1;
    }
    const sent = parseCookies(req.headers.cookie);
    const wanted = parseCookies(credentials.cookie);
    const sessionOk = !expired && [...wanted].every(([k, v]) => sent.get(k) === v);
    if (!sessionOk) {
      const how = expired || options.sessionExpiredReply || 'html';
      if (how === '401') reply.code(401).send(errorBody('UNAUTHORIZED', 'Your session has expired. Please sign in again.'));
      else reply.code(200).type('text/html; charset=utf-8').send(SIGN_IN_PAGE);
      return true;
    }
    const token = req.headers['x-csrf-token'] ?? req.headers['anti-csrftoken-a2z'];
    const tokens2 = (Array.isArray(token) ? token : [token]).filter(Boolean);
    if (tokens2.length && tokens2.some((t) => staleTokens.has(String(t)))) {
      reply.code(403).send({ errorCode: 'CSRF_TOKEN_EXPIRED', defaultErrorMessage: 'Invalid or expired CSRF token' });
      return true;
    }
    if (!tokens2.length || !tokens2.every((t) => t === credentials.csrfToken)) {
      reply.code(400).send(NO_CSRF);
      return true;
    }
    return false;
  }

  function nearestDomicile(lat: number, lon: number) {
    let best = allHubs()[0];
    let bestD = Number.POSITIVE_INFINITY;
    for (const h of allHubs()) {
      const d = distanceMiles(h, { latitude: lat, longitude: lon });
      if (d < bestD) [best, bestD] = [h, d];
    }
    return best.domicile;
  }

  /** The board's routes, mountable at any prefix. */
  async function routes(app: FastifyInstance) {
    app.addHook('onRequest', async (req, reply) => {
      if (!req.url.includes('/api/')) return;
      if (gate(req, reply)) return reply;
    });
    app.addHook('onResponse', async (req, reply) => {
      if (!req.url.includes('/api/')) return;
      requests.push({ at: clock.now(), method: req.method, path: req.url.split('?')[0], status: reply.statusCode });
      if (requests.length > 1000) requests.splice(0, requests.length - 1000);
    });

    // The page bots read the CSRF token from (a signed-in browser's view of the board).
    app.get('/loadboard/search', async (req, reply) => {
      const sent = parseCookies(req.headers.cookie);
      const ok = !expired && [...parseCookies(credentials.cookie)].every(([k, v]) => sent.get(k) === v);
      reply.type('text/html; charset=utf-8');
      if (!ok) return SIGN_IN_PAGE;
      return `<!doctype html><html><head><meta charset="utf-8"><meta name="x-owp-csrf-token" content="${credentials.csrfToken}"><title>Load Board</title></head><body><div id="root">Load Board (simulated)</div></body></html>`;
    });

    app.post('/api/loadboard/search', async (req, reply) => {
      const res = board.search(req.body);
      return reply.code(res.status).send(res.body);
    });
    app.post('/api/loadboard/recommendations/get', async (req, reply) => {
      const res = board.search(req.body, 'recent');
      return reply.code(res.status).send(res.body);
    });
    app.get<{ Params: { text: string } }>('/api/loadboard/filters/cities/search/:text', async (req) => {
      const text = req.params.text.slice(0, 100);
      return searchCities(text, 10, { substring: true }).map((c) => ({
        name: c.name.toUpperCase(),
        stateCode: c.stateCode,
        country: 'US',
        latitude: c.latitude,
        longitude: c.longitude,
        nearestDomicileCode: nearestDomicile(c.latitude, c.longitude),
        displayValue: null,
      }));
    });
    app.post<{ Params: { id: string; version: string; optionId: string; majorVersion: string } }>(
      '/api/loadboard/:id/:version/option/:optionId/majorVersion/:majorVersion',
      async (req, reply) => {
        const { id, version, optionId, majorVersion } = req.params;
        bookCalls.push({ at: clock.now(), workOpportunityId: id });
        const hold = bookHold;
        if (hold) {
          hold.waiting++;
          await hold.released;
          hold.waiting--;
        }
        const res = board.book(id, version, optionId, majorVersion, req.body);
        return reply.code(res.status).send(res.body);
      },
    );
    app.post('/api/loadboard/orders/upsert', async (req, reply) => {
      const b = (req.body && typeof req.body === 'object' ? req.body : {}) as Record<string, any>;
      if (b.runType !== 'ONE_WAY' && b.runType !== 'ROUND_TRIP') return reply.code(400).send(errorBody('INVALID_INPUT', 'runType must be ONE_WAY or ROUND_TRIP'));
      const city = b.originCityInfo;
      if (!city || typeof city.latitude !== 'number' || typeof city.longitude !== 'number') {
        return reply.code(400).send(errorBody('INVALID_INPUT', 'originCityInfo needs a city with latitude and longitude'));
      }
      const existing = typeof b.id === 'string' ? orders.get(b.id) : undefined;
      if (typeof b.id === 'string' && b.id && !existing) return reply.code(404).send(errorBody('ORDER_NOT_FOUND', 'No such order'));
      const order = {
        ...b,
        originCityInfo: { ...city, displayValue: city.displayValue ?? cityLabel({ name: String(city.name ?? ''), stateCode: String(city.stateCode ?? '') }), nearestDomicileCode: null },
        id: existing?.id ?? idRandom.uuid(),
        alias: existing?.alias ?? `P-${idRandom.code(9)}`,
        version: existing ? Number(existing.version) + 1 : 1,
        status: 'OPEN',
        creationTime: existing?.creationTime ?? new Date(clock.now()).toISOString(),
        linkedOrderId: null,
        isRepostingAllowed: true,
        cancellationDetails: null,
      };
      orders.set(order.id as string, order);
      return order;
    });

    const exportRoute = (kind: 'trips' | 'payments') =>
      app.get<{ Querystring: { week?: string; format?: string } }>(`/api/loadboard/exports/${kind}`, async (req, reply) => {
        board.catchUp();
        const now = clock.now();
        const week = req.query.week ? sundayOf(req.query.week) : pacificWeekOf(now);
        if (!week) return reply.code(400).send(errorBody('INVALID_INPUT', 'week must be a date like 2025-07-13'));
        const format = (req.query.format ?? 'csv').toLowerCase();
        if (format !== 'csv' && format !== 'xlsx') return reply.code(400).send(errorBody('INVALID_INPUT', 'format must be csv or xlsx'));
        const table = kind === 'trips' ? tripsTable(board, week, now) : paymentsTable(board, week, now, seed);
        const name = kind === 'trips' ? `TRIPS_${week}` : `relay_payment_details_${weekEnd(week)}`;
        reply.header('content-disposition', `attachment; filename="${name}.${format}"`);
        if (format === 'csv') return reply.type('text/csv; charset=utf-8').send(toCsv(table));
        const buffer = await toXlsx(table, kind === 'trips' ? 'Trips' : 'Payment Details');
        return reply.type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet').send(buffer);
      });
    exportRoute('trips');
    exportRoute('payments');
  }

  return { control, routes };
}

export type TSimControl = ReturnType<typeof createControl>['control'];
export type TSim = TSimControl & {
  app: FastifyInstance;
  /** Listens (default 127.0.0.1:3100) and answers the base URL. */
  listen(options?: { port?: number; host?: string }): Promise<string>;
  close(): Promise<void>;
};

/** A stand-alone simulated load board: its Fastify instance plus the controls tests and the demo use. */
export function createSim(options: TSimOptions = {}): TSim {
  const { control, routes } = createControl(options);
  const app = Fastify({ logger: options.logger ?? false, bodyLimit: 256 * 1024 });
  app.register(routes);
  return Object.assign(control, {
    app,
    async listen({ port = 3100, host = '127.0.0.1' }: { port?: number; host?: string } = {}) {
      await app.listen({ port, host });
      const address = app.server.address();
      const actual = typeof address === 'object' && address ? address.port : port;
      return `http://${host.includes(':') ? `[${host}]` : host}:${actual}`;
    },
    close: () => app.close(),
  });
}

/**
 * Mounts the board's routes inside another Fastify app under `prefix` (e.g. '/sim'), for a demo
 * that runs in one process. The host app's own hooks (auth, rate limits) also apply to them, so
 * the host must let `${prefix}/*` through. Answers the controls.
 */
export async function mountSim(app: FastifyInstance, options: TSimOptions & { prefix: string }): Promise<TSimControl> {
  const { control, routes } = createControl(options);
  // Its calls are the engine's and load search's traffic, not the host's visitors: kept out of the host's request log.
  await app.register(routes, { prefix: options.prefix, logLevel: 'warn' });
  return control;
}
