import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { IMPORT_TEXT, usDate } from '@haulboard/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { asOwner } from '../src/db/scope';
import { fuelRecordKey, type TFuelRecord } from '../src/imports';
import { createTestApp, EMAIL, type TTestApp } from './helpers';
import { multipartBody } from './upload-route';

/**
 * Issue 18, "a record is what it is, not who read it": a fuel line's identity is its unit (or card),
 * date and time, invoice (or site), product, gallons and amount, never the layout's or preset's name.
 */

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const rowsOf = (r: any) => (Array.isArray(r) ? r : r.rows) as any[];
const company = () => t.ids.companies.demo;
const query = async (q: ReturnType<typeof sql>) => rowsOf(await t.db.execute(q));
const fuelCount = async () => Number((await query(sql`select count(*)::int as n from fuel_transactions where company_id = ${company()}`))[0].n);

async function upload(fields: Record<string, string>, name: string, content: string) {
  const body = await multipartBody(fields, [{ field: 'files', name, content }]);
  return t.call({ method: 'POST', url: '/api/Imports/Preview', payload: body.payload, headers: { 'content-type': body.contentType }, as: EMAIL.admin });
}
const preview = (name: string, content: string, extra: Record<string, string> = {}) => upload({ kind: 'fuel', ...extra }, name, content);
const confirm = (previewId: string) => t.call({ method: 'POST', url: '/api/Imports/Confirm', payload: { previewId }, as: EMAIL.admin });
const today = () => usDate(new Date().toISOString().slice(0, 10));

beforeEach(async () => {
  await t.db.execute(sql`delete from fuel_transactions where company_id = ${company()}`);
  await t.db.execute(sql`delete from imports where company_id = ${company()}`);
  await t.db.execute(sql`delete from import_presets where company_id = ${company()}`);
});

const ODD_HEADERS = ['When', 'Truck', 'Where', 'Gal', 'Paid', 'Product'];
const ODD = `${ODD_HEADERS.join(',')}\n2025-08-01 07:15,101,TX,100.5,380.10,Diesel\n2025-08-02 09:40,101,OK,80.25,300.00,Diesel\n`;
const ODD_MAPPING = { date: 'When', unit: 'Truck', state: 'Where', quantity: 'Gal', amount: 'Paid', product: 'Product' };

describe('the same fuel line read by another layout or preset is one line', () => {
  it('a file imported by hand mapping, then again through the preset saved from that mapping, adds nothing', async () => {
    const mapped = await preview('odd-august.csv', ODD, { mapping: JSON.stringify(ODD_MAPPING) });
    expect(mapped.body.newRows).toBe(2);
    expect((await confirm(mapped.body.previewId)).text).toBe(IMPORT_TEXT.imported(2, 'fuel'));
    const saved = await t.call({ method: 'POST', url: '/api/Imports/Presets', payload: { kind: 'fuel', name: 'Odd card', headers: ODD_HEADERS, mapping: ODD_MAPPING }, as: EMAIL.admin });
    expect(saved.text).toBe(IMPORT_TEXT.presetSaved);

    // Recognised by the preset, under another file name: every line is already stored.
    const again = await preview('odd-august-resent.csv', ODD);
    expect(again.body.layout).toBe('Odd card');
    expect(again.body.newRows).toBe(0);
    expect(again.body.duplicates).toBe(2);
    expect((await confirm(again.body.previewId)).text).toBe(IMPORT_TEXT.nothingNew);
    expect(await fuelCount()).toBe(2);
  });

  it('an EFS file imported through its layout, then through a hand mapping of the same columns, adds nothing', async () => {
    const efs = [
      'Card #,Tran Date,Tran Time,Invoice,Unit,Driver Name,Odometer,Location Name,City,State/ Prov,Fees,Item,Unit Price,Disc PPU,Disc Cost,Qty,Disc Amt,Disc Type,Amt,DB,Currency',
      '7083050099990001,07/14/2025,06:42,004512,101,JOHN SMITH,412335,PILOT #436,AMARILLO,TX,0.00,ULSD,3.899,3.499,0.400,120.50,48.20,R,421.63,N,USD/Gallons',
      '7083050099990001,07/14/2025,06:42,004512,101,JOHN SMITH,412335,PILOT #436,AMARILLO,TX,0.00,DEFD,3.999,3.999,0.000,8.20,0.00,,32.79,N,USD/Gallons',
    ].join('\n');
    const first = await preview('efs-july.csv', efs);
    expect(first.body.layout).toMatch(/EFS/);
    await confirm(first.body.previewId);
    const mapping = { date: 'Tran Date', time: 'Tran Time', unit: 'Unit', state: 'State/ Prov', product: 'Item', quantity: 'Qty', amount: 'Amt', invoice: 'Invoice' };
    const byHand = await preview('efs-july-by-hand.csv', efs, { mapping: JSON.stringify(mapping) });
    expect(byHand.body.layout).toBe('Column mapping');
    expect(byHand.body.newRows).toBe(0);
    expect(byHand.body.duplicates).toBe(2);
    expect(await fuelCount()).toBe(2);
  });

  it('two lines that differ in gallons or amount are two lines, even on one invoice', async () => {
    const file = `${ODD_HEADERS.join(',')}\n2025-08-01 07:15,101,TX,100.5,380.10,Diesel\n2025-08-01 07:15,101,TX,20.5,80.10,Diesel\n`;
    const res = await preview('two-tanks.csv', file, { mapping: JSON.stringify(ODD_MAPPING) });
    expect(res.body.newRows).toBe(2);
    expect(res.body.refused).toBe(0);
  });
});

describe('a repeat in the file and a line imported before are two notices', () => {
  it('"repeats row N" for a repeat in the file, "already imported on <date> in <file>" for a stored line, also in the report', async () => {
    const first = await preview('fuel-week-31.csv', ODD, { mapping: JSON.stringify(ODD_MAPPING) });
    await confirm(first.body.previewId);
    // Row 2 was imported before; row 4 is new; row 5 repeats row 4.
    const next = `${ODD.trimEnd()}\n2025-08-03 10:00,102,NM,90.000,350.00,Diesel\n2025-08-03 10:00,102,NM,90,$350.00,Diesel\n`;
    const res = await preview('fuel-week-31-32.csv', next, { mapping: JSON.stringify(ODD_MAPPING) });
    expect(res.body.newRows).toBe(1);
    expect(res.body.duplicates).toBe(3);
    const reasonOf = (row: number) => res.body.rows.find((r: any) => r.rowNumber === row)?.reason;
    expect(reasonOf(2)).toBe(`Row 2: already imported on ${today()} in fuel-week-31.csv`);
    expect(reasonOf(3)).toBe(`Row 3: already imported on ${today()} in fuel-week-31.csv`);
    expect(reasonOf(5)).toBe('Row 5: repeats row 4');
    expect(res.body.rows.find((r: any) => r.rowNumber === 4).status).toBe('new');
    const kindOf = (row: number) => res.body.rows.find((r: any) => r.rowNumber === row)?.duplicateOf;
    expect([kindOf(2), kindOf(3), kindOf(5)]).toEqual(['stored', 'stored', 'file']);

    const report = await t.call({ method: 'GET', url: `/api/Imports/Report?previewId=${res.body.previewId}`, as: EMAIL.admin });
    const lines = report.text.split('\r\n');
    expect(lines.find((l: string) => l.startsWith('2,'))).toContain(`already imported on ${today()} in fuel-week-31.csv`);
    expect(lines.find((l: string) => l.startsWith('5,'))).toContain('repeats row 4');
  });
});

describe('migration 0019: stored lines get the new key, and copies that differ only by who read them become one', () => {
  const migration = fs
    .readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), '../src/db/migrations/0019_fuel_identity.sql'), 'utf8')
    .split('--> statement-breakpoint')
    .map((s) => s.trim())
    .filter(Boolean);

  it('recomputes every key as the import computes it, keeps the first copy and counts the later one as a duplicate of its import', async () => {
    // The database as it was before the migration: the old index, keys with the layout's name.
    // Schema changes are the owner's (the app's roles cannot make them, decision 018).
    await asOwner(() => t.db.execute(sql.raw('drop index "fuel_company_identity_uq"')));
    await asOwner(() => t.db.execute(sql.raw('create unique index "fuel_company_key_uq" on "fuel_transactions" ("company_id", "natural_key")')));
    try {
      const newImport = async (fileName: string, layout: string) =>
        (
          await query(sql`insert into imports (company_id, kind, file_name, layout, rows_read, rows_added, rows_duplicate, rows_flagged, rows_refused)
            values (${company()}, 'fuel', ${fileName}, ${layout}, 2, 2, 0, 0, 0) returning id`)
        )[0].id as number;
      const byLayout = await newImport('efs.csv', 'EFS (WEX)');
      const byPreset = await newImport('efs-again.csv', 'My preset');
      const line = (importId: number, vendor: string, over: Record<string, string | null> = {}) => {
        const v = { invoice: '004512', product: 'diesel', quantity: '120.500', amount: '421.63', time: '06:42', unit: '101', ...over };
        return t.db.execute(sql`insert into fuel_transactions (company_id, import_id, vendor, card_last4, fuel_date, fuel_time, unit_number, location, state_code,
            product, is_ifta, quantity, amount, invoice, natural_key)
          values (${company()}, ${importId}, ${vendor}, '0001', '2025-07-14', ${v.time}, ${v.unit}, 'PILOT #436', 'TX', ${v.product}, ${v.product === 'diesel'},
            ${v.quantity}, ${v.amount}, ${v.invoice}, ${['fuel', vendor, '0001', `2025-07-14T${v.time}:00`, v.invoice, v.product].join('|')})`);
      };
      await line(byLayout, 'EFS (WEX)');
      await line(byLayout, 'EFS (WEX)', { product: 'def', quantity: '8.200', amount: '32.79' });
      await line(byPreset, 'My preset');
      await line(byPreset, 'My preset', { unit: '', invoice: null, time: null, product: 'cash_advance', quantity: '0.000', amount: '-5.00' });

      for (const statement of migration) await asOwner(() => t.db.execute(sql.raw(statement)));

      const stored = await query(sql`select import_id, vendor, natural_key, unit_number, card_last4, fuel_date::text as fuel_date, fuel_time, invoice, location, product,
          quantity::text as quantity, amount::text as amount from fuel_transactions where company_id = ${company()} order by id`);
      expect(stored.map((r) => [r.import_id, r.vendor, r.product])).toEqual([
        [byLayout, 'EFS (WEX)', 'diesel'],
        [byLayout, 'EFS (WEX)', 'def'],
        [byPreset, 'My preset', 'cash_advance'],
      ]);
      // The key in SQL is the key the import computes for the same line.
      for (const r of stored) {
        const record = {
          unit: r.unit_number,
          card: r.card_last4 ?? '',
          date: r.fuel_date,
          time: r.fuel_time,
          invoice: r.invoice ?? '',
          authorization: '',
          location: r.location ?? '',
          product: r.product,
          quantity: r.quantity,
          amount: r.amount,
        } as unknown as TFuelRecord;
        expect(r.natural_key).toBe(fuelRecordKey(record));
      }
      expect(stored[0].natural_key).toBe('fuel|unit:101|2025-07-14T06:42|4512|diesel|120.500|421.63');
      expect(stored[2].natural_key).toBe('fuel|card:0001|2025-07-14T|site:PILOT #436|cash_advance|0.000|-5.00');
      const history = await query(sql`select id, rows_added, rows_duplicate from imports where company_id = ${company()} order by id`);
      expect(history.map((h) => [h.id, h.rows_added, h.rows_duplicate])).toEqual([
        [byLayout, 2, 0],
        [byPreset, 1, 1],
      ]);
      const index = await query(sql`select indexname from pg_indexes where tablename = 'fuel_transactions' and indexname like 'fuel_company_%_uq'`);
      expect(index.map((i) => i.indexname)).toEqual(['fuel_company_identity_uq']);
    } finally {
      await asOwner(() => t.db.execute(sql.raw('drop index if exists "fuel_company_key_uq"')));
      await asOwner(() => t.db.execute(sql.raw('create unique index if not exists "fuel_company_identity_uq" on "fuel_transactions" ("company_id", "natural_key")')));
    }
  });
});
