import { is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import * as schema from './schema';
import { COMPANY_COLUMN_NOT_OWNED, currentScope } from './scope';

/**
 * A guard against forgetting the tenant. Tables whose rows belong to one company must be read
 * and written with their `company_id` in a condition of the statement. The test suites run every
 * query through `assertScoped` (HAULBOARD_TENANCY_CHECK=1), so a query on a company-owned table
 * without the company condition fails the test that runs it. Child tables reached through their
 * parent (the drivers of a load) have no company column and are not checked.
 */

/**
 * The company-owned tables: every table of the schema with a `company_id` column, except those
 * `COMPANY_COLUMN_NOT_OWNED` names with the reason (sessions and memberships). A new table with
 * the column is checked from the start; row-level-security.test.ts holds the database to the same list.
 */
export const COMPANY_OWNED_TABLES: readonly string[] = Object.values(schema as Record<string, unknown>)
  .filter((value): value is PgTable => is(value, PgTable))
  .map((table) => getTableConfig(table))
  .filter((config) => config.columns.some((column) => column.name === 'company_id') && !(config.name in COMPANY_COLUMN_NOT_OWNED))
  .map((config) => config.name)
  .sort();

// Longest first, so a name that begins another (loads, load_orders) is not taken for it.
const alternatives = [...COMPANY_OWNED_TABLES].sort((a, b) => b.length - a.length).join('|');
const REFERENCE = new RegExp(`(?:from|join|update|into)\\s+"?(${alternatives})"?(?![\\w"])`, 'gi');

const COLUMN = String.raw`(?:"?\w+"?\.)?"?company_id"?`;
/**
 * The company column in a condition: compared (`company_id = $1`, `$1 = k.company_id`, `in`,
 * `is`, `= any`), or joined on with `using`. A column only listed (a full-row select, `returning`)
 * is not a condition.
 */
const CONDITION = new RegExp(
  [String.raw`${COLUMN}\s*(?:=|<>|!=|\bin\b|\bis\b)`, String.raw`(?:=|<>|!=|\bin\s*\(|\bany\s*\()\s*${COLUMN}`, String.raw`\busing\s*\([^)]*company_id`].join('|'),
  'i',
);
/** An insert that names the company column among the columns it writes (row-level security checks the value). */
const INSERT_WITH_COMPANY = /\binsert\s+into\s+"?\w+"?(?:\s+as\s+"?\w+"?)?\s*\([^)]*"?company_id"?[^)]*\)/i;

export class UnscopedQueryError extends Error {}

/** The company-owned tables a statement reads or writes without any company condition in it. */
export function unscopedTables(statement: string): string[] {
  if (CONDITION.test(statement) || INSERT_WITH_COMPANY.test(statement)) return [];
  return [...new Set([...statement.matchAll(REFERENCE)].map((m) => m[1].toLowerCase()))];
}

export function assertScoped(statement: string) {
  const tables = unscopedTables(statement);
  if (tables.length) {
    throw new UnscopedQueryError(`A query on ${tables.join(', ')} has no company condition: ${statement.slice(0, 300)}`);
  }
}

/**
 * A Drizzle logger that refuses unscoped statements run as a company (or as no company), when the
 * check is switched on. Work in the system scope spans companies by nature (the order engine's
 * claims, purges, tests' own set-up and reads), so its statements are not held to a company.
 */
export const tenancyCheckLogger = () =>
  process.env.HAULBOARD_TENANCY_CHECK === '1'
    ? {
        logQuery: (query: string) => {
          if (currentScope().kind === 'company') assertScoped(query);
        },
      }
    : undefined;
