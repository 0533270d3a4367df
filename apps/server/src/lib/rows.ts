import { toUtcIso } from '@haulboard/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { TRequestContext } from '../access/context';
import { badRequest, notFound } from './errors';

/** Small helpers for company-owned rows: the tenant, versions, timestamps and driver errors. */

/** The active company of a member route (the guard has made sure there is one). */
export function companyOf(ctx: TRequestContext): number {
  if (!ctx.companyId) throw notFound('The company');
  return ctx.companyId;
}

/** A timestamp as the API answers it: ISO 8601 in UTC with milliseconds. */
export const isoOf = (column: AnyPgColumn | SQL) => sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** Versions travel with milliseconds; store no finer so that a round trip compares equal. */
export const nowMs = () => sql`date_trunc('milliseconds', now())`;

/** The version (`updatedOn`) a form sends, normalised like isoOf(); a malformed one is a bad request. */
export function versionOf(updatedOn: string | null | undefined): string | null {
  if (!updatedOn) return null;
  const iso = toUtcIso(updatedOn);
  if (!iso) throw badRequest('updatedOn', 'The version of the row is not a date');
  return iso;
}

export const changedBySomeoneElse = (what: string) =>
  `This ${what} was changed by someone else while you were editing. Close the form, reload and try again.`;

/** The PostgreSQL error code behind a (possibly wrapped) driver error: 23505 unique, 23503 foreign key. */
export const pgCode = (error: unknown): string | undefined => {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code ?? e?.cause?.code;
};
