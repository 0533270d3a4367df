import { eq, is } from 'drizzle-orm';
import { getTableConfig, PgTable, QueryBuilder } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schema from './schema';
import { COMPANY_COLUMN_NOT_OWNED } from './scope';
import { assertScoped, COMPANY_OWNED_TABLES, UnscopedQueryError, unscopedTables } from './tenancy-check';

const owned = Object.values(schema as Record<string, unknown>)
  .filter((value): value is PgTable => is(value, PgTable))
  .filter((table) => COMPANY_OWNED_TABLES.includes(getTableConfig(table).name));
const companyColumn = (table: PgTable) => getTableConfig(table).columns.find((c) => c.name === 'company_id')!;
const qb = new QueryBuilder();

describe('the tenancy check on SQL statements', () => {
  it('checks every table of the schema with a company column, but the documented exemptions', () => {
    expect(COMPANY_OWNED_TABLES).toEqual(
      expect.arrayContaining(['settlement_statements', 'settlement_closures', 'invoice_lines', 'ifta_rates', 'ifta_rate_matrices', 'board_pacing', 'company_sequences']),
    );
    for (const exempt of Object.keys(COMPANY_COLUMN_NOT_OWNED)) expect(COMPANY_OWNED_TABLES).not.toContain(exempt);
    expect(owned.length).toBe(COMPANY_OWNED_TABLES.length);
  });

  it('fails an unscoped full-row select of each owned table, and passes it with the company condition', () => {
    for (const table of owned) {
      const name = getTableConfig(table).name;
      // Drizzle's select() lists company_id among the columns: a listed column is no condition.
      const unscoped = qb.select().from(table).toSQL().sql;
      expect(unscoped).toMatch(/company_id/);
      expect(() => assertScoped(unscoped), name).toThrow(UnscopedQueryError);
      expect(() => assertScoped(`select * from "${name}"`), name).toThrow(UnscopedQueryError);
      expect(() => assertScoped(`select * from ${name} t join users u on u.id = t.id`), name).toThrow(UnscopedQueryError);
      const scoped = qb.select().from(table).where(eq(companyColumn(table), 1)).toSQL().sql;
      expect(() => assertScoped(scoped), name).not.toThrow();
      expect(unscopedTables(`select * from ${name} where company_id = $1`), name).toEqual([]);
    }
  });

  it('passes statements on company-owned tables that carry the company', () => {
    expect(unscopedTables('select "id" from "loads" where ("loads"."company_id" = $1 and "loads"."id" = $2)')).toEqual([]);
    expect(unscopedTables('insert into "brokers" ("id", "company_id", "name") values (default, $1, $2)')).toEqual([]);
    expect(unscopedTables('select 1 from loads l join work_weeks w on w.company_id = l.company_id and w.id = l.week_id where l.company_id = $1')).toEqual([]);
    expect(unscopedTables('select * from loads where company_id in ($1, $2)')).toEqual([]);
    expect(unscopedTables('insert into board_pacing as p (company_id, next_slot_on) values ($1, now()) on conflict (company_id) do update set failures = 0')).toEqual([]);
    expect(unscopedTables('with added as (insert into "fuel_transactions" ("company_id", "vendor") select "company_id", "vendor" from x returning 1) select count(*) from added')).toEqual([]);
  });

  it('passes statements on tables that are not company-owned', () => {
    expect(unscopedTables('select * from "users" where "users"."id" = $1')).toEqual([]);
    expect(unscopedTables('delete from "load_drivers" where "load_drivers"."load_id" = $1')).toEqual([]);
    expect(unscopedTables('select * from "user_companies" where "user_companies"."user_id" = $1')).toEqual([]);
  });

  it('catches a planted query without the company condition', () => {
    const planted = 'update "loads" set "payout" = $1 where "loads"."id" = $2';
    expect(unscopedTables(planted)).toEqual(['loads']);
    expect(() => assertScoped(planted)).toThrow(UnscopedQueryError);
    expect(unscopedTables('select "brokers"."name" from "brokers" inner join "work_weeks" on true')).toEqual(['brokers', 'work_weeks']);
    expect(unscopedTables('delete from "loads" where "loads"."id" = $1 returning "id", "company_id"')).toEqual(['loads']);
    expect(unscopedTables('select "id", "company_id" from "load_orders" where "id" = $1')).toEqual(['load_orders']);
  });
});
