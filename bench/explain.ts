/** EXPLAIN ANALYZE of a captured statement, reduced to the lines that say where the time goes. */
import type pg from 'pg';

export type TCapturedQuery = { query: string; params: unknown[] };

/** Plan lines that say where the time goes: scans of the big tables, filters, sorts, subplans. */
const KEY_LINE = /(on loads|on load_drivers|on work_weeks|Rows Removed by (Filter|Join Filter)|Sort Method|SubPlan|InitPlan|Limit|Semi Join|Execution Time|Heap Fetches)/;

export async function explainKeyLines(client: pg.Client, q: TCapturedQuery, maxLines = 14): Promise<string[]> {
  const { rows } = await client.query(`explain (analyze, buffers) ${q.query}`, q.params as any[]);
  const lines = rows.map((r) => String(r['QUERY PLAN']));
  // The top line (total rows and time), then the key lines once each: per-row subplans repeat.
  const seen = new Set<string>();
  const out: string[] = [];
  for (const [i, line] of lines.entries()) {
    if (i > 0 && !KEY_LINE.test(line)) continue;
    const shape = line.replace(/\(cost[^)]*\)/, '').replace(/\d+(\.\d+)?/g, '#');
    if (seen.has(shape)) continue;
    seen.add(shape);
    const short = line.replace(/\(cost=[^)]*\) /, '');
    out.push(short.length > 150 ? `${short.slice(0, 147)}...` : short);
  }
  return out.length > maxLines ? [...out.slice(0, maxLines - 2), '...', out[out.length - 1]] : out;
}
