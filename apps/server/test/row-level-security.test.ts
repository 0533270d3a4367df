import { Readable } from 'node:stream';
import { CLOSE_CHECK_KINDS, MB } from '@haulboard/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/rows';
import { APP_ROLE, asCompany, asSystem, COMPANY_COLUMN_NOT_OWNED, SYSTEM_ROLE } from '../src/db/scope';
import { BOARD_DEMO_STEPS } from '../src/db/seed/demo-board';
import { EXPENSE_DEMO_STEPS } from '../src/db/seed/demo-expenses';
import { seedIfta } from '../src/db/seed/demo-ifta';
import { SETTLEMENT_DEMO_STEPS } from '../src/db/seed/demo-settlements';
import { COMPANY_OWNED_TABLES } from '../src/db/tenancy-check';
import { createTestApp, EMAIL, type TTestApp } from './helpers';
import { multipartBody } from './upload-route';

/**
 * Row-level security (decision 018): whatever a statement forgets, the database shows a company
 * only its own rows. Every table with a company_id column is read with no company condition at
 * all, as each company in turn, and must answer exactly that company's rows.
 */

let t: TTestApp;
let owned: string[] = [];

const ODD_HEADERS = ['When', 'Truck', 'Where', 'Gal', 'Paid', 'Product'];
const ODD_MAPPING = { date: 'When', unit: 'Truck', state: 'Where', quantity: 'Gal', amount: 'Paid', product: 'Product' };
const DALLAS = { label: 'DALLAS, TX', latitude: 32.7767, longitude: -96.797 };
const FUEL_FILE =
  'Card #,Tran Date,Tran Time,Invoice,Unit,Driver Name,Odometer,Location Name,City,State/ Prov,Fees,Item,Unit Price,Disc PPU,Disc Cost,Qty,Disc Amt,Disc Type,Amt,DB,Currency\n' +
  '7083050099990009,07/14/2025,06:42,004512,201,OLIVIA GRANT,412335,PILOT #436,AMARILLO,TX,0.00,ULSD,3.899,3.499,0.400,120.50,48.20,R,421.63,N,USD/Gallons\n';

/**
 * Rows of each company in the tables the demo steps leave empty, written the way the app writes
 * them (through the API, as each company's administrator, so as haulboard_app with that company),
 * and directly as the company where the API needs the external board or an invoice file.
 */
async function seedEveryTable(as: string, companyId: number) {
  const upload = async (url: string, fields: Record<string, string>) => {
    const body = await multipartBody(fields, [{ field: 'files', name: 'fuel.csv', content: FUEL_FILE }]);
    const reply = await t.call({ method: 'POST', url, payload: body.payload, headers: { 'content-type': body.contentType }, as });
    expect(reply.status, `${url}: ${reply.text}`).toBe(200);
  };
  const post = async (url: string, payload?: unknown) => {
    const reply = await t.call({ method: 'POST', url, payload, as });
    expect(reply.status, `${url}: ${reply.text}`).toBe(200);
    expect(reply.text, url).not.toMatch(/^ERROR/);
  };
  await post('/api/CookieAdmin', { cookie: `session-id=${companyId}`, csrfToken: `t${companyId}`, cookieSource: `Company ${companyId}` });
  const driver = Number(
    rowsOf(await asSystem(() => t.db.execute(sql`select user_id from user_roles where company_id = ${companyId} and role_id = 3 order by user_id limit 1`)))[0].user_id,
  );
  await post('/api/LoadOrder/PlaceOrder', { origin: DALLAS, driver1: driver });
  // The demo steps give Demo Freight its expenses (and a closed week); Second Haul gets one.
  if (companyId === t.ids.companies.second) await post('/api/Expense/AddUpdateExpense', {
    expenseTypeId: 1,
    expenseName: 'Insurance',
    amount: '85.00',
    frequencyTypeId: 2,
    expenseStartDate: '2026-03-02',
    expenseUserId: driver,
  });
  await upload('/api/Accounting/ImportFuel/', {});
  await upload('/api/Imports/Preview', { kind: 'fuel' });
  await post('/api/Imports/Presets', { kind: 'fuel', name: `Preset ${companyId}`, headers: ODD_HEADERS, mapping: ODD_MAPPING });
  await post(`/api/General/setServiceUrl?url=${encodeURIComponent(`https://board.example.com/${companyId}`)}`);
  // Closing a week numbers its statements, which starts the company's company_sequences row
  // (Demo Freight's closed week comes from the demo steps).
  if (companyId === t.ids.companies.second) {
    const [week] = rowsOf(await asSystem(() => t.db.execute(sql`select week_id from loads where company_id = ${companyId} order by id limit 1`)));
    await post('/api/Settlement/CloseWeek', { weekId: week.week_id, confirmed: [...CLOSE_CHECK_KINDS] });
  }
  // A stored file (the database store: a files row and its chunks), as a load's document will be.
  const content = Readable.from([Buffer.from(`%PDF-1.4 rate confirmation of company ${companyId}`)]);
  await asCompany(companyId, () => t.app.files.put({ companyId, name: 'rate-con.pdf', contentType: 'application/pdf', content, maxBytes: MB }));
  await asCompany(companyId, () =>
    t.db.transaction(async (tx) => {
      const [order] = rowsOf(await tx.execute(sql`select id from load_orders order by id limit 1`));
      const [week] = rowsOf(await tx.execute(sql`select id from work_weeks order by id limit 1`));
      const [made] = rowsOf(await tx.execute(sql`select id from imports order by id limit 1`));
      await tx.execute(sql`insert into order_bookings (order_id, company_id, work_opportunity_id, state) values (${order.id}, ${companyId}, ${`wo-${companyId}`}, 'pending')`);
      await tx.execute(sql`insert into role_permissions (company_id, role_id, object_name, access_type, is_menu_visible)
        values (${companyId}, 3, 'BrokerAdmin', 'Read', false) on conflict do nothing`);
      await tx.execute(sql`insert into ifta_miles (company_id, year, quarter, unit_number, state_code, total_miles, taxable_miles, source, natural_key)
        values (${companyId}, 2019, 1, '101', 'TX', '10', '10', 'import', 'miles|101|TX|2019Q1|import')`);
      const [matrix] = rowsOf(
        await tx.execute(sql`insert into ifta_rate_matrices (company_id, year, quarter, file_name) values (${companyId}, 2019, 1, 'rates.csv') returning id`),
      );
      await tx.execute(sql`insert into ifta_rates (company_id, matrix_id, state_code, usd_per_gal) values (${companyId}, ${matrix.id}, 'TX', '0.2000')`);
      await tx.execute(sql`insert into board_pacing (company_id, next_slot_on) values (${companyId}, now())`);
      await tx.execute(sql`insert into invoice_lines (company_id, week_id, import_id, invoice_number, block_id, trip_id, load_id, item_type, gross_pay, natural_key)
        values (${companyId}, ${week.id}, ${made.id}, 'INV-1', 'B-1', 'T-1', 'L-1', 'LOAD - COMPLETED', '100.00', ${`key-${companyId}`})`);
    }),
  );
}

const count = async (query: ReturnType<typeof sql>) => Number(rowsOf<{ n: number }>(await t.db.execute(query))[0].n);

beforeAll(async () => {
  // This file plants statements without a company condition on purpose: the database is the check
  // here, not the statement check the other suites run (db/tenancy-check.ts).
  const check = process.env.HAULBOARD_TENANCY_CHECK;
  delete process.env.HAULBOARD_TENANCY_CHECK;
  t = await createTestApp({
    steps: [...BOARD_DEMO_STEPS, ...EXPENSE_DEMO_STEPS, ...SETTLEMENT_DEMO_STEPS, seedIfta],
    extend: (app) => {
      // A route with a planted query: no company condition anywhere in it.
      app.get('/api/test/planted', { config: { access: { kind: 'member' } } }, async () =>
        rowsOf(await t.db.execute(sql`select current_user as "user", (select count(*)::int from brokers) as brokers, (select count(*)::int from loads) as loads`))[0],
      );
      app.get('/api/test/planted-public', { config: { access: { kind: 'public' } } }, async () =>
        rowsOf(await t.db.execute(sql`select current_user as "user", (select count(*)::int from brokers) as brokers`))[0],
      );
    },
  }).finally(() => {
    if (check !== undefined) process.env.HAULBOARD_TENANCY_CHECK = check;
  });
  await seedEveryTable(EMAIL.admin, t.ids.companies.demo);
  await seedEveryTable(EMAIL.secondAdmin, t.ids.companies.second);
  owned = rowsOf<{ name: string }>(
    await t.db.execute(sql`select c.table_name as name from information_schema.columns c
      join information_schema.tables tb on tb.table_schema = c.table_schema and tb.table_name = c.table_name
      where c.table_schema = 'public' and c.column_name = 'company_id' and tb.table_type = 'BASE TABLE' order by 1`),
  )
    .map((r) => r.name)
    .filter((name) => !(name in COMPANY_COLUMN_NOT_OWNED));
}, 120_000);
afterAll(() => t?.close());

describe('row-level security on every company-owned table', () => {
  it('puts every table with a company_id column under its policies, or lists why not', async () => {
    expect(owned.length).toBeGreaterThan(15);
    // The statement check in the other suites (db/tenancy-check.ts) reads its list from the schema: the same tables.
    expect(owned).toEqual([...COMPANY_OWNED_TABLES]);
    const state = rowsOf<{ name: string; enabled: boolean; forced: boolean; policies: string[] | string }>(
      await t.db.execute(sql`select c.relname as name, c.relrowsecurity as enabled, c.relforcerowsecurity as forced,
          coalesce((select array_agg(p.policyname::text || ':' || array_to_string(p.roles, ',') order by p.policyname) from pg_policies p
            where p.schemaname = 'public' and p.tablename = c.relname), '{}') as policies
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind = 'r'`),
    );
    const byName = new Map(state.map((s) => [s.name, s]));
    const missing = owned.filter((name) => {
      const s = byName.get(name);
      const policies = Array.isArray(s?.policies) ? s.policies : String(s?.policies ?? '').replace(/[{}"]/g, '').split(',');
      return !(s?.enabled && s.forced && policies.includes(`company_rows:${APP_ROLE}`) && policies.includes(`system_rows:${SYSTEM_ROLE}`));
    });
    // A migration that adds a company-owned table ends with: SELECT haulboard_company_owned('the_table');
    expect(missing, 'tables with company_id and no row-level security').toEqual([]);
  });

  it('answers a query without any company condition with the acting company\'s rows only, from every owned table', async () => {
    const companies = [t.ids.companies.demo, t.ids.companies.second];
    const unseeded: string[] = [];
    for (const table of owned) {
      const name = sql.identifier(table);
      for (const companyId of companies) {
        const own = await asSystem(() => count(sql`select count(*)::int as n from ${name} where company_id = ${companyId}`));
        const unconditioned = await asCompany(companyId, () => count(sql`select count(*)::int as n from ${name}`));
        expect(unconditioned, `${table} as company ${companyId}`).toBe(own);
        // Inside a transaction too (the company is set with SET LOCAL for each one).
        const inTransaction = await asCompany(companyId, () => t.db.transaction(async (tx) => Number(rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n from ${name}`))[0].n)));
        expect(inTransaction, `${table} in a transaction as company ${companyId}`).toBe(own);
        if (own === 0) unseeded.push(`${table} (company ${companyId})`);
      }
      expect(await asCompany(null, () => count(sql`select count(*)::int as n from ${name}`)), `${table} with no company`).toBe(0);
    }
    // Both companies have rows in every table, so each answer above was a choice between them.
    expect(unseeded).toEqual([]);
  });

  it('refuses to write a row of another company, and moves none of its rows', async () => {
    const [demo, second] = [t.ids.companies.demo, t.ids.companies.second];
    const refused = await asCompany(demo, () =>
      t.db.execute(sql`insert into brokers (company_id, name, address, city, state_id, zip_code, phone_number, email)
        values (${second}, 'Planted broker', '1 Main St', 'Dallas', 45, '75201', '2145550199', 'planted@example.com')`),
    ).catch((error) => error);
    expect(String(refused?.cause?.message ?? refused?.message)).toMatch(/row-level security/);
    const before = await asSystem(() => count(sql`select count(*)::int as n from brokers where company_id = ${second}`));
    const changed = await asCompany(demo, () => t.db.execute(sql`update brokers set name = name || ' (changed)' where company_id = ${second}`));
    expect((changed as any).rowCount ?? (changed as any).affectedRows ?? 0).toBe(0);
    await asCompany(demo, () => t.db.execute(sql`delete from loads where company_id = ${second}`));
    expect(await asSystem(() => count(sql`select count(*)::int as n from brokers where company_id = ${second}`))).toBe(before);
    expect(await asSystem(() => count(sql`select count(*)::int as n from loads where company_id = ${second}`))).toBeGreaterThan(0);
  });

  it('runs a request as the app role with the active company, and a public one with none', async () => {
    const demo = t.ids.companies.demo;
    const brokers = await asSystem(() => count(sql`select count(*)::int as n from brokers where company_id = ${demo}`));
    const loads = await asSystem(() => count(sql`select count(*)::int as n from loads where company_id = ${demo}`));
    const member = await t.call({ method: 'GET', url: '/api/test/planted', as: EMAIL.dispatcher });
    expect(member.status).toBe(200);
    expect(member.body).toEqual({ user: APP_ROLE, brokers, loads });
    const outsider = await t.call({ method: 'GET', url: '/api/test/planted-public' });
    expect(outsider.body).toEqual({ user: APP_ROLE, brokers: 0 });
    // Outside a request (jobs, start-up) statements run as the system role.
    expect(rowsOf<{ user: string }>(await t.db.execute(sql`select current_user as "user"`))[0].user).toBe(SYSTEM_ROLE);
  });
});
