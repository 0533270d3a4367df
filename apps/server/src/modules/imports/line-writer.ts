import { once } from 'node:events';
import { finished } from 'node:stream/promises';
import { getTableColumns, getTableName, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { TDb } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { scopeStatements } from '../../db/scope';

/** Lines written per statement on PGlite (its one connection runs on the event loop: about 0.1 s on a loaded machine). */
const PGLITE_WRITE = 500;

const yieldToOthers = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The connection pool behind a PostgreSQL database handle; null on PGlite. */
export function poolOf(db: TDb): pg.Pool | null {
  const client = (db as unknown as { $client?: unknown }).$client;
  return client instanceof pg.Pool ? client : null;
}

/** Where a run's lines go: `write` a batch of rows (by the table's keys), `finish` says how many were added. */
export type TLineWriter = { write: (rows: Record<string, unknown>[]) => Promise<void>; finish: () => Promise<number>; abort: () => Promise<void> };

/**
 * A writer of lines into their table: on PostgreSQL one `COPY … FROM STDIN` (pg-copy-streams) for
 * the whole file in a transaction of its own connection, committed by `finish`; on PGlite one short
 * statement per 500 lines (a JSON parameter), yielding between them, skipping a line stored meanwhile.
 */
export async function openWriter(db: TDb, table: PgTable, keys: string[]): Promise<TLineWriter> {
  const all = getTableColumns(table) as Record<string, { name: string }>;
  const names = keys.map((key) => all[key].name);
  const pool = poolOf(db);
  if (pool) return copyWriter(pool, getTableName(table), names, keys);
  const target = sql.identifier(getTableName(table));
  const list = sql.join(
    names.map((n) => sql.identifier(n)),
    sql`, `,
  );
  let added = 0;
  return {
    write: async (batch) => {
      // Half a batch per statement: on PGlite a statement holds every other request up while it runs.
      for (let from = 0; from < batch.length; from += PGLITE_WRITE) {
        if (from) await yieldToOthers();
        const rows = batch.slice(from, from + PGLITE_WRITE);
        const json = JSON.stringify(rows.map((row) => Object.fromEntries(keys.map((key, i) => [names[i], row[key] ?? null]))));
        const [result] = rowsOf<{ n: number }>(
          await db.execute(sql`
            with added as (
              insert into ${target} (${list})
              select ${list} from jsonb_populate_recordset(null::${target}, ${json}::jsonb)
              on conflict do nothing
              returning 1
            )
            select count(*)::int as n from added`),
        );
        added += Number(result?.n ?? 0);
      }
    },
    finish: async () => added,
    abort: async () => {},
  };
}

async function copyWriter(pool: pg.Pool, table: string, names: string[], keys: string[]): Promise<TLineWriter> {
  const client = await pool.connect();
  let failure: Error | null = null;
  let stream: ReturnType<typeof copyFrom> | null = null;
  const columns = names.map((n) => `"${n}"`).join(', ');
  try {
    await client.query('begin');
    // A connection of its own, so the acting company's role and setting are set here (decision 018):
    // the lines are written under row-level security like every other statement of the request.
    for (const statement of scopeStatements()) await client.query(statement);
    // PostgreSQL refuses COPY FROM into a table under row-level security: the lines are copied into
    // a temporary table of the same shape (this transaction's own), then moved in one set-based
    // statement that the policies check like any insert.
    await client.query(`create temp table copied (like "${table}" including defaults) on commit drop`);
    stream = client.query(copyFrom(`copy copied (${columns}) from stdin`));
  } catch (error) {
    client.release(true);
    throw error;
  }
  const copy = stream;
  copy.on('error', (error) => {
    failure ??= error;
  });
  let open = true;
  const close = async (ok: boolean) => {
    if (!open) return;
    open = false;
    if (ok) {
      client.release();
      return;
    }
    await client.query('rollback').catch(() => undefined);
    client.release(true);
  };
  return {
    write: async (rows) => {
      if (failure) throw failure;
      if (!copy.write(copyLines(rows, keys))) await once(copy, 'drain');
    },
    finish: async () => {
      try {
        if (failure) throw failure;
        copy.end();
        await finished(copy);
        const moved = await client.query(`insert into "${table}" (${columns}) select ${columns} from copied`);
        await client.query('commit');
        await close(true);
        return moved.rowCount ?? 0;
      } catch (error) {
        await close(false);
        throw error;
      }
    },
    abort: async () => {
      if (!open) return;
      // CopyFail: the server drops what was sent; the transaction is rolled back and the connection closed.
      copy.destroy(new Error('The import was stopped'));
      await finished(copy).catch(() => undefined);
      await close(false);
    },
  };
}

/** Rows in COPY's text format: tab between values, \N for null, backslash escapes. */
function copyLines(rows: Record<string, unknown>[], keys: string[]): string {
  let text = '';
  for (const row of rows) {
    for (let i = 0; i < keys.length; i++) {
      const value = row[keys[i]];
      if (i) text += '\t';
      if (value === null || value === undefined) text += '\\N';
      else if (typeof value === 'boolean') text += value ? 't' : 'f';
      else {
        const s = String(value);
        text += /[\\\t\n\r]/.test(s) ? s.replace(/[\\\t\n\r]/g, (c) => COPY_ESCAPES[c]) : s;
      }
    }
    text += '\n';
  }
  return text;
}

const COPY_ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };
