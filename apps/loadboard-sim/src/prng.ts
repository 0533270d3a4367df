/** Deterministic randomness: the simulator never calls Math.random, so a seed replays exactly. */
export type TRandom = {
  /** [0, 1) */
  next(): number;
  /** [min, max) */
  float(min: number, max: number): number;
  /** Integer in [min, max] */
  int(min: number, max: number): number;
  chance(p: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** Picks by weight: [[item, weight], …] */
  weighted<T>(items: readonly (readonly [T, number])[]): T;
  uuid(): string;
  /** Upper-case letters and digits, e.g. for trip and load ids. */
  code(length: number): string;
};

/** A 32-bit hash of text (FNV-1a then a final mix), to derive independent streams from one seed. */
export function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  return h >>> 0;
}

const ALPHANUM = 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789';

/** mulberry32 over a string or number seed. */
export function createRandom(seed: string | number): TRandom {
  let a = typeof seed === 'number' ? seed >>> 0 : hash32(seed);
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const r: TRandom = {
    next,
    float: (min, max) => min + next() * (max - min),
    int: (min, max) => Math.floor(min + next() * (max - min + 1)),
    chance: (p) => next() < p,
    pick: (items) => items[Math.floor(next() * items.length)],
    weighted: (items) => {
      const total = items.reduce((s, [, w]) => s + w, 0);
      let x = next() * total;
      for (const [item, w] of items) {
        x -= w;
        if (x < 0) return item;
      }
      return items[items.length - 1][0];
    },
    uuid: () => {
      const hex = Array.from({ length: 32 }, () => Math.floor(next() * 16).toString(16));
      hex[12] = '4';
      hex[16] = ((Number.parseInt(hex[16], 16) & 0x3) | 0x8).toString(16);
      const s = hex.join('');
      return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
    },
    code: (length) => Array.from({ length }, () => ALPHANUM[Math.floor(next() * ALPHANUM.length)]).join(''),
  };
  return r;
}
