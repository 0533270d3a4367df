/**
 * A guard against forgetting the tenant. Tables whose rows belong to one company must be read
 * and written with their `company_id` in the statement. The test suites run every query through
 * `assertScoped` (HAULBOARD_TENANCY_CHECK=1), so a query on a company-owned table without the
 * company condition fails the test that runs it. Child tables reached through their parent (the
 * drivers of a load) and person-level tables (users and memberships, shared across companies)
 * are not listed.
 */
export const COMPANY_OWNED_TABLES = ['brokers', 'company_cookies', 'company_settings', 'expenses', 'file_chunks', 'files', 'fuel_transactions', 'ifta_miles', 'import_files', 'import_presets', 'imports', 'load_orders', 'loads', 'order_bookings', 'order_events', 'role_permissions', 'work_weeks'] as const;

const REFERENCE = new RegExp(`(?:from|join|update|into)\\s+"?(${COMPANY_OWNED_TABLES.join('|')})"?(?![\\w"])`, 'gi');

export class UnscopedQueryError extends Error {}

/** The company-owned tables a statement reads or writes without any `company_id` in it. */
export function unscopedTables(statement: string): string[] {
  if (/company_id/i.test(statement)) return [];
  return [...new Set([...statement.matchAll(REFERENCE)].map((m) => m[1].toLowerCase()))];
}

export function assertScoped(statement: string) {
  const tables = unscopedTables(statement);
  if (tables.length) {
    throw new UnscopedQueryError(`A query on ${tables.join(', ')} has no company condition: ${statement.slice(0, 300)}`);
  }
}

/** A Drizzle logger that refuses unscoped statements, when the check is switched on. */
export const tenancyCheckLogger = () =>
  process.env.HAULBOARD_TENANCY_CHECK === '1' ? { logQuery: (query: string) => assertScoped(query) } : undefined;
