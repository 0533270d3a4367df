import { startsLikeFormula, type TRouteDef } from '@haulboard/contract';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOARD_DEMO_STEPS } from '../src/db/seed/demo-board';
import { createTestApp, EMAIL, type TTestApp } from './helpers';
import { contractRoutes, type TWalkedRoute } from './route-walk';
import { validSampleOf } from './schema-sample';
import { multipartBody } from './upload-route';

/** Issue "Files that cannot hurt": exports, download names, upload names, ids, reads that write. */

/** Text a spreadsheet would run: seeded wherever an export shows a name, a number or a note. */
const DANGER = ['=HYPERLINK("http://evil.test","x")', "-2+3+cmd|' /C calc'!A0", '@SUM(1)', '\tx', '+1+1'];
/** A cell the writer formatted as a number (a credit or a negative difference keeps its minus). */
const NUMBER = /^-?\d+(\.\d+)?(e[-+]?\d+)?$/i;

let t: TTestApp;
let demo: number;
let weekId: number;
const rowsOf = (r: any) => (Array.isArray(r) ? r : r.rows) as any[];
const one = async (query: ReturnType<typeof sql>) => rowsOf(await t.db.execute(query))[0];

async function upload(url: string, fields: Record<string, string>, field: string, name: string, content: string | Buffer) {
  const body = await multipartBody(fields, [{ field, name, content }]);
  return t.call({ method: 'POST', url, payload: body.payload, headers: { 'content-type': body.contentType }, as: EMAIL.admin });
}

/** A CSV field quoted whatever it holds, for the files the tests upload. */
const q = (v: string) => `"${v.replace(/"/g, '""')}"`;

beforeAll(async () => {
  t = await createTestApp({ steps: BOARD_DEMO_STEPS, env: { API_RATE_LIMIT: '0' } });
  demo = t.ids.companies.demo;
  weekId = Number((await one(sql`select id from work_weeks where company_id = ${demo} and start_date <= '2025-07-16' and end_date >= '2025-07-16'`)).id);
});
afterAll(() => t.close());

/**
 * How to call each download route with dangerous text in its answer. Keyed by the contract's route
 * key: a route that declares `file` without a recipe here fails the walk, so a new export is covered.
 */
const RECIPES: Record<string, () => Promise<string>> = {
  'invoices.compareInvoiceCsv': async () => {
    const { id: brokerId } = await one(sql`select id from brokers where company_id = ${demo} order by id limit 1`);
    // Board loads of the week the invoice does not pay: their load numbers start the CSV's cells.
    for (const loadNumber of [DANGER[0], DANGER[4]]) {
      await t.db.execute(sql`insert into loads (company_id, load_number, broker_id, load_start_date, load_end_date, week_id, origin_state_id, origin_city,
        destination_state_id, destination_city, trip_length, number_of_stops, price_per_mile, payout, load_status_id)
        values (${demo}, ${loadNumber}, ${brokerId}, '2025-07-15T15:00:00Z', '2025-07-15T21:00:00Z', ${weekId}, 5, 'Tracy', 5, 'Fresno', 100, 2, 2, 200, 5)`);
    }
    const header =
      'Invoice Number,Block Id,Trip ID,Load ID,Start Date,End Date,Route/Domicile,Operator Type,Equipment,Distance (Mi),Item Type,Program Type,Hourly Rate,Duration (hrs),Variable Total,Base Rate,Fuel Surcharge,Tolls,Detention,TONU,Others,Gross Pay,Comments';
    const line = (trip: string, load: string, itemType: string, gross: string, comments: string) =>
      ['RLYINV1', '', trip, load, '07/15/2025', '07/15/2025', 'Tracy, CA', 'SOLO', 'TRUCK', '100.00', itemType, 'SPOT', '', '', '', gross, '0.00', '0.00', '0.00', '0.00', '0.00', gross, comments]
        .map(q)
        .join(',');
    const invoice = [
      header,
      line(DANGER[1], '', 'LOAD - COMPLETED', '300.00', DANGER[3]),
      line(DANGER[2], '', 'TOUR - COMPLETED', '120.00', ''),
      line('T-ADJ1', '', 'ADJUSTMENT - OTHER', '-15.00', DANGER[0]),
    ].join('\n');
    const res = await upload('/api/Accounting/ImportInvoice/', { WeekId: String(weekId) }, 'File', 'invoice.csv', invoice);
    expect(res.status, res.text).toBe(200);
    return `/api/Accounting/CompareInvoice/Export?weekId=${weekId}`;
  },
  'imports.report': async () => {
    // A fuel card file whose unit, item and amount are the dangerous text: the report's record and reason cells show them.
    const header = 'Card #,Tran Date,Tran Time,Invoice,Unit,Driver Name,Odometer,Location Name,City,State/ Prov,Fees,Item,Unit Price,Disc PPU,Disc Cost,Qty,Disc Amt,Disc Type,Amt,DB,Currency';
    const line = (invoice: string, unit: string, item: string, qty: string) =>
      ['7083050099990001', '07/14/2025', '06:42', invoice, unit, DANGER[0], '412335', DANGER[2], 'AMARILLO', 'TX', '0.00', item, '3.899', '3.499', '0.400', qty, '48.20', 'R', '421.63', 'N', 'USD/Gallons']
        .map(q)
        .join(',');
    const file = [header, line('1', DANGER[1], 'ULSD', '120.50'), line('2', DANGER[0], DANGER[4], '10'), line('3', '101', 'ULSD', DANGER[3]), line('4', DANGER[2], 'ULSD', '-5')].join('\n');
    // A name with non-ASCII letters and a right-to-left override: the download's name must stay harmless.
    const res = await upload('/api/Imports/Preview', { kind: 'fuel' }, 'files', 'Übersicht Woche\u202Evsc.csv', file);
    expect(res.status, res.text).toBe(200);
    expect(res.body.fileName).toBe('Übersicht Wochevsc.csv');
    return `/api/Imports/Report?previewId=${res.body.previewId}`;
  },
  'iftaReturn.getIftaReturnCsv': async () => {
    await t.db.execute(sql`update companies set name = ${DANGER[0]} where id = ${demo}`);
    const settings = await t.call({ method: 'POST', url: '/api/Accounting/IftaReturnSettings', payload: { mpgRounding: 'round2', gallonsRounding: 'whole', iftaAccountNumber: DANGER[1] }, as: EMAIL.admin });
    expect(settings.status, settings.text).toBe(200);
    return '/api/Accounting/IftaReturnCsv?year=2025&quarter=3';
  },
  'iftaReturn.getIftaReturnPdf': async () => '/api/Accounting/IftaReturnPdf?year=2025&quarter=3',
  'settlements.getStatementPdf': async () => `/api/Settlement/StatementPdf?weekId=${weekId}&driverId=${t.ids.users[EMAIL.driver]}`,
  'settlements.getWeekPdf': async () => `/api/Settlement/WeekPdf?weekId=${weekId}`,
};

const fileRoutes = () => contractRoutes().filter((r) => r.def.file);

/** Every cell of a CSV or XLSX answer, as text. */
async function cellsOf(def: TRouteDef, body: Buffer): Promise<string[]> {
  if (def.file === 'csv') return (parse(body, { bom: true, relax_column_count: true }) as string[][]).flat();
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(body as unknown as ArrayBuffer);
  const cells: string[] = [];
  book.eachSheet((ws) =>
    ws.eachRow((row) =>
      row.eachCell((cell) => {
        cells.push(cell.type === ExcelJS.ValueType.Number ? String(cell.value) : String(cell.text));
      }),
    ),
  );
  return cells;
}

/** A header any browser reads as one name, with nothing that ends the header or reorders text. */
function expectSafeDisposition(header: unknown, label: string) {
  expect(typeof header, label).toBe('string');
  const h = header as string;
  expect(h, label).toMatch(/^attachment; filename="[\x20-\x7e]*"(; filename\*=UTF-8''[A-Za-z0-9!#$&+\-.^_`|~%]+)?$/);
  expect(h.split('"'), label).toHaveLength(3);
  expect(/filename="([^"]*)"/.exec(h)![1], label).not.toMatch(/[\\%;]/);
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what must be absent
  expect(h, label).not.toMatch(/[\r\n\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/);
}

describe('every download route of the contract', () => {
  it('has a recipe here (a new export is walked, not forgotten)', () => {
    const keys = fileRoutes().map((r) => r.key);
    expect(keys.length).toBeGreaterThanOrEqual(4);
    expect(keys.filter((k) => !RECIPES[k])).toEqual([]);
  });

  it('answers CSV and XLSX with no cell that starts like a formula unless it is a number, and a safe content-disposition', async () => {
    const walked: string[] = [];
    for (const route of fileRoutes() as TWalkedRoute[]) {
      const url = await RECIPES[route.key]();
      const res = await t.app.inject({ method: route.def.method, url, headers: { cookie: await t.loginAs(EMAIL.admin) } });
      expect(res.statusCode, `${route.key}: ${res.body.slice(0, 200)}`).toBe(200);
      expectSafeDisposition(res.headers['content-disposition'], route.key);
      if (route.def.file === 'pdf') {
        expect(res.headers['content-type']).toBe('application/pdf');
        continue;
      }
      const cells = await cellsOf(route.def, res.rawPayload);
      const live = cells.filter((c) => startsLikeFormula(c) && !NUMBER.test(c));
      expect(live, route.key).toEqual([]);
      // The seeded text reached the file: the walk checked what it meant to.
      expect(
        cells.some((c) => DANGER.some((d) => c.includes(d.trim()))),
        `${route.key} shows none of the seeded text: ${cells.join(' | ').slice(0, 300)}`,
      ).toBe(true);
      walked.push(route.key);
    }
    expect(walked).toEqual(expect.arrayContaining(['invoices.compareInvoiceCsv', 'imports.report', 'iftaReturn.getIftaReturnCsv']));
  });

  it("keeps the invoice check's amounts numbers, negatives included, and neutralises the board's minus-digit text", async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/Accounting/CompareInvoice/Export?weekId=${weekId}`, headers: { cookie: await t.loginAs(EMAIL.admin) } });
    const rows = parse(res.rawPayload, { relax_column_count: true }) as string[][];
    expect(rows.some((r) => r.includes("'-2+3+cmd|' /C calc'!A0"))).toBe(true);
    expect(rows.some((r) => r.includes('-15.00'))).toBe(true);
  });

  it('names the import report after the upload, its unsafe characters gone, the full name in filename*', async () => {
    const url = await RECIPES['imports.report']();
    const res = await t.call({ method: 'GET', url, as: EMAIL.admin });
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="_bersicht Wochevsc-import-report.csv"; filename*=UTF-8''%C3%9Cbersicht%20Wochevsc-import-report.csv`,
    );
  });
});

describe('upload names', () => {
  const sheet = [
    'Card #,Tran Date,Tran Time,Invoice,Unit,Driver Name,Odometer,Location Name,City,State/ Prov,Fees,Item,Unit Price,Disc PPU,Disc Cost,Qty,Disc Amt,Disc Type,Amt,DB,Currency',
    '7083050099990001,07/14/2025,06:42,9001,101,JOHN SMITH,412335,PILOT #436,AMARILLO,TX,0.00,ULSD,3.899,3.499,0.400,120.50,48.20,R,421.63,N,USD/Gallons',
  ].join('\n');

  it('shortens a name over 255 characters keeping its extension (no misleading 415)', async () => {
    const res = await upload('/api/Imports/Preview', { kind: 'fuel' }, 'files', `${'a'.repeat(300)}.csv`, sheet);
    expect(res.status, res.text).toBe(200);
    expect(res.body.fileName).toHaveLength(255);
    expect(res.body.fileName.endsWith('.csv')).toBe(true);
  });

  it('keeps no control or bidirectional character', async () => {
    const res = await upload('/api/Imports/Preview', { kind: 'fuel' }, 'files', 'loads\u2066\u202Bx\u200F\u061C\u0007.csv', sheet);
    expect(res.status, res.text).toBe(200);
    expect(res.body.fileName).toBe('loadsx.csv');
  });
});

describe('ids are decimal digits only', () => {
  it('refuses DELETE /api/Load?id=0x10 and its kin with a 400, and the load is still there', async () => {
    const [own] = rowsOf(await t.db.execute(sql`select id from loads where company_id = ${demo} and id = 16`));
    const { id } = own ?? (await one(sql`select id from loads where company_id = ${demo} order by id limit 1`));
    const target = Number(id);
    const spellings = [`0x${target.toString(16)}`, `${target}.0`, `+${target}`, `%20${target}`, `${target}%20`, `0b${target.toString(2)}`];
    if (target % 10 === 0) spellings.push(`${target / 10}e1`);
    for (const spelling of [...spellings, '1e1']) {
      const res = await t.call({ method: 'DELETE', url: `/api/Load?id=${spelling}`, as: EMAIL.admin });
      expect(res.status, spelling).toBe(400);
      expect(res.body.fieldErrors?.id, spelling).toBeDefined();
    }
    expect(await one(sql`select id from loads where company_id = ${demo} and id = ${target}`)).toBeDefined();
  });

  it('refuses a hexadecimal id in a JSON body too', async () => {
    const res = await t.call({ method: 'POST', url: '/api/Settlement/CloseWeek', payload: { weekId: `0x${weekId.toString(16)}` }, as: EMAIL.admin });
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors?.weekId).toBeDefined();
  });
});

describe('a read never writes', () => {
  /** Row counts of every table of the app (pg-boss's schema is not the app's). */
  async function counts(): Promise<Record<string, number>> {
    const tables = rowsOf(await t.db.execute(sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`));
    const out: Record<string, number> = {};
    for (const { name } of tables) {
      // The tenancy check wants a company condition on company tables: counting every company's rows is the point here.
      out[name] = Number((await one(sql`select count(*)::int as n from ${sql.identifier(name)} /* every company_id: all companies' rows */`)).n);
    }
    return out;
  }

  /** The demo's rows for fields that name one. */
  const named = (): Record<string, unknown> => ({ weekId, id: weekId, brokerId: 1, driverId: t.ids.users[EMAIL.driver], year: 2025, quarter: 3 });

  it("leaves every table's row count unchanged after every GET route, Load Import's week read included", async () => {
    // A trips file for the week, and no board broker yet: the read used to create it.
    const trips = (await import('node:fs')).readFileSync(new URL('../src/imports/fixtures/relay_trips_2025-07.csv', import.meta.url), 'utf8');
    const uploaded = await upload('/api/Accounting/UploadTrips', { WeekId: String(weekId) }, 'File', 'TRIPS.csv', trips);
    expect(uploaded.status, uploaded.text).toBe(200);
    await t.db.execute(sql`delete from brokers where company_id = ${demo} and name = 'Amazon Relay' and not exists (select 1 from loads where loads.broker_id = brokers.id)`);

    const cookie = await t.loginAs(EMAIL.admin);
    const dispatcher = await t.loginAs(EMAIL.dispatcher);
    const before = await counts();
    const changedBy: string[] = [];
    for (const route of contractRoutes().filter((r) => r.def.method === 'GET')) {
      // The full sample query (the demo's rows in the fields that name one), and the same without every
      // field it can do without: an absent optional field (Load Import's source) takes another path.
      const schema = route.def.query;
      const full = schema ? { ...((validSampleOf(schema) as Record<string, unknown> | null) ?? {}) } : {};
      for (const key of Object.keys(full)) if (key in named()) full[key] = named()[key];
      const minimal = { ...full };
      for (const key of Object.keys(minimal)) {
        const without = { ...minimal };
        delete without[key];
        if (schema?.safeParse(without).success) delete minimal[key];
      }
      const urls = new Set(
        [full, minimal].map((query) => {
          const qs = new URLSearchParams(Object.entries(query).flatMap(([k, v]) => (Array.isArray(v) ? v.map((x) => [k, String(x)]) : v === undefined || v === null ? [] : [[k, String(v)]])));
          return `${route.def.path}${qs.size ? `?${qs}` : ''}`;
        }),
      );
      const url = [...urls].join(' and ');
      for (const each of urls) for (const as of [cookie, dispatcher]) await t.app.inject({ method: 'GET', url: each, headers: { cookie: as } });
      const after = await counts();
      const changed = Object.keys(after).filter((k) => after[k] !== before[k]);
      if (changed.length) {
        changedBy.push(`${route.key} (${url}): ${changed.map((k) => `${k} ${before[k]} → ${after[k]}`).join(', ')}`);
        Object.assign(before, after);
      }
    }
    expect(changedBy).toEqual([]);
    // The week read did run and list the board's trips.
    const week = await t.call({ method: 'GET', url: `/api/Accounting?id=${weekId}&source=file`, as: EMAIL.admin });
    expect(week.status, week.text).toBe(200);
    expect(week.body.newLoads.length + week.body.existingLoads.length).toBeGreaterThan(0);
  });
});
