import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Who the database sees acting (decision 018). Every statement and transaction of the app's
 * database handle runs under one of two roles that cannot bypass row-level security:
 * - a company: `haulboard_app` with `haulboard.company_id` set for that transaction only
 *   (SET LOCAL), so company-owned tables show and accept that company's rows alone;
 * - no company (a request from someone without an active company, a public page): `haulboard_app`
 *   with no company set, which sees no company-owned row at all;
 * - the system: `haulboard_system`, for work that spans companies by nature (reading a session
 *   and its memberships before the company is known, sign-in, the job runner, the order engine's
 *   claims, purges). It is the scope of code that runs outside a request.
 * - the owner (`asOwner`): the role that connected, for the database's own bookkeeping tables
 *   (drizzle's migrations, pg-boss's queue) only; never for company data.
 */
export type TDbScope = { kind: 'company'; companyId: number | null } | { kind: 'system' } | { kind: 'owner' };

export const APP_ROLE = 'haulboard_app';
export const SYSTEM_ROLE = 'haulboard_system';
/** The setting the policies read: `nullif(current_setting('haulboard.company_id', true), '')::int`. */
export const COMPANY_SETTING = 'haulboard.company_id';

const storage = new AsyncLocalStorage<TDbScope>();
const SYSTEM: TDbScope = { kind: 'system' };

/** The scope of the work in progress; the system outside any request. */
export const currentScope = (): TDbScope => storage.getStore() ?? SYSTEM;

/**
 * Runs `fn` (and everything it starts, timers included) in a scope. Awaited inside the scope, so
 * Drizzle's lazy queries (which run when awaited) run in it too.
 */
const within = async <T>(scope: TDbScope, fn: () => T | PromiseLike<T>): Promise<T> => storage.run(scope, async () => await fn());

const companyScope = (companyId: number | null): TDbScope => {
  if (companyId !== null && !(Number.isSafeInteger(companyId) && companyId > 0)) throw new Error(`Not a company id: ${companyId}`);
  return { kind: 'company', companyId };
};

/** Runs `fn` as a company, or as no company with null. */
export const asCompany = <T>(companyId: number | null, fn: () => T | PromiseLike<T>) => within(companyScope(companyId), fn);

/** Runs `fn` as the system: cross-company work (sign-in's reads, job claims, purges). */
export const asSystem = <T>(fn: () => T | PromiseLike<T>) => within(SYSTEM, fn);

/** Runs `fn` as the connecting role, for the database's bookkeeping tables only (health). */
export const asOwner = <T>(fn: () => T | PromiseLike<T>) => within({ kind: 'owner' }, fn);

/** Continues a callback-style chain (a request's remaining hooks and handler) as a company. */
export const continueAsCompany = (companyId: number | null, next: () => void) => storage.run(companyScope(companyId), next);

/**
 * The statements that open a scope inside a transaction (no parameters: the company id is a
 * checked integer). None for the owner.
 */
export function scopeStatements(scope: TDbScope = currentScope()): string[] {
  switch (scope.kind) {
    case 'owner':
      return [];
    case 'system':
      return [`set local role ${SYSTEM_ROLE}`];
    case 'company':
      return [`set local role ${APP_ROLE}`, `select set_config('${COMPANY_SETTING}', '${scope.companyId ?? ''}', true)`];
  }
}

/**
 * Tables with a `company_id` column that are not under row-level security, and why. Every other
 * table with that column must be (test/row-level-security.test.ts fails otherwise): a migration
 * that adds one ends with `SELECT haulboard_company_owned('the_table');`.
 */
export const COMPANY_COLUMN_NOT_OWNED: Record<string, string> = {
  sessions: "the session's chosen company, not an owner: read before any company is known",
  user_companies: 'memberships: a person belongs to several companies, and an administrator edits them across the companies they run',
  user_roles: "roles within those memberships, edited alongside them",
};
