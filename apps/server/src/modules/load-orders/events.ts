import type { EventEmitter } from 'node:events';
import { PassThrough } from 'node:stream';
import { loadOrderRoutes, ORDER_STREAM, ORDER_STREAM_TEXT, } from '@haulboard/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { loadContext } from '../../access/context';
import { enforce, SESSION_COOKIE } from '../../access/guard';
import type { TDatabase, TDb } from '../../db/client';
import { loadOrders, } from '../../db/schema';
import { route } from '../../lib/route';
import { findAlerts, latestEventId } from './alerts';

/**
 * Pushed changes of a company's orders (server-sent events). Several server processes share one
 * database and the engine may run in any of them, so nothing is pushed from memory: each process
 * looks at the database about once a second per connected company (one set of statements per
 * company, shared by all its streams) for timeline rows and order versions it has not seen.
 * Alerts are read again over the last few ticks, because a row with a lower id can commit after
 * one with a higher id; what was already pushed is remembered and not pushed twice.
 */

export type TStreamOptions = typeof ORDER_STREAM;

type TStream = {
  sessionId: string;
  companyId: number;
  /** Alerts this connection has been sent (the replay and the shared ticks may both find one). */
  sent: Set<number>;
  send: (frame: string) => void;
  end: () => void;
  /** Settles when the response is finished and its connection let go. */
  closed: Promise<void>;
  destroy: () => void;
};

type TWatch = {
  companyId: number;
  streams: Set<TStream>;
  /** The highest timeline id seen; the cursors of the last few ticks, oldest first. */
  cursor: number;
  floors: number[];
  /** Versions (updated_on) of the orders changed in the last seconds, to tell a new change. */
  versions: Map<number, string> | null;
  pushed: Set<number>;
  ready: Promise<void>;
  timer: NodeJS.Timeout | null;
  stopped: boolean;
  running: boolean;
  /** A change was announced while a tick ran: look again right after it. */
  again: boolean;
};

/** One server-sent event. Data is JSON on one line, so no `data:` line break is needed. */
export const sseFrame = (event: string, data: unknown, id?: number) => `${id === undefined ? '' : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

/** The company's orders changed within the last seconds, with their versions. */
async function recentOrderVersions(db: TDb, companyId: number) {
  return db
    .select({ id: loadOrders.id, version: sql<string>`${loadOrders.updatedOn}::text` })
    .from(loadOrders)
    .where(and(eq(loadOrders.companyId, companyId), sql`${loadOrders.updatedOn} > now() - interval '5 seconds'`));
}

/** The channel the database announces order changes on (migration 0016), with the company's id. */
export const ORDER_CHANNEL = 'haulboard_orders';
/** While the database's announcements are heard, polling is only a safety net. */
const POLL_WHILE_LISTENING_MS = 5000;

export function createOrderEventHub({ db, log, options = ORDER_STREAM }: { db: TDb; log: FastifyBaseLogger; options?: TStreamOptions }) {
  const watches = new Map<number, TWatch>();
  let listening = false;
  const pollMs = () => (listening ? Math.max(options.pollMs, POLL_WHILE_LISTENING_MS) : options.pollMs);
  const perSession = new Map<string, number>();
  const all = new Set<TStream>();

  const broadcast = (w: TWatch, frame: string, alertId?: number) => {
    for (const s of w.streams) {
      if (alertId !== undefined) {
        if (s.sent.has(alertId)) continue;
        s.sent.add(alertId);
      }
      s.send(frame);
    }
  };

  async function tick(w: TWatch) {
    const floor = w.floors[0] ?? w.cursor;
    const latest = await latestEventId(db, w.companyId, w.cursor);
    const alerts = await findAlerts(db, w.companyId, { after: floor, limit: 100 });
    const orders = await recentOrderVersions(db, w.companyId);
    let changed = latest > w.cursor;
    for (const a of alerts) {
      if (w.pushed.has(a.id)) continue;
      w.pushed.add(a.id);
      changed = true;
      broadcast(w, sseFrame('alert', a, a.id), a.id);
    }
    const versions = new Map(orders.map((o) => [o.id, o.version]));
    if (w.versions && orders.some((o) => w.versions?.get(o.id) !== o.version)) changed = true;
    w.versions = versions;
    w.cursor = Math.max(w.cursor, latest);
    w.floors.push(w.cursor);
    if (w.floors.length > 4) w.floors.shift();
    const oldest = w.floors[0];
    for (const id of w.pushed) if (id <= oldest) w.pushed.delete(id);
    if (changed) broadcast(w, sseFrame('orders', { cursor: w.cursor }, w.cursor));
  }

  function schedule(w: TWatch, delay: number = pollMs()) {
    if (w.stopped) return;
    if (w.timer) clearTimeout(w.timer);
    w.timer = setTimeout(() => void run(w), delay);
    w.timer.unref?.();
  }

  async function run(w: TWatch) {
    if (w.running) {
      w.again = true;
      return;
    }
    w.running = true;
    try {
      await w.ready;
      await tick(w);
    } catch (error) {
      if (!w.stopped) log.warn({ err: error, companyId: w.companyId }, 'order events: looking for changes failed');
    } finally {
      w.running = false;
      schedule(w, w.again ? 0 : pollMs());
      w.again = false;
    }
  }

  function watchOf(companyId: number) {
    let w = watches.get(companyId);
    if (!w) {
      const created: TWatch = {
        companyId,
        streams: new Set(),
        cursor: 0,
        floors: [],
        versions: null,
        pushed: new Set(),
        ready: Promise.resolve(),
        timer: null,
        stopped: false,
        running: false,
        again: false,
      };
      created.ready = latestEventId(db, companyId).then((id) => {
        created.cursor = Math.max(created.cursor, id);
      });
      created.ready.catch(() => {});
      watches.set(companyId, created);
      schedule(created);
      w = created;
    }
    return w;
  }

  function release(s: TStream) {
    if (!all.delete(s)) return;
    const left = (perSession.get(s.sessionId) ?? 1) - 1;
    if (left > 0) perSession.set(s.sessionId, left);
    else perSession.delete(s.sessionId);
    const w = watches.get(s.companyId);
    if (!w) return;
    w.streams.delete(s);
    if (!w.streams.size) {
      w.stopped = true;
      if (w.timer) clearTimeout(w.timer);
      watches.delete(s.companyId);
    }
  }

  return {
    /** Whether one more stream may open for this session. */
    hasRoom: (sessionId: string) => (perSession.get(sessionId) ?? 0) < options.maxPerSession,
    /** Joins a stream to its company's watch; answers the cursor it starts at. */
    async join(s: TStream) {
      all.add(s);
      perSession.set(s.sessionId, (perSession.get(s.sessionId) ?? 0) + 1);
      const w = watchOf(s.companyId);
      w.streams.add(s);
      await w.ready;
      return w.cursor;
    },
    release,
    /** Whether the database's announcements are heard (polling slows down) or not (polling every second). */
    setListening(on: boolean) {
      listening = on;
    },
    /** This server's engine, or the database's announcement, says something of the company changed: look now. */
    nudge(companyId: number) {
      const w = watches.get(companyId);
      if (!w || w.stopped) return;
      if (w.running) w.again = true;
      else schedule(w, 0);
    },
    /** Ends every stream and waits (a second at most) for their connections to go (the server is closing). */
    async endAll() {
      const streams = [...all];
      if (!streams.length) return;
      for (const s of streams) s.end();
      let timer: NodeJS.Timeout | undefined;
      const late = await Promise.race([
        Promise.all(streams.map((s) => s.closed)).then(() => false),
        new Promise<boolean>((r) => {
          timer = setTimeout(() => r(true), 1000);
        }),
      ]);
      clearTimeout(timer);
      if (late) for (const s of streams) s.destroy();
    },
    stats: () => ({ streams: all.size, companies: watches.size }),
  };
}

export type TOrderEventHub = ReturnType<typeof createOrderEventHub>;

/** GET /api/LoadOrder/Events: the company's pushed changes, for as long as the browser listens. */
export function mountOrderEvents(
  app: FastifyInstance,
  { db, changes, listen, options = ORDER_STREAM }: { db: TDb; changes?: EventEmitter; listen?: TDatabase['listen']; options?: TStreamOptions },
) {
  const hub = createOrderEventHub({ db, log: app.log, options });
  const onChange = (change: { companyId: number }) => hub.nudge(change.companyId);
  changes?.on('change', onChange);
  // Whichever process changed an order (a worker's engine, another web process), the database says so at commit.
  let unlisten: (() => Promise<void>) | null = null;
  if (listen) {
    app.addHook('onReady', async () => {
      unlisten = await listen(
        ORDER_CHANNEL,
        (payload) => {
          if (/^\d{1,12}$/.test(payload)) hub.nudge(Number(payload));
        },
        (on) => hub.setListening(on),
      ).catch((error) => {
        app.log.warn({ err: error }, 'order events: listening for changes failed; polling every second instead');
        return null;
      });
    });
  }
  app.addHook('onClose', async () => {
    changes?.off('change', onChange);
    await unlisten?.();
  });
  // Open streams would keep close() waiting: end them first.
  app.addHook('preClose', async () => hub.endAll());
  const access = loadOrderRoutes.orderEvents.access;

  route(app, loadOrderRoutes.orderEvents, async (req, reply) => {
    const accept = String(req.headers.accept ?? '');
    if (!accept.includes('text/event-stream')) {
      reply.code(406);
      return ORDER_STREAM_TEXT.notEventStream;
    }
    const { sessionId } = req.ctx;
    const companyId = req.ctx.companyId as number;
    if (!hub.hasRoom(sessionId)) {
      reply.code(429);
      return ORDER_STREAM_TEXT.tooMany;
    }
    const header = req.headers['last-event-id'];
    const fromHeader = typeof header === 'string' && /^\d{1,15}$/.test(header.trim()) ? Number(header.trim()) : undefined;
    const resumeAfter = fromHeader ?? req.query.lastEventId;
    const token = req.cookies?.[SESSION_COOKIE] ?? '';

    const body = new PassThrough();
    const timers: NodeJS.Timeout[] = [];
    let ended = false;
    const closed = new Promise<void>((resolve) => reply.raw.once('close', () => resolve()));
    const stream = {
      closed,
      destroy: () => reply.raw.destroy(),
      sessionId,
      companyId,
      sent: new Set<number>(),
      send: (frame: string) => {
        if (ended) return;
        // A browser that stopped reading is not buffered for without bound.
        if (body.writableLength > 1024 * 1024) return stream.end();
        body.write(frame);
      },
      end: () => {
        if (ended) return;
        ended = true;
        for (const t of timers) clearInterval(t);
        hub.release(stream);
        body.end();
      },
    };
    // The response's close, not the request's: it is what tells that the browser went away.
    reply.raw.on('close', stream.end);
    body.on('error', stream.end);

    const cursor = await hub.join(stream);
    if (ended) hub.release(stream);
    body.write(`retry: ${ORDER_STREAM.retryMs}\n\n`);
    if (resumeAfter !== undefined) {
      // Alerts that came while the browser was away, then a nudge to fetch the list again.
      const missed = await findAlerts(db, companyId, { after: resumeAfter, limit: ORDER_STREAM.replayLimit, maxAgeMs: ORDER_STREAM.replayMaxAgeMs });
      for (const a of missed) {
        stream.sent.add(a.id);
        stream.send(sseFrame('alert', a, a.id));
      }
      stream.send(sseFrame('orders', { cursor }));
    }
    stream.send(sseFrame('ready', { cursor: Math.max(cursor, resumeAfter ?? 0) }, Math.max(cursor, resumeAfter ?? 0)));

    // A comment now and then keeps proxies from closing a quiet connection; and the session is
    // checked again: signed out, switched company or access taken away ends the stream.
    timers.push(
      setInterval(async () => {
        stream.send(': ping\n\n');
        try {
          const ctx = token ? await loadContext(db, token) : null;
          enforce(access, ctx);
          if (ctx.companyId !== companyId) stream.end();
        } catch {
          stream.end();
        }
      }, options.heartbeatMs),
      setTimeout(() => stream.end(), options.maxAgeMs),
    );
    for (const t of timers) t.unref?.();

    reply
      .code(200)
      .header('content-type', 'text/event-stream; charset=utf-8')
      // no-transform: no proxy may compress (and so hold back) the stream; nginx must not buffer it.
      .header('cache-control', 'no-store, no-transform')
      .header('x-accel-buffering', 'no')
      // The browser opens a new connection to reconnect anyway; this one must not linger idle after.
      .header('connection', 'close');
    return reply.send(body) as unknown as string;
  });
  return hub;
}
