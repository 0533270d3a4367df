import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { currentScope, scopeStatements } from './scope';

/**
 * The drivers under the app's Drizzle handle, made to run every statement in the current scope
 * (db/scope.ts): a statement on its own runs in a short transaction that first sets the role (and
 * the company) with SET LOCAL; Drizzle's transactions set them right after `begin`. Nothing is
 * left on a connection after its transaction, so a pooled connection never carries one company's
 * setting into another's statement.
 */

type TQueryable = { query: (...args: any[]) => Promise<any> };

/** Runs one statement on a checked-out connection inside begin … commit with the scope set. */
async function inScope<T>(client: TQueryable, prelude: string[], run: () => Promise<T>): Promise<T> {
  // One round trip: a text without parameters goes as a simple query, which may hold several statements.
  await client.query(['begin', ...prelude].join('; '));
  try {
    const result = await run();
    await client.query('commit');
    return result;
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  }
}

/**
 * What Drizzle's node-postgres session is given instead of the pool: `query` runs in scope;
 * `connect` (Drizzle's transactions) hands out a pool connection as it is. It inherits from the
 * pool so that Drizzle recognises a pool (and checks out a connection per transaction).
 */
export function scopedPool(pool: pg.Pool): pg.Pool {
  return Object.create(pool, {
    query: {
      value: async (config: any, values?: any) => {
        const prelude = scopeStatements(currentScope());
        if (!prelude.length) return pool.query(config, values);
        const client = await pool.connect();
        let broken: Error | undefined;
        try {
          return await inScope(client, prelude, () => client.query(config, values));
        } catch (error) {
          // A connection that failed outside the statement itself (lost, or left in a transaction) is not reused.
          if (!(error as { code?: string }).code) broken = error as Error;
          throw error;
        } finally {
          client.release(broken);
        }
      },
    },
    connect: { value: () => pool.connect() },
  });
}

/** The PGlite instance as Drizzle sees it: a statement on its own runs in a scoped transaction. */
export function scopedPglite(client: PGlite): PGlite {
  return new Proxy(client, {
    get(target, property) {
      if (property === 'query') {
        return (query: string, params?: unknown[], options?: unknown) => {
          const prelude = scopeStatements(currentScope());
          if (!prelude.length) return target.query(query, params, options as any);
          return target.transaction(async (tx) => {
            await tx.exec(prelude.join('; '));
            return tx.query(query, params, options as any);
          });
        };
      }
      const value = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

type TTransactional = { transaction: (fn: (tx: any) => Promise<any>, config?: any) => Promise<any> };

/** Makes each Drizzle transaction of `db` open with the scope it was started in (savepoints inherit it). */
export function scopeTransactions<T extends TTransactional>(db: T): T {
  const transaction = db.transaction.bind(db);
  db.transaction = ((fn: (tx: any) => Promise<any>, config?: any) => {
    const prelude = scopeStatements(currentScope());
    if (!prelude.length) return transaction(fn, config);
    return transaction(async (tx) => {
      for (const statement of prelude) await tx.execute(sql.raw(statement));
      return fn(tx);
    }, config);
  }) as T['transaction'];
  return db;
}
