import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { naturalKey, previewImport, previewSummary, recordFingerprint, reportCsv, type TFileInput, type TImportKind, type TPreview } from './index';

const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');
const fixture = (name: string): TFileInput => ({ fileName: name, data: fs.readFileSync(path.join(dir, name)) });
const text = (fileName: string, body: string): TFileInput => ({ fileName, data: Buffer.from(body, 'utf8') });
const Q3 = { year: 2025, quarter: 3 };

/** The new records' figures, as a person would check them. */
const fuelLines = (p: TPreview) =>
  p.records.map((r) => (r.record.kind === 'fuel' ? [r.rows.join(' '), r.record.date, r.record.product, r.record.quantity, r.record.state, r.record.amount] : []));
const milesLines = (p: TPreview) =>
  p.records.map((r) => (r.record.kind === 'miles' ? [r.record.unit, r.record.jurisdiction, `${r.record.year}Q${r.record.quarter}`, r.record.totalMiles, r.record.taxableMiles, r.rows] : []));
const counts = (p: TPreview) => ({
  read: p.rowsRead,
  new: p.records.length,
  duplicates: p.duplicates.length,
  flagged: p.flagged.length,
  refused: p.refused.length,
  skipped: p.skipped.length,
});

describe('fuel previews', () => {
  it('EFS: new, flagged DEF, an Excel serial date, a refund, a refused date and an in-file duplicate', async () => {
    const p = await previewImport({ file: fixture('fuel_efs_2025Q3.csv'), kind: 'fuel' });
    expect(p.layout).toMatchObject({ id: 'efs', vendor: 'EFS (WEX)', headerRow: 1, format: 'csv', delimiter: ',' });
    expect(counts(p)).toEqual({ read: 6, new: 4, duplicates: 1, flagged: 1, refused: 1, skipped: 0 });
    expect(fuelLines(p)).toEqual([
      ['2', '2025-07-14', 'diesel', '120.500', 'TX', '421.63'],
      ['3', '2025-07-14', 'def', '8.200', 'TX', '32.79'],
      ['4', '2025-08-02', 'diesel', '1101.250', 'OK', '3699.10'],
      ['5', '2025-08-03', 'diesel', '-50.000', 'OK', '-167.95'],
    ]);
    expect(p.flagged).toEqual([{ rows: [3], reason: 'Row 3: Not IFTA fuel (DEF): kept for settlements, left out of IFTA' }]);
    expect(p.refused).toEqual([{ rows: [6], reason: 'Row 6: the date "13/45/2025" is not a date' }]);
    expect(p.duplicates).toMatchObject([{ rows: [7], where: 'file', reason: 'Row 7: repeats row 2' }]);
  });

  it('a row with more filled cells than the header is refused, never read as if whole; empty cells at the end are no data', async () => {
    const [header, first, second] = fs.readFileSync(path.join(dir, 'fuel_efs_2025Q3.csv'), 'utf8').split(/\r?\n/);
    const columns = header.split(',').length;
    const p = await previewImport({ file: text('efs.csv', `${header}\n${first},,\n${second},oops,,\n`), kind: 'fuel' });
    expect(counts(p)).toMatchObject({ read: 2, new: 1, refused: 1 });
    expect(p.refused).toEqual([{ rows: [3], reason: `Row 3: the row has ${columns + 1} cells but the header has ${columns} (check the file's quotes and line breaks)` }]);
  });

  it('importing the same file again adds nothing and says so as INFO', async () => {
    const first = await previewImport({ file: fixture('fuel_efs_2025Q3.csv'), kind: 'fuel' });
    const existingKeys = new Set(first.records.map((r) => r.key));
    const again = await previewImport({ file: fixture('fuel_efs_2025Q3.csv'), kind: 'fuel', existingKeys });
    expect(again.records).toEqual([]);
    expect(again.duplicates.map((d) => [d.rows[0], d.where])).toEqual([
      [2, 'stored'],
      [3, 'stored'],
      [4, 'stored'],
      [5, 'stored'],
      [7, 'file'],
    ]);
    expect(previewSummary(again)).toBe('INFO Nothing new to import: every row of this file was imported before (1 row refused)');
    expect(previewSummary(first)).toBe('6 rows read, 4 new records, 1 duplicate skipped, 1 record flagged, 1 row refused');
  });

  it('an export that overlaps an earlier one adds only the rows not seen before', async () => {
    const first = await previewImport({ file: fixture('fuel_efs_2025Q3.csv'), kind: 'fuel' });
    const stored = new Set(first.records.slice(0, 2).map((r) => r.key));
    const overlap = await previewImport({ file: fixture('fuel_efs_2025Q3.csv'), kind: 'fuel', existingKeys: stored });
    expect(overlap.records.map((r) => r.rows[0])).toEqual([4, 5]);
  });

  it('Pilot: metadata rows above the header are skipped, DEF flagged', async () => {
    const p = await previewImport({ file: fixture('fuel_pilot_all_transactions_2025Q3.csv'), kind: 'fuel' });
    expect(p.layout).toMatchObject({ id: 'pilot', headerRow: 6 });
    expect(fuelLines(p)).toEqual([
      ['7', '2025-07-14', 'diesel', '120.500', 'TX', '421.63'],
      ['8', '2025-07-14', 'def', '8.200', 'TX', '32.79'],
    ]);
    expect(p.flagged.map((f) => f.rows[0])).toEqual([8]);
  });

  it('Comdata: one row gives tractor diesel and flagged reefer fuel; a cash advance is kept and flagged', async () => {
    const p = await previewImport({ file: fixture('fuel_comdata_2025Q3.csv'), kind: 'fuel' });
    expect(p.layout?.id).toBe('comdata');
    expect(fuelLines(p)).toEqual([
      ['2', '2025-07-21', 'diesel', '140.000', 'TX', '512.26'],
      ['2', '2025-07-21', 'reefer', '25.000', 'TX', '100.14'],
      ['3', '2025-07-22', 'cash_advance', '0.000', 'OK', '150.00'],
    ]);
    expect(p.flagged.map((f) => f.reason)).toEqual([
      'Row 2: Not IFTA fuel (reefer fuel): kept for settlements, left out of IFTA',
      'Row 3: Not IFTA fuel (cash advance): kept for settlements, left out of IFTA',
    ]);
    expect(p.records[0].record).toMatchObject({ time: '13:15:00', card: '1234', driverName: 'ROBERT KING' });
  });

  it('a Windows-1252 export from a Canadian site: accented city, litres converted to gallons', async () => {
    const p = await previewImport({ file: fixture('fuel_efs_windows1252.csv'), kind: 'fuel' });
    expect(p.layout?.encoding).toBe('windows1252');
    expect(p.records[0].record).toMatchObject({ city: 'MONTRÉAL', state: 'QC', quantity: '100.000', originalUnit: 'L', currency: 'CAD' });
  });

  it('an XLSX Pilot workbook: the "All Transactions" sheet behind a pivot sheet, Excel serial date and time', async () => {
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('Pivot').addRow(['ProductDescription', 'Sum of Quantity']);
    const ws = wb.addWorksheet('All Transactions');
    ws.addRow(['Pilot Flying J']);
    ws.addRow([]);
    ws.addRow(['CompanyId', 'Authorization_No', 'UnitNo', 'Card_No', 'SiteDescr', 'Quantity', 'InvoiceTotal', 'RetailTotal', 'TransactionDate', 'TransactionTime', 'ProductCode', 'ProductDescription']);
    // 45852 is 2025-07-14; 0.2791666… of a day is 06:42.
    ws.addRow([2, 354187, 101, 990001, '436 Amarillo TX', 120.5, 421.63, 469.83, 45852, 6.7 / 24, 20, 'Truck Diesel']);
    ws.addRow([2, 354188, 101, 990001, '436 Amarillo TX', 8.2, 32.79, 32.79, 45852, 6.7333333333 / 24, 140, 'Diesel Exhaust Fluid']);
    const data = Buffer.from(await wb.xlsx.writeBuffer());
    const p = await previewImport({ file: { fileName: 'pilot.xlsx', data }, kind: 'fuel' });
    expect(p.layout).toMatchObject({ id: 'pilot', format: 'xlsx', sheet: 'All Transactions', headerRow: 3 });
    expect(p.records.map((r) => r.record.kind === 'fuel' && [r.rows[0], r.record.date, r.record.time, r.record.product, r.record.quantity, r.record.amount])).toEqual([
      [4, '2025-07-14', '06:42:00', 'diesel', '120.500', '421.63'],
      [5, '2025-07-14', '06:44:00', 'def', '8.200', '32.79'],
    ]);
  });
});

describe('miles previews', () => {
  it('per quarter: names and codes normalised, an unknown place refused', async () => {
    const p = await previewImport({ file: fixture('ifta_miles_2025Q3.csv'), kind: 'miles', period: Q3 });
    expect(p.layout?.id).toBe('miles-quarter');
    expect(milesLines(p)).toEqual([
      ['101', 'TX', '2025Q3', '4212.400', '4212.400', [2]],
      ['101', 'OK', '2025Q3', '1890.700', '1890.700', [3]],
      ['102', 'TX', '2025Q3', '2250.000', '2100.000', [4]],
      ['102', 'ON', '2025Q3', '310.250', '310.250', [5]],
    ]);
    expect(p.refused).toEqual([{ rows: [6], reason: 'Row 6: the jurisdiction "Atlantis" is not a US state or Canadian province' }]);
    expect(p.records[0].key).toBe('miles|101|TX|2025Q3|ELD');
  });

  it('per trip: each trip kept with its date; odometers measure a trip without miles', async () => {
    const p = await previewImport({ file: fixture('ifta_miles_trips_2025Q3.csv'), kind: 'miles', period: Q3 });
    // Row 5 has no miles: 413100 − 413010 = 90.
    expect(milesLines(p)).toEqual([
      ['101', 'TX', '2025Q3', '367.000', '367.000', [2]],
      ['101', 'OK', '2025Q3', '188.000', '188.000', [3]],
      ['101', 'TX', '2025Q3', '120.500', '120.500', [4]],
      ['101', 'TX', '2025Q3', '90.000', '90.000', [5]],
    ]);
    expect(p.records[0].record).toMatchObject({ date: '2025-07-14', startOdometer: '412335.000', endOdometer: '412702.000' });
    expect(p.records[0].key).toBe('trip|101|2025-07-14|TX|367.000');
    expect(p.refused.map((r) => r.reason)).toEqual(['Row 6: the row is for 2025 Q4, not the chosen 2025 Q3', 'Row 7: the date "2025-02-30" is not a date']);
  });

  it('per trip without a chosen quarter: each trip in its own quarter', async () => {
    const p = await previewImport({ file: fixture('ifta_miles_trips_2025Q3.csv'), kind: 'miles' });
    expect(milesLines(p).map((l) => l.slice(0, 4))).toEqual([
      ['101', 'TX', '2025Q3', '367.000'],
      ['101', 'OK', '2025Q3', '188.000'],
      ['101', 'TX', '2025Q3', '120.500'],
      ['101', 'TX', '2025Q3', '90.000'],
      ['101', 'TX', '2025Q4', '100.000'],
    ]);
  });

  it('Samsara metric report: meters converted to miles', async () => {
    const p = await previewImport({ file: fixture('samsara_ifta_metric_2025Q3.csv'), kind: 'miles' });
    expect(p.layout?.id).toBe('samsara-metric');
    expect(milesLines(p)).toEqual([
      ['101', 'TX', '2025Q3', '1000.000', '1000.000', [2]],
      ['101', 'ON', '2025Q3', '310.686', '300.000', [3]],
    ]);
    expect(p.records[0].record).toMatchObject({ source: 'Samsara' });
  });

  it('Motive IFTA trips: each trip by its id, source Motive', async () => {
    const p = await previewImport({ file: fixture('motive_ifta_trips_2025Q3.csv'), kind: 'miles', period: Q3 });
    expect(p.layout?.id).toBe('motive-trips');
    expect(milesLines(p)).toEqual([
      ['101', 'TX', '2025Q3', '367.000', '367.000', [2]],
      ['101', 'OK', '2025Q3', '188.000', '188.000', [3]],
      ['101', 'TX', '2025Q3', '100.000', '100.000', [4]],
    ]);
    expect(p.records[0].key).toBe('trip|Motive|9001');
  });

  it('a semicolon file with a BOM and decimal commas', async () => {
    const p = await previewImport({ file: fixture('ifta_miles_semicolon_bom.csv'), kind: 'miles' });
    expect(milesLines(p)).toEqual([
      ['104', 'TX', '2025Q3', '1234.500', '1234.500', [2]],
      ['104', 'NM', '2025Q3', '88.000', '88.000', [3]],
    ]);
  });

  it('a stored quarter with other figures is reported as changed; the same figures as a plain duplicate', async () => {
    const first = await previewImport({ file: fixture('ifta_miles_2025Q3.csv'), kind: 'miles' });
    const stored = new Map(first.records.map((r) => [r.key, recordFingerprint(r.record)]));
    stored.set('miles|101|TX|2025Q3|ELD', '4000.000|4000.000');
    const again = await previewImport({ file: fixture('ifta_miles_2025Q3.csv'), kind: 'miles', existingKeys: stored });
    expect(again.records).toEqual([]);
    expect(again.duplicates.map((d) => [d.rows[0], d.changed, d.reason])).toEqual([
      [2, true, "Row 2: already imported with different figures: stored 4000 mi (4000 taxable), this file 4212.4 mi (4212.4 taxable) (Replace imports this file's figures instead)"],
      [3, false, 'Row 3: already imported'],
      [4, false, 'Row 4: already imported'],
      [5, false, 'Row 5: already imported'],
    ]);
  });

  it('the same unit, place and quarter twice in one file with different miles is refused, not silently dropped', async () => {
    const body = 'Year,Quarter,Unit,Jurisdiction,Total Miles\n2025,3,101,TX,100\n2025,3,101,Texas,120\n2025,3,101,TX,100\n';
    const p = await previewImport({ file: text('m.csv', body), kind: 'miles' });
    expect(p.refused).toEqual([{ rows: [3], reason: 'Row 3: has the same key as row 2 with different figures' }]);
    expect(p.duplicates.map((d) => d.reason)).toEqual(['Row 4: repeats row 2']);
  });
});

describe('layouts, mappings and presets', () => {
  const MINE = 'My Fleet Export\n\nTruck,Where,How Far,When\n101,TX,10,2025-07-01\n101,Texas,20.5,07/02/2025\n102,OK,5,2025-07-02\n';
  const mapping = { unit: 'Truck', jurisdiction: 'Where', totalMiles: 'How Far', date: 'When' };

  it('an unknown layout answers its headers and first rows, and our fields to map', async () => {
    const p = await previewImport({ file: text('mine.csv', MINE), kind: 'miles' });
    expect(p.layout).toBeNull();
    expect(p.unknown).toMatchObject({ headerRow: 3, headers: ['Truck', 'Where', 'How Far', 'When'], sample: [['101', 'TX', '10', '2025-07-01'], ['101', 'Texas', '20.5', '07/02/2025'], ['102', 'OK', '5', '2025-07-02']] });
    expect(p.unknown?.fields.find((f) => f.field === 'totalMiles')).toMatchObject({ label: 'Total miles', required: true });
    expect(p.records).toEqual([]);
  });

  it('reads the file with the mapping chosen, and recognises it next time as a saved preset', async () => {
    const mapped = await previewImport({ file: text('mine.csv', MINE), kind: 'miles', mapping });
    expect(milesLines(mapped)).toEqual([
      ['101', 'TX', '2025Q3', '10.000', '10.000', [4]],
      ['101', 'TX', '2025Q3', '20.500', '20.500', [5]],
      ['102', 'OK', '2025Q3', '5.000', '5.000', [6]],
    ]);
    const preset = await previewImport({ file: text('mine.csv', MINE), kind: 'miles', presets: [{ name: 'My ELD', kind: 'miles', mapping }] });
    expect(preset.layout).toMatchObject({ id: 'mapping:My ELD', vendor: 'My ELD' });
    expect(preset.records[0].key).toBe('trip|101|2025-07-01|TX|10.000');
  });

  it('refuses a mapping naming a column the file does not have', async () => {
    await expect(previewImport({ file: text('mine.csv', MINE), kind: 'miles', mapping: { ...mapping, totalMiles: 'Distance' } })).rejects.toThrow(
      'ERROR The file has no column named "Distance"',
    );
  });

  it('names the right import for a file of another kind', async () => {
    await expect(previewImport({ file: fixture('fuel_efs_2025Q3.csv'), kind: 'miles' })).rejects.toThrow(
      'ERROR This looks like an export from EFS (WEX), which belongs in the fuel import',
    );
  });

  it('refuses an empty file and a file that is not a table, in plain words', async () => {
    await expect(previewImport({ file: text('e.csv', ''), kind: 'fuel' })).rejects.toThrow('ERROR The file is empty');
    await expect(previewImport({ file: { fileName: 'x.pdf', data: Buffer.from('%PDF-1.7\n\0\0binary') }, kind: 'fuel' })).rejects.toThrow(
      'ERROR This file is not a CSV or XLSX file',
    );
  });
});

describe('Relay previews', () => {
  it('payments: tour, load, adjustment and lower-case lines kept; the repeated line a duplicate; the total row skipped', async () => {
    const p = await previewImport({ file: fixture('relay_payment_details_2025-07-19.csv'), kind: 'payments' });
    expect(counts(p)).toEqual({ read: 8, new: 6, duplicates: 1, flagged: 0, refused: 0, skipped: 1 });
    expect(p.records.map((r) => r.record.kind === 'payments' && [r.record.itemType, r.record.grossPay])).toEqual([
      ['TOUR - COMPLETED', '880.77'],
      ['LOAD - COMPLETED', '75.00'],
      ['ADJUSTMENT - DISPUTE', '-25.00'],
      ['TOUR - COMPLETED', '25.00'],
      ['TOUR - COMPLETED', '0.00'],
      ['LOAD - COMPLETED', '640.00'],
    ]);
    expect(p.skipped).toEqual([{ rows: [9], reason: 'Row 9: a summary row (total 1595.77), not a payment line' }]);
  });

  it('trips: statuses normalised, a blank one rejected, stops with their times', async () => {
    const p = await previewImport({ file: fixture('relay_trips_2025-07.csv'), kind: 'trips' });
    expect(p.records.map((r) => r.record.kind === 'trips' && [r.record.tripId, r.record.status])).toEqual([
      ['T-112ABCDEF', 'Completed'],
      ['T-113GHIJKL', 'Cancelled'],
      ['T-114MNOPQR', 'Completed'],
      ['T-115STUVWX', 'Rejected'],
    ]);
    expect(p.records[2].record).toMatchObject({ stops: [{ facility: 'MCE1' }, { facility: 'LGB3', actualArrival: '2025-07-19T23:30:00', utcOffset: '-07:00' }] });
  });
});

describe('the report', () => {
  it('lists every row with its outcome and reason, by row number', async () => {
    const p = await previewImport({ file: fixture('fuel_efs_2025Q3.csv'), kind: 'fuel' });
    expect(reportCsv(p).split('\r\n')).toEqual([
      'Row,Outcome,Record,Reason',
      '2,New,2025-07-14 06:42 · unit 101 · ULSD · 120.500 gal · TX · $421.63,',
      '3,"New, flagged",2025-07-14 06:42 · unit 101 · DEFD · 8.200 gal · TX · $32.79,"Not IFTA fuel (DEF): kept for settlements, left out of IFTA"',
      '4,New,"2025-08-02 14:05 · unit 102 · ULSD · 1101.250 gal · OK · $3,699.10",',
      '5,New,2025-08-03 09:10 · unit 102 · ULSD · -50.000 gal · OK · -$167.95,',
      '6,Refused,,"the date ""13/45/2025"" is not a date"',
      '7,Duplicate,2025-07-14 06:42 · unit 101 · ULSD · 120.500 gal · TX · $421.63,repeats row 2',
      '',
    ]);
  });

  it('neutralises cells a spreadsheet would run as formulas', async () => {
    const body = 'Block ID,Trip ID,Load ID,Load Execution Status,Stop 1\n,=HYPERLINK("x"),L1,Completed,MCE1\n';
    const p = await previewImport({ file: text('t.csv', body), kind: 'trips' as TImportKind });
    expect(reportCsv(p).split('\r\n')[1]).toBe(`2,New,"'=HYPERLINK(""x"") · L1 · Completed",`);
    expect(naturalKey(p.records[0].record)).toBe('trips||=HYPERLINK("x")|L1');
  });
});
