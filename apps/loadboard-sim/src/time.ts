/** The simulator's clock and the calendar arithmetic its exports need (weeks run Sunday–Saturday, Pacific). */
export type TClock = {
  now(): number;
  /** Moves time forward (or back, with a negative number) by ms. */
  advance(ms: number): number;
  setNow(at: number | Date | string): number;
  /** 'manual' stands still between calls; 'real' follows the wall clock plus what advance/setNow added. */
  readonly mode: 'manual' | 'real';
};

export function createClock(start?: number | Date | string): TClock {
  const toMs = (at: number | Date | string) => (typeof at === 'number' ? at : new Date(at).getTime());
  if (start === undefined) {
    let offset = 0;
    return {
      mode: 'real',
      now: () => Date.now() + offset,
      advance: (ms) => {
        offset += ms;
        return Date.now() + offset;
      },
      setNow: (at) => {
        offset = toMs(at) - Date.now();
        return toMs(at);
      },
    };
  }
  let now = toMs(start);
  if (!Number.isFinite(now)) throw new Error(`Not a time: ${String(start)}`);
  return {
    mode: 'manual',
    now: () => now,
    advance: (ms) => (now += ms),
    setNow: (at) => {
      const t = toMs(at);
      if (!Number.isFinite(t)) throw new Error(`Not a time: ${String(at)}`);
      now = t;
      return now;
    },
  };
}

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;
export const PACIFIC = 'America/Los_Angeles';

const partsCache = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string) {
  let f = partsCache.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      weekday: 'short',
      timeZoneName: 'longOffset',
    });
    partsCache.set(timeZone, f);
  }
  return f;
}

export type TLocalParts = { year: number; month: number; day: number; hour: number; minute: number; weekday: number; offset: string };
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** The wall-clock parts of an instant in a time zone; offset like '-07:00'. */
export function localParts(at: number, timeZone: string): TLocalParts {
  const p = Object.fromEntries(formatter(timeZone).formatToParts(new Date(at)).map((x) => [x.type, x.value]));
  const offset = p.timeZoneName === 'GMT' ? '+00:00' : p.timeZoneName.replace('GMT', '');
  return {
    year: Number(p.year),
    month: Number(p.month),
    day: Number(p.day),
    hour: Number(p.hour),
    minute: Number(p.minute),
    weekday: WEEKDAYS.indexOf(p.weekday),
    offset,
  };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** 'YYYY-MM-DD' of the Sunday starting the Pacific week that holds `at`. */
export function pacificWeekOf(at: number): string {
  const p = localParts(at, PACIFIC);
  const sunday = new Date(Date.UTC(p.year, p.month - 1, p.day - p.weekday));
  return sunday.toISOString().slice(0, 10);
}

/** A 'YYYY-MM-DD' date moved to the Sunday on or before it. */
export function sundayOf(date: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return null;
  const d = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== date) return null;
  d.setUTCDate(d.getUTCDate() - d.getUTCDay());
  return d.toISOString().slice(0, 10);
}

export const addDays = (date: string, days: number) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

/** The instant of a Pacific wall-clock time (DST-safe: corrects by the zone's offset at that time). */
export function pacificInstant(date: string, hour: number, minute = 0): number {
  const guess = Date.parse(`${date}T${pad(hour)}:${pad(minute)}:00Z`);
  const off = (at: number) => {
    const m = /([+-])(\d{2}):(\d{2})/.exec(localParts(at, PACIFIC).offset);
    return m ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) * MINUTE : 0;
  };
  const first = guess - off(guess);
  return guess - off(first);
}

/** '07/13/2025 08:45' in the given zone (the exports' local times). */
export function localDateTime(at: number, timeZone: string): string {
  const p = localParts(at, timeZone);
  return `${pad(p.month)}/${pad(p.day)}/${p.year} ${pad(p.hour)}:${pad(p.minute)}`;
}

/** '07/13/2025' in the given zone. */
export function localDate(at: number, timeZone: string): string {
  return localDateTime(at, timeZone).slice(0, 10);
}
