/** Timing helpers: a closed-loop runner at a fixed concurrency, percentiles, a text table. */

export type TRunLimits = { requests: number; concurrency: number; maxSeconds: number };

export type TRunResult = {
  concurrency: number;
  count: number;
  errors: number;
  firstError: string | null;
  seconds: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  perSecond: number;
};

/** The nearest-rank percentile of sorted values (milliseconds). */
export function percentile(sorted: number[], p: number) {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
}

type TSamples = { latencies: number[]; errors: number; firstError: string | null; seconds: number };

/**
 * Runs `call(i)` for i = from, from + 1 … from `concurrency` workers, each starting its next call
 * when the previous one finished, until `requests` calls were made or `maxSeconds` passed.
 */
async function closedLoop(limits: TRunLimits, from: number, call: (i: number) => Promise<void>): Promise<TSamples> {
  const samples: TSamples = { latencies: [], errors: 0, firstError: null, seconds: 0 };
  let next = from;
  const end = from + limits.requests;
  const started = performance.now();
  const deadline = started + limits.maxSeconds * 1000;
  const worker = async () => {
    while (next < end && performance.now() < deadline) {
      const i = next++;
      const t0 = performance.now();
      try {
        await call(i);
        samples.latencies.push(performance.now() - t0);
      } catch (error: any) {
        samples.errors++;
        samples.firstError ??= String(error?.message ?? error);
      }
    }
  };
  await Promise.all(Array.from({ length: limits.concurrency }, worker));
  samples.seconds = (performance.now() - started) / 1000;
  return samples;
}

function summarise(concurrency: number, parts: TSamples[]): TRunResult {
  const latencies = parts.flatMap((p) => p.latencies).sort((a, b) => a - b);
  const seconds = parts.reduce((n, p) => n + p.seconds, 0);
  const errors = parts.reduce((n, p) => n + p.errors, 0);
  return {
    concurrency,
    count: latencies.length,
    errors,
    firstError: parts.find((p) => p.firstError)?.firstError ?? null,
    seconds,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    max: latencies[latencies.length - 1] ?? Number.NaN,
    perSecond: latencies.length / seconds,
  };
}

/**
 * Measures several ways of doing the same work in alternating rounds (a, b, a, b …), so that
 * load from elsewhere on a shared machine falls on all of them alike. Each gets `requests` calls
 * and `maxSeconds` in total, at `concurrency` clients.
 */
export async function runInterleaved(limits: TRunLimits, rounds: number, calls: ((i: number) => Promise<void>)[]): Promise<TRunResult[]> {
  const parts = calls.map(() => [] as TSamples[]);
  const perRound = {
    ...limits,
    requests: Math.max(limits.concurrency, Math.ceil(limits.requests / rounds)),
    maxSeconds: limits.maxSeconds / rounds,
  };
  for (let round = 0; round < rounds; round++) {
    for (const [k, call] of calls.entries()) parts[k].push(await closedLoop(perRound, round * perRound.requests, call));
  }
  return parts.map((p) => summarise(limits.concurrency, p));
}

export type TColumn = { title: string; align?: 'left' | 'right' };

/** A plain text table, padded per column. */
export function formatTable(columns: TColumn[], rows: (string | number)[][]) {
  const cells = rows.map((r) => r.map(String));
  const widths = columns.map((c, i) => Math.max(c.title.length, ...cells.map((r) => (r[i] ?? '').length)));
  const line = (values: string[]) =>
    values
      .map((v, i) => (columns[i].align === 'left' ? v.padEnd(widths[i]) : v.padStart(widths[i])))
      .join('  ')
      .trimEnd();
  return [line(columns.map((c) => c.title)), widths.map((w) => '-'.repeat(w)).join('  '), ...cells.map(line)].join('\n');
}

export const ms = (v: number) => (Number.isFinite(v) ? v.toFixed(1) : '-');
