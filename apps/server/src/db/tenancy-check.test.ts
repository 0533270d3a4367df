import { describe, expect, it } from 'vitest';
import { assertScoped, UnscopedQueryError, unscopedTables } from './tenancy-check';

describe('the tenancy check on SQL statements', () => {
  it('passes statements on company-owned tables that carry the company', () => {
    expect(unscopedTables('select "id" from "loads" where ("loads"."company_id" = $1 and "loads"."id" = $2)')).toEqual([]);
    expect(unscopedTables('insert into "brokers" ("id", "company_id", "name") values (default, $1, $2)')).toEqual([]);
  });

  it('passes statements on tables that are not company-owned', () => {
    expect(unscopedTables('select * from "users" where "users"."id" = $1')).toEqual([]);
    expect(unscopedTables('delete from "load_drivers" where "load_drivers"."load_id" = $1')).toEqual([]);
  });

  it('catches a planted query without the company condition', () => {
    const planted = 'update "loads" set "payout" = $1 where "loads"."id" = $2';
    expect(unscopedTables(planted)).toEqual(['loads']);
    expect(() => assertScoped(planted)).toThrow(UnscopedQueryError);
    expect(unscopedTables('select "brokers"."name" from "brokers" inner join "work_weeks" on true')).toEqual(['brokers', 'work_weeks']);
  });
});
