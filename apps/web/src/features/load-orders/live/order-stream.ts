import { loadOrderRoutes, type TOrderAlert } from '@haulboard/contract';
import type { QueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client';
import { ORDER_POLL_MS } from '../api/get-orders';
import { beep, unlockSound } from './beep';

/**
 * One live connection per tab to GET /api/LoadOrder/Events (EventSource), shared by whoever
 * listens: the dashboard and the app-wide alert stack. `orders` makes the order queries fetch
 * again; `alert` adds the match to the alerts shown, once per timeline id, with a short sound.
 * When the stream is refused or unsupported, the 5-second polling (spec §9) carries on alone,
 * and the alerts come from GET /api/LoadOrder/Alerts at the same pace: the sound and the stack
 * do not depend on the stream.
 */

export type TStreamStatus = 'off' | 'connecting' | 'live' | 'polling';
export type TStreamState = { status: TStreamStatus; alerts: TOrderAlert[] };

const STORE_KEY = 'haulboard.orderStream';
/** Alerts kept for the stack at most (the newest). */
const MAX_ALERTS = 100;
/** After a refused stream, the next try. */
const RETRY_REFUSED_MS = 60_000;

let state: TStreamState = { status: 'off', alerts: [] };
const listeners = new Set<() => void>();
let source: EventSource | null = null;
let users = 0;
let client: QueryClient | null = null;
let companyId: number | null = null;
let retryTimer: ReturnType<typeof setTimeout> | null = null;

/** Alerts already shown in this tab and the last event id, kept over a reload of the tab. */
type TStored = { seen: number[]; lastEventId: string | null; companyId: number | null };
function readStored(): TStored {
  try {
    const v = JSON.parse(sessionStorage.getItem(STORE_KEY) ?? 'null');
    if (v && Array.isArray(v.seen)) return { seen: v.seen.filter(Number.isFinite), lastEventId: typeof v.lastEventId === 'string' ? v.lastEventId : null, companyId: v.companyId ?? null };
  } catch {
    /* nothing kept */
  }
  return { seen: [], lastEventId: null, companyId: null };
}
const stored = readStored();
const seen = new Set<number>(stored.seen);
let lastEventId: string | null = stored.lastEventId;
function keep() {
  try {
    sessionStorage.setItem(STORE_KEY, JSON.stringify({ seen: [...seen].slice(-200), lastEventId, companyId }));
  } catch {
    /* private mode: dedupe holds for this page only */
  }
}

function set(next: Partial<TStreamState>) {
  state = { ...state, ...next };
  if (state.status === 'polling' && users > 0) startAlertPolling();
  else if (state.status !== 'polling') stopAlertPolling();
  for (const l of listeners) l();
}

export const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
export const getState = () => state;

export function dismissAlerts(ids: number[]) {
  const gone = new Set(ids);
  set({ alerts: state.alerts.filter((a) => !gone.has(a.id)) });
}
export function dismissAll() {
  set({ alerts: [] });
}

function onAlert(event: MessageEvent) {
  let alert: TOrderAlert;
  try {
    alert = JSON.parse(event.data);
  } catch {
    return;
  }
  if (event.lastEventId) lastEventId = event.lastEventId;
  showAlert(alert);
  keep();
}

/** Adds an alert to the stack once (by its timeline id), with one sound for a burst. */
function showAlert(alert: TOrderAlert) {
  if (typeof alert?.id !== 'number' || seen.has(alert.id)) return;
  seen.add(alert.id);
  set({ alerts: [alert, ...state.alerts].slice(0, MAX_ALERTS) });
  // One sound for a burst (a reconnect may replay several).
  queueBeep();
}

/**
 * Polling for alerts while the stream is down. Each poll asks from the cursor of two polls ago:
 * an alert whose row committed late (a lower id after a higher one) is still found; the ids
 * already shown are skipped.
 */
let pollTimer: ReturnType<typeof setInterval> | null = null;
let cursors: number[] = [];
async function pollAlerts() {
  const after = cursors[0] ?? (lastEventId && /^\d+$/.test(lastEventId) ? Number(lastEventId) : undefined);
  const asked = companyId;
  try {
    const reply: unknown = await callRoute(loadOrderRoutes.getAlerts, { query: after === undefined ? {} : { after } });
    if (!pollTimer || asked !== companyId || !reply || typeof reply !== 'object') return;
    const { cursor, alerts } = reply as { cursor: number; alerts: TOrderAlert[] };
    for (const a of alerts) showAlert(a);
    cursors = [...cursors, cursor].slice(-2);
    lastEventId = String(Math.max(cursor, Number(lastEventId ?? 0) || 0));
    keep();
  } catch {
    /* signed out or offline: the next poll tries again, the list shows the error */
  }
}
function startAlertPolling() {
  if (pollTimer) return;
  cursors = [];
  pollTimer = setInterval(() => void pollAlerts(), ORDER_POLL_MS);
  void pollAlerts();
}
function stopAlertPolling() {
  if (pollTimer) clearInterval(pollTimer);
  pollTimer = null;
}

let beepQueued = false;
function queueBeep() {
  if (beepQueued) return;
  beepQueued = true;
  setTimeout(() => {
    beepQueued = false;
    beep();
  }, 50);
}

function onOrders(event: MessageEvent) {
  if (event.lastEventId) lastEventId = event.lastEventId;
  keep();
  void client?.invalidateQueries({ queryKey: ['load-orders'] });
}

function open() {
  if (source || typeof EventSource === 'undefined') {
    if (!source) set({ status: 'polling' });
    return;
  }
  const url = loadOrderRoutes.orderEvents.path + (lastEventId ? `?lastEventId=${encodeURIComponent(lastEventId)}` : '');
  const es = new EventSource(url);
  source = es;
  set({ status: 'connecting' });
  let reconnecting = false;
  es.addEventListener('open', () => {
    set({ status: 'live' });
    // Whatever changed while the connection was down: fetch the list once.
    if (reconnecting) void client?.invalidateQueries({ queryKey: ['load-orders'] });
  });
  es.addEventListener('ready', (e) => {
    const id = (e as MessageEvent).lastEventId;
    if (id) lastEventId = id;
    keep();
  });
  es.addEventListener('orders', onOrders as EventListener);
  es.addEventListener('alert', onAlert as EventListener);
  es.addEventListener('error', () => {
    reconnecting = true;
    if (es.readyState === EventSource.CLOSED) {
      // Refused (signed out, no access, too many tabs): polling alone, and a new try later.
      source = null;
      set({ status: 'polling' });
      if (users > 0 && !retryTimer) {
        retryTimer = setTimeout(() => {
          retryTimer = null;
          if (users > 0) open();
        }, RETRY_REFUSED_MS);
      }
    } else set({ status: 'connecting' });
  });
}

function close() {
  source?.close();
  source = null;
  stopAlertPolling();
  if (retryTimer) clearTimeout(retryTimer);
  retryTimer = null;
  set({ status: 'off' });
}

/**
 * Starts listening for the company shown (the first user opens the connection, the last closes
 * it). A switch of company drops the other company's alerts and opens a new connection.
 */
export function connect(queryClient: QueryClient, company: number | null) {
  client = queryClient;
  if (company !== companyId) {
    const had = companyId ?? stored.companyId;
    companyId = company;
    if (had !== null && had !== company) {
      // The other company's place in the stream is no place in this one's: start from now.
      lastEventId = null;
      cursors = [];
      set({ alerts: [] });
      if (source) {
        close();
        if (users > 0) open();
      }
    }
    keep();
  }
  users++;
  unlockSound();
  if (users === 1) open();
  return () => {
    users = Math.max(0, users - 1);
    if (users === 0) close();
  };
}

/** For the unit tests: the store as a new tab has it. */
export function resetOrderStream() {
  close();
  users = 0;
  seen.clear();
  lastEventId = null;
  companyId = null;
  set({ status: 'off', alerts: [] });
}
