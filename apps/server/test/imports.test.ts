import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CLOSE_CHECK_KINDS, IMPORT_TEXT, LATE_FUEL_TEXT } from '@haulboard/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOARD_DEMO_STEPS } from '../src/db/seed/demo-board';
import { longEfs } from './fuel-files';
import { createTestApp, EMAIL, type TTestApp } from './helpers';
import { multipartBody } from './upload-route';

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), '../src/imports/fixtures');
const fixture = (name: string) => fs.readFileSync(path.join(fixtures, name), 'utf8');
/** The EFS sample without its one impossible date (13/45/2025), so it imports whole. */
const cleanEfs = () =>
  fixture('fuel_efs_2025Q3.csv')
    .split('\n')
    .filter((line) => !line.includes('13/45/2025'))
    .join('\n');
/** The mileage sample without its made-up jurisdiction. */
const cleanMiles = () =>
  fixture('ifta_miles_2025Q3.csv')
    .split('\n')
    .filter((line) => !line.includes('Atlantis'))
    .join('\n');

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp({ steps: BOARD_DEMO_STEPS });
});
afterAll(() => t.close());

const rowsOf = (r: any) => (Array.isArray(r) ? r : r.rows) as any[];
const count = async (table: 'fuel_transactions' | 'ifta_miles', companyId = t.ids.companies.demo) =>
  Number(rowsOf(await t.db.execute(sql`select count(*)::int as n from ${sql.identifier(table)} where company_id = ${companyId}`))[0].n);

async function upload(url: string, fields: Record<string, string>, name: string, content: string, as: string = EMAIL.admin) {
  const body = await multipartBody(fields, [{ field: 'files', name, content }]);
  return t.call({ method: 'POST', url, payload: body.payload, headers: { 'content-type': body.contentType }, as });
}
const preview = (kind: string, name: string, content: string, extra: Record<string, string> = {}, as?: string) =>
  upload('/api/Imports/Preview', { kind, ...extra }, name, content, as);
const confirm = (previewId: string, as: string = EMAIL.admin) => t.call({ method: 'POST', url: '/api/Imports/Confirm', payload: { previewId }, as });

describe('fuel-card import: preview, confirm, again, undo', () => {
  let previewId = '';
  let importId = 0;

  it('previews an EFS file: the layout is recognised, every row is new, nothing is saved yet', async () => {
    const res = await preview('fuel', 'efs-q3.csv', cleanEfs());
    expect(res.status).toBe(200);
    expect(res.body.layout).toMatch(/EFS/i);
    expect(res.body.refused).toBe(0);
    expect(res.body.newRows).toBeGreaterThan(0);
    expect(res.body.rows.every((r: any) => r.status === 'new' || r.status === 'flagged' || r.status === 'duplicate')).toBe(true);
    expect(await count('fuel_transactions')).toBe(0);
    previewId = res.body.previewId;
  });

  it('confirms: every new row is saved in one go and the history shows the import', async () => {
    const res = await confirm(previewId);
    expect(res.status).toBe(200);
    expect(res.text).toMatch(/^Imported \d+ fuel lines$/);
    const saved = await count('fuel_transactions');
    expect(res.text).toBe(IMPORT_TEXT.imported(saved, 'fuel'));
    const history = await t.call({ method: 'GET', url: '/api/Imports?kind=fuel', as: EMAIL.admin });
    expect(history.body[0]).toMatchObject({ fileName: 'efs-q3.csv', rowsAdded: saved, undoneOn: null });
    expect(history.body[0].createdBy).toBeTruthy();
    importId = history.body[0].importId;
    // The lines show in the fuel list of the quarter.
    const list = await t.call({ method: 'POST', url: '/api/Accounting/GetFuel', payload: { year: 2025, quarter: 3, weekId: 0 }, as: EMAIL.admin });
    expect(list.body.length).toBe(saved);
  });

  it('a confirmed preview cannot be confirmed twice', async () => {
    const res = await confirm(previewId);
    expect(res.text).toBe(IMPORT_TEXT.previewGone);
  });

  it('the same file again adds nothing: every row is a duplicate', async () => {
    const before = await count('fuel_transactions');
    const res = await preview('fuel', 'efs-q3-again.csv', cleanEfs());
    expect(res.body.newRows).toBe(0);
    // The sample repeats one line within itself: that copy is a duplicate too.
    expect(res.body.duplicates).toBeGreaterThanOrEqual(before);
    expect((await confirm(res.body.previewId)).text).toBe(IMPORT_TEXT.nothingNew);
    expect(await count('fuel_transactions')).toBe(before);
  });

  it('a file with a bad row is refused whole, naming the row, and nothing is saved', async () => {
    const before = await count('fuel_transactions');
    const res = await preview('fuel', 'efs-bad.csv', fixture('fuel_efs_2025Q3.csv'));
    expect(res.body.refused).toBeGreaterThan(0);
    const refused = res.body.rows.find((r: any) => r.status === 'refused');
    expect(refused.reason).toBeTruthy();
    const report = await t.call({ method: 'GET', url: `/api/Imports/Report?previewId=${res.body.previewId}`, as: EMAIL.admin });
    expect(report.status).toBe(200);
    expect(report.headers['content-type']).toMatch(/^text\/csv/);
    expect(report.headers['content-disposition']).toContain('efs-bad-import-report.csv');
    expect(report.text.split('\r\n')[0]).toBe('Row,Outcome,Record,Reason');
    expect(report.text).toContain('Refused');
    const done = await confirm(res.body.previewId);
    expect(done.text).toMatch(/^ERROR The file was not imported: /);
    expect(await count('fuel_transactions')).toBe(before);
  });

  it('undo removes exactly the rows of that import and marks it undone; a second undo is refused', async () => {
    const res = await t.call({ method: 'DELETE', url: `/api/Imports?id=${importId}`, as: EMAIL.admin });
    expect(res.text).toMatch(/^Import undone: \d+ rows removed$/);
    expect(await count('fuel_transactions')).toBe(0);
    const history = await t.call({ method: 'GET', url: '/api/Imports?kind=fuel', as: EMAIL.admin });
    expect(history.body.find((h: any) => h.importId === importId).undoneOn).toBeTruthy();
    expect((await t.call({ method: 'DELETE', url: `/api/Imports?id=${importId}`, as: EMAIL.admin })).text).toBe(IMPORT_TEXT.alreadyUndone);
  });
});

describe('the one-step imports of spec §7', () => {
  it('POST /api/Accounting/ImportFuel/ imports a recognised file whole', async () => {
    const res = await upload('/api/Accounting/ImportFuel/', {}, 'efs.csv', cleanEfs());
    expect(res.status).toBe(200);
    expect(res.text).toMatch(/^Imported \d+ fuel lines$/);
    expect(await count('fuel_transactions')).toBeGreaterThan(0);
  });

  it('POST /api/Accounting/ImportIftaMiles/ needs the year and quarter, then imports the miles', async () => {
    const noQuarter = await upload('/api/Accounting/ImportIftaMiles/', {}, 'miles.csv', cleanMiles());
    expect(noQuarter.text).toBe(IMPORT_TEXT.chooseQuarter);
    const res = await upload('/api/Accounting/ImportIftaMiles/', { Year: '2025', Quarter: '3' }, 'miles.csv', cleanMiles());
    expect(res.text).toMatch(/^Imported \d+ mileage rows$/);
    const miles = await t.call({ method: 'POST', url: '/api/Accounting/GetIftaMiles', payload: { year: 2025, quarter: 3, weekId: 0 }, as: EMAIL.admin });
    expect(miles.body.map((m: any) => `${m.unitNumber} ${m.stateCode}`)).toEqual(expect.arrayContaining(['101 TX', '101 OK']));
    const again = await upload('/api/Accounting/ImportIftaMiles/', { Year: '2025', Quarter: '3' }, 'miles.csv', cleanMiles());
    expect(again.text).toBe(IMPORT_TEXT.nothingNew);
  });

  it('refuses a file with an unknown jurisdiction whole', async () => {
    const before = await count('ifta_miles');
    const res = await upload('/api/Accounting/ImportIftaMiles/', { Year: '2025', Quarter: '2' }, 'atlantis.csv', fixture('ifta_miles_2025Q3.csv'));
    expect(res.text).toMatch(/^ERROR /);
    expect(await count('ifta_miles')).toBe(before);
  });
});

describe('column mapping presets', () => {
  const odd = 'When,Truck,Where,Gal,Paid,Product\n2025-08-01,101,TX,100.5,380.10,Diesel\n';
  it('an unknown layout asks for a mapping; a saved preset recognises the file next time', async () => {
    const first = await preview('fuel', 'odd.csv', odd);
    expect(first.status).toBe(200);
    expect(first.body.layout).toBeNull();
    expect(first.body.headers).toEqual(['When', 'Truck', 'Where', 'Gal', 'Paid', 'Product']);
    expect((await confirm(first.body.previewId)).text).toBe(IMPORT_TEXT.needsMapping);

    const mapping = { date: 'When', unit: 'Truck', state: 'Where', quantity: 'Gal', amount: 'Paid', product: 'Product' };
    const mapped = await preview('fuel', 'odd.csv', odd, { mapping: JSON.stringify(mapping) });
    expect(mapped.body.refused).toBe(0);
    expect(mapped.body.newRows).toBe(1);

    const saved = await t.call({ method: 'POST', url: '/api/Imports/Presets', payload: { kind: 'fuel', name: 'Odd card', headers: first.body.headers, mapping }, as: EMAIL.admin });
    expect(saved.text).toBe(IMPORT_TEXT.presetSaved);
    const presets = await t.call({ method: 'GET', url: '/api/Imports/Presets?kind=fuel', as: EMAIL.admin });
    expect(presets.body.map((p: any) => p.name)).toEqual(['Odd card']);
    const again = await preview('fuel', 'odd.csv', odd);
    expect(again.body.layout).toBe('Odd card');

    const gone = await t.call({ method: 'DELETE', url: `/api/Imports/Presets?id=${presets.body[0].presetId}`, as: EMAIL.admin });
    expect(gone.text).toBe(IMPORT_TEXT.presetDeleted);
  });
});

describe('presets that cannot hurt', () => {
  const headers = ['When', 'Truck', 'Where', 'Gal', 'Paid', 'Product'];
  const save = (mapping: Record<string, string>, name = 'Half done') =>
    t.call({ method: 'POST', url: '/api/Imports/Presets', payload: { kind: 'fuel', name, headers, mapping }, as: EMAIL.admin });

  it('refuses to save a preset without every required field, with an unknown field or a blank column', async () => {
    const incomplete = await save({ date: 'When', unit: 'Truck' });
    expect(incomplete.status).toBe(400);
    expect(JSON.stringify(incomplete.body)).toContain('Choose a column for: State or province, Product, Gallons');
    const unknown = await save({ date: 'When', unit: 'Truck', state: 'Where', quantity: 'Gal', product: 'Product', colour: 'Paid' });
    expect(unknown.status).toBe(400);
    expect(JSON.stringify(unknown.body)).toContain('Unknown field: colour');
    const blank = await save({ date: 'When', unit: 'Truck', state: 'Where', quantity: 'Gal', product: 'Product', amount: ' ' });
    expect(blank.status).toBe(400);
    expect(JSON.stringify(blank.body)).toContain('Choose a column for: amount');
    const presets = await t.call({ method: 'GET', url: '/api/Imports/Presets?kind=fuel', as: EMAIL.admin });
    expect(presets.body.map((p: any) => p.name)).not.toContain('Half done');
  });

  it('a stored preset that no longer fits is skipped with a notice and blocks no import', async () => {
    const { importPresets } = await import('../src/db/schema');
    const [bad] = await t.db
      .insert(importPresets)
      .values({ companyId: t.ids.companies.demo, kind: 'fuel', name: 'Old card', headers, mapping: { date: 'When', unit: 'Truck' } })
      .returning();
    try {
      const res = await preview('fuel', 'efs-after-bad-preset.csv', longEfs(20));
      expect(res.status).toBe(200);
      expect(res.body.layout).toMatch(/EFS/i);
      expect(res.body.summary).toContain('Saved mapping "Old card" no longer fits this kind of file and was skipped');
      // Chosen by id, it is skipped too: the file is still recognised by its header.
      const chosen = await preview('fuel', 'efs-after-bad-preset.csv', longEfs(20), { presetId: String(bad.id) });
      expect(chosen.body.layout).toMatch(/EFS/i);
      expect((await confirm(res.body.previewId)).text).toBe(IMPORT_TEXT.imported(20, 'fuel'));
      const oneStep = await upload('/api/Accounting/ImportFuel/', {}, 'efs-after-bad-preset.csv', longEfs(20));
      expect(oneStep.text).toBe(IMPORT_TEXT.nothingNew);
    } finally {
      await t.call({ method: 'DELETE', url: `/api/Imports?id=${(await t.call({ method: 'GET', url: '/api/Imports?kind=fuel', as: EMAIL.admin })).body[0].importId}`, as: EMAIL.admin });
      await t.db.delete(importPresets).where(sql`${importPresets.companyId} = ${t.ids.companies.demo} and ${importPresets.id} = ${bad.id}`);
    }
  });
});

describe('who may import', () => {
  it('a driver may neither preview nor see the history', async () => {
    expect((await preview('fuel', 'efs.csv', cleanEfs(), {}, EMAIL.driver)).status).toBe(403);
    expect((await t.call({ method: 'GET', url: '/api/Imports?kind=fuel', as: EMAIL.driver })).status).toBe(403);
    expect((await upload('/api/Accounting/ImportFuel/', {}, 'efs.csv', cleanEfs(), EMAIL.driver)).status).toBe(403);
  });

  it("another company neither sees nor confirms, undoes or reads this company's imports", async () => {
    const res = await preview('fuel', 'efs-q3.csv', cleanEfs());
    const theirs = await t.call({ method: 'POST', url: '/api/Imports/Confirm', payload: { previewId: res.body.previewId }, as: EMAIL.secondAdmin });
    expect(theirs.text).toBe(IMPORT_TEXT.previewGone);
    const report = await t.call({ method: 'GET', url: `/api/Imports/Report?previewId=${res.body.previewId}`, as: EMAIL.secondAdmin });
    expect(report.text).toBe(IMPORT_TEXT.previewGone);
    const history = await t.call({ method: 'GET', url: '/api/Imports?kind=fuel', as: EMAIL.secondAdmin });
    expect(history.body).toEqual([]);
  });

  it('refuses a file that is not a spreadsheet by its ending, and no file at all', async () => {
    const exe = await preview('fuel', 'virus.exe', 'MZ');
    expect(exe.status).toBe(415);
    const none = await t.call({ method: 'POST', url: '/api/Imports/Preview', ...(await (async () => {
      const body = await multipartBody({ kind: 'fuel' });
      return { payload: body.payload, headers: { 'content-type': body.contentType } };
    })()), as: EMAIL.admin });
    expect(none.status).toBe(400);
  });
});

describe('a long fuel file (records are saved batch by batch as the file is read)', () => {
  it('previews 2,500 lines with whole counts, listing the first 500', async () => {
    const res = await preview('fuel', 'efs-long.csv', longEfs(2500));
    expect(res.body).toMatchObject({ rowsRead: 2500, newRows: 2500, refused: 0 });
    expect(res.body.rows).toHaveLength(500);
    expect(res.body.rows[0].rowNumber).toBe(2);
  });

  it('is refused whole by a bad row after the first thousands were read: nothing is saved, no import listed', async () => {
    const before = await count('fuel_transactions');
    const history = (await t.call({ method: 'GET', url: '/api/Imports?kind=fuel', as: EMAIL.admin })).body.length;
    const res = await upload('/api/Accounting/ImportFuel/', {}, 'efs-long-bad.csv', longEfs(2500, { badAt: 2200 }));
    expect(res.text).toMatch(/^ERROR The file was not imported: .*Row 2202/);
    expect(await count('fuel_transactions')).toBe(before);
    expect((await t.call({ method: 'GET', url: '/api/Imports?kind=fuel', as: EMAIL.admin })).body).toHaveLength(history);
  });

  it('imports all 2,500 lines in one call, with the counts in the history', async () => {
    const before = await count('fuel_transactions');
    const res = await upload('/api/Accounting/ImportFuel/', {}, 'efs-long.csv', longEfs(2500));
    expect(res.text).toBe(IMPORT_TEXT.imported(2500, 'fuel'));
    expect(await count('fuel_transactions')).toBe(before + 2500);
    const history = (await t.call({ method: 'GET', url: '/api/Imports?kind=fuel', as: EMAIL.admin })).body;
    expect(history[0]).toMatchObject({ fileName: 'efs-long.csv', rowsRead: 2500, rowsAdded: 2500, rowsDuplicate: 0, rowsRefused: 0 });
  });

  it('imports fuel dated in a week closed for settlements as late fuel, deducted in the next open week', async () => {
    const { workWeeks } = await import('../src/db/schema');
    const [week, next] = await t.db
      .insert(workWeeks)
      .values([
        { companyId: t.ids.companies.demo, year: 2029, number: 3, startDate: '2029-01-15', endDate: '2029-01-21' },
        // The week after it takes a negative net carried from it.
        { companyId: t.ids.companies.demo, year: 2029, number: 4, startDate: '2029-01-22', endDate: '2029-01-28' },
      ])
      .returning();
    const close = { weekId: week.id, confirmed: [...CLOSE_CHECK_KINDS] };
    expect((await t.call({ method: 'POST', url: '/api/Settlement/CloseWeek', payload: close, as: EMAIL.admin })).status).toBe(200);
    const before = await count('fuel_transactions');
    // 12,000 minutes from Jan 8 06:00 reach Jan 16, inside the closed week: from Jan 15 00:00 (minute 9,720) on, 2,280 lines.
    // The lines of invoices 701000 to 702499 are the 2,500-line file's: 10,500 are new.
    const res = await upload('/api/Accounting/ImportFuel/', {}, 'efs-closed.csv', longEfs(12_000).replace(/,700(\d{3}),/g, ',710$1,'));
    expect(res.text).toBe(`${IMPORT_TEXT.imported(10_500, 'fuel')}${LATE_FUEL_TEXT.imported(2_280)}`);
    expect(await count('fuel_transactions')).toBe(before + 10_500);
    const late = rowsOf(await t.db.execute(sql`select count(*)::int as n from fuel_transactions where company_id = ${t.ids.companies.demo} and settle_week_id = ${next.id}`))[0].n;
    expect(Number(late)).toBe(2_280);
  });
});
