import { IMPORT_TEXT } from '@haulboard/contract';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, EMAIL, type TTestApp } from './helpers';
import { multipartBody } from './upload-route';

/**
 * Issue 18, property: a file imported once, then the same rows again through every layout and preset
 * that can read them (EFS, Pilot, a hand mapping of either, the company's own export through two
 * saved presets), in any order and under any file name, adds nothing the second time.
 */

type TLine = { unit: string; day: number; minute: number; invoice: number; product: number; thousandths: number; cents: number };

const PRODUCTS = [
  { efs: 'ULSD', pilot: ['20', 'Truck Diesel'], own: 'Diesel' },
  { efs: 'DEFD', pilot: ['140', 'Diesel Exhaust Fluid'], own: 'DEF' },
  { efs: 'RFR', pilot: ['RFR', 'Reefer Diesel'], own: 'Reefer' },
  { efs: 'CADV', pilot: ['CADV', 'Cash Advance'], own: 'Cash Advance' },
];
const isCash = (l: TLine) => l.product === 3;
const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const hhmm = (l: TLine) => `${pad(Math.floor(l.minute / 60))}:${pad(l.minute % 60)}`;
const ampm = (l: TLine) => {
  const h = Math.floor(l.minute / 60);
  return `${h % 12 || 12}:${pad(l.minute % 60)} ${h < 12 ? 'AM' : 'PM'}`;
};
const gallons = (l: TLine) => (isCash(l) ? '' : `${Math.floor(l.thousandths / 1000)}.${pad(l.thousandths % 1000, 3)}`);
/** The same gallons as another program writes them: no trailing zeros. */
const shortGallons = (l: TLine) => gallons(l).replace(/\.?0+$/, '');
const money = (l: TLine) => `${Math.floor(l.cents / 100)}.${pad(l.cents % 100)}`;
const dollars = (l: TLine) => `$${Math.floor(l.cents / 100).toLocaleString('en-US')}.${pad(l.cents % 100)}`;

const files = {
  efs: (lines: TLine[]) =>
    [
      'Card #,Tran Date,Tran Time,Invoice,Unit,Driver Name,Odometer,Location Name,City,State/ Prov,Fees,Item,Unit Price,Disc PPU,Disc Cost,Qty,Disc Amt,Disc Type,Amt,DB,Currency',
      ...lines.map(
        (l) =>
          `708305009999${pad(Number(l.unit), 4)},07/${pad(l.day)}/2025,${hhmm(l)},${pad(l.invoice, 6)},${l.unit},PAT DRIVER,412335,PILOT #436,AMARILLO,TX,0.00,${PRODUCTS[l.product].efs},,,,${gallons(l)},,,${money(l)},N,USD/Gallons`,
      ),
    ].join('\n'),
  pilot: (lines: TLine[]) =>
    [
      'CompanyId,StandardAcctNo,CustomerName,Authorization_No,UnitNo,Card_No,Site,SiteDescr,Quantity,InvoiceTotal,RetailTotal,TransactionDate,TransactionTime,ProductCode,ProductDescription',
      ...lines.map(
        (l) =>
          `2,139001,ACME TRUCKING LLC,${l.invoice},${l.unit},99${pad(Number(l.unit), 4)},436,436 Amarillo TX,${gallons(l)},${money(l)},${money(l)},2025-07-${pad(l.day)},${hhmm(l)},${PRODUCTS[l.product].pilot.join(',')}`,
      ),
    ].join('\n'),
  own: (lines: TLine[]) =>
    [
      'Fill Date,Truck,Card,Ticket,Site,Province,Fuel Type,Gallons Pumped,Total Paid,Driver',
      ...lines.map((l) => `07/${pad(l.day)}/2025 ${ampm(l)},${l.unit},${pad(Number(l.unit), 4)},${l.invoice},Amarillo,Texas,${PRODUCTS[l.product].own},${shortGallons(l)},"${dollars(l)}",Pat Driver`),
    ].join('\n'),
};

const OWN_HEADERS = ['Fill Date', 'Truck', 'Card', 'Ticket', 'Site', 'Province', 'Fuel Type', 'Gallons Pumped', 'Total Paid', 'Driver'];
const OWN_FULL = { date: 'Fill Date', unit: 'Truck', card: 'Card', invoice: 'Ticket', location: 'Site', state: 'Province', product: 'Fuel Type', quantity: 'Gallons Pumped', amount: 'Total Paid', driverName: 'Driver' };
const OWN_SHORT = { date: 'Fill Date', unit: 'Truck', invoice: 'Ticket', state: 'Province', product: 'Fuel Type', quantity: 'Gallons Pumped', amount: 'Total Paid' };
const EFS_BY_HAND = { date: 'Tran Date', time: 'Tran Time', unit: 'Unit', card: 'Card #', invoice: 'Invoice', state: 'State/ Prov', product: 'Item', quantity: 'Qty', amount: 'Amt' };

/** Every reader of the same lines: a file format, and what the preview is told (nothing: recognised). */
type TReader = { name: string; file: keyof typeof files; extra: () => Record<string, string>; layout: RegExp };
let shortPresetId = 0;
const READERS: TReader[] = [
  { name: 'EFS layout', file: 'efs', extra: () => ({}), layout: /^EFS/ },
  { name: 'EFS by hand mapping', file: 'efs', extra: () => ({ mapping: JSON.stringify(EFS_BY_HAND) }), layout: /^Column mapping$/ },
  { name: 'Pilot layout', file: 'pilot', extra: () => ({}), layout: /^Pilot/ },
  { name: 'own export by hand mapping', file: 'own', extra: () => ({ mapping: JSON.stringify(OWN_FULL) }), layout: /^Column mapping$/ },
  { name: 'own export, preset recognised', file: 'own', extra: () => ({}), layout: /^Own export$/ },
  { name: 'own export, shorter preset chosen', file: 'own', extra: () => ({ presetId: String(shortPresetId) }), layout: /^Column mapping$/ },
];

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
  for (const [name, mapping] of [
    ['Own export', OWN_FULL],
    ['Own export, short', OWN_SHORT],
  ] as const) {
    const saved = await t.call({ method: 'POST', url: '/api/Imports/Presets', payload: { kind: 'fuel', name, headers: OWN_HEADERS, mapping }, as: EMAIL.admin });
    expect(saved.text).toBe(IMPORT_TEXT.presetSaved);
  }
  const presets = await t.call({ method: 'GET', url: '/api/Imports/Presets?kind=fuel', as: EMAIL.admin });
  shortPresetId = presets.body.find((p: any) => p.name === 'Own export, short').presetId;
});
afterAll(() => t.close());

const rowsOf = (r: any) => (Array.isArray(r) ? r : r.rows) as any[];
const company = () => t.ids.companies.demo;
const stored = async () => Number(rowsOf(await t.db.execute(sql`select count(*)::int as n from fuel_transactions where company_id = ${company()}`))[0].n);

async function previewWith(reader: TReader, lines: TLine[], fileName: string) {
  const body = await multipartBody({ kind: 'fuel', ...reader.extra() }, [{ field: 'files', name: fileName, content: files[reader.file](lines) }]);
  const res = await t.call({ method: 'POST', url: '/api/Imports/Preview', payload: body.payload, headers: { 'content-type': body.contentType }, as: EMAIL.admin });
  expect(res.status, reader.name).toBe(200);
  expect(res.body.layout, reader.name).toMatch(reader.layout);
  expect(res.body.refused, `${reader.name}: ${JSON.stringify(res.body.rows.filter((r: any) => r.status === 'refused'))}`).toBe(0);
  return res.body;
}
const confirm = async (previewId: string) => (await t.call({ method: 'POST', url: '/api/Imports/Confirm', payload: { previewId }, as: EMAIL.admin })).text;

const line = fc.record({
  unit: fc.constantFrom('101', '102', '7'),
  day: fc.integer({ min: 1, max: 31 }),
  minute: fc.integer({ min: 0, max: 24 * 60 - 1 }),
  invoice: fc.integer({ min: 1, max: 99_999 }),
  product: fc.integer({ min: 0, max: PRODUCTS.length - 1 }),
  thousandths: fc.integer({ min: 1_000, max: 250_000 }),
  cents: fc.integer({ min: 100, max: 250_000 }),
});
const identity = (l: TLine) => JSON.stringify([l.unit, l.day, l.minute, l.invoice, l.product, isCash(l) ? 0 : l.thousandths, l.cents]);

describe('a fuel line is what it is, not who read it (property)', () => {
  it('the same lines through every layout and preset, in any order and under any name, are imported once', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(line, { minLength: 1, maxLength: 6 }),
        fc.shuffledSubarray(READERS, { minLength: READERS.length }),
        fc.array(fc.stringMatching(/^[a-z][a-z0-9-]{0,11}$/), { minLength: READERS.length, maxLength: READERS.length }),
        async (lines, order, names) => {
          await t.db.execute(sql`delete from fuel_transactions where company_id = ${company()}`);
          await t.db.execute(sql`delete from imports where company_id = ${company()}`);
          const distinct = new Set(lines.map(identity)).size;
          const [first, ...rest] = order;
          const p = await previewWith(first, lines, `${names[0]}.csv`);
          expect(p.newRows, first.name).toBe(distinct);
          expect(await confirm(p.previewId)).toBe(IMPORT_TEXT.imported(distinct, 'fuel'));
          for (const [i, reader] of rest.entries()) {
            const again = await previewWith(reader, lines, `${names[i + 1]}.csv`);
            expect(again.newRows, `${first.name}, then ${reader.name}`).toBe(0);
            expect(await confirm(again.previewId)).toBe(IMPORT_TEXT.nothingNew);
          }
          expect(await stored()).toBe(distinct);
        },
      ),
      { numRuns: 12, seed: 1826 },
    );
  }, 240_000);
});
