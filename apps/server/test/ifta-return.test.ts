import { iftaDueDate, sampleRateMatrixCsv } from '@haulboard/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fuelTransactions, iftaMiles } from '../src/db/schema';
import { BOARD_DEMO_STEPS } from '../src/db/seed/demo-board';
import { createTestApp, EMAIL, type TTestApp } from './helpers';
import { multipartBody } from './upload-route';

let t: TTestApp;

const fuel = (companyId: number, unit: string, state: string, day: string, quantity: string, over: Partial<typeof fuelTransactions.$inferInsert> = {}) => ({
  companyId,
  vendor: 'EFS',
  cardLast4: '0001',
  fuelDate: day,
  fuelTime: '06:42',
  unitNumber: unit,
  stateCode: state,
  product: 'diesel',
  productCode: 'ULSD',
  isIfta: true,
  quantity,
  amount: '100.00',
  taxPaid: true,
  naturalKey: `EFS|0001|${day}|${unit}|${state}|${quantity}|${over.product ?? 'diesel'}`,
  ...over,
});
const miles = (companyId: number, unit: string, state: string, total: string) => ({
  companyId,
  year: 2025,
  quarter: 3,
  unitNumber: unit,
  stateCode: state,
  totalMiles: total,
  taxableMiles: total,
  source: 'ELD',
  naturalKey: `miles|${unit}|${state}|2025Q3|ELD`,
});

/** A matrix in the published shape: title with the quarter, header, two rows per jurisdiction, a SurChg row. */
const MATRIX = [
  ',,International Fuel Tax Association Tax Matrix 3Q2025 (test copy with made-up rates)',
  'Jurisdiction,Country,Gasoline,Special Diesel,Gasohol',
  ',,Rate,Rate,Rate',
  'ALBERTA #14,U.S.,$ 0.3519 ,$ 0.3940 ,$-',
  ',Can,$ 0.1300 ,$ 0.1300 ,$-',
  'KENTUCKY #17,U.S.,$ 0.2460 ,$ 0.2460 ,$ 0.2460 ',
  ',Can,$ 0.0850 ,$ 0.0850 ,$-',
  'KENTUCKY SurChg,U.S.,$ 0.1020 ,$ 0.1020 ,$-',
  ',Can,$ 0.0352 ,$ 0.0352 ,$-',
  'NEW MEXICO #31,U.S.,$ 0.1700 ,$ 0.2100 ,$-',
  ',Can,$ 0.0590 ,$ 0.0720 ,$-',
  'OKLAHOMA #36,U.S.,$ 0.1900 ,$ 0.1900 ,$-',
  ',Can,$ 0.0660 ,$ 0.0660 ,$-',
  'TEXAS #43,U.S.,$ 0.2000 ,$ 0.2000 ,$-',
  ',Can,$ 0.0690 ,$ 0.0690 ,$-',
].join('\r\n');

beforeAll(async () => {
  t = await createTestApp({ steps: BOARD_DEMO_STEPS });
  const demo = t.ids.companies.demo;
  const second = t.ids.companies.second;
  await t.db.insert(fuelTransactions).values([
    fuel(demo, '101', 'TX', '2025-07-14', '500.000'),
    fuel(demo, '101', 'OK', '2025-08-02', '300.250'),
    fuel(demo, '101', 'KY', '2025-09-10', '100.000'),
    fuel(demo, '101', 'TX', '2025-07-14', '8.200', { product: 'def', productCode: 'DEFD', isIfta: false }),
    fuel(demo, '102', 'NM', '2025-08-20', '310.400'),
    // Bulk fuel: counts in fleet MPG, earns no tax-paid credit.
    fuel(demo, '102', 'TX', '2025-09-01', '150.000', { taxPaid: false }),
    fuel(second, '201', 'TX', '2025-08-01', '800.000'),
  ]);
  await t.db.insert(iftaMiles).values([
    miles(demo, '101', 'TX', '4212.4'),
    miles(demo, '101', 'OK', '1890.7'),
    miles(demo, '101', 'KY', '1000.0'),
    miles(demo, '102', 'TX', '1000.5'),
    miles(demo, '102', 'NM', '999.5'),
    miles(demo, '102', 'AK', '300.0'),
    miles(second, '201', 'TX', '5000.0'),
  ]);
});
afterAll(() => t.close());

async function upload(fields: Record<string, string>, name: string, content: string | Buffer, as: string = EMAIL.admin) {
  const body = await multipartBody(fields, [{ field: 'file', name, content }]);
  return t.call({ method: 'POST', url: '/api/Accounting/UploadIftaRates', payload: body.payload, headers: { 'content-type': body.contentType }, as });
}
const worksheet = (as: string = EMAIL.admin, q: Record<string, unknown> = { year: 2025, quarter: 3 }) =>
  t.call({ method: 'POST', url: '/api/Accounting/GetIftaReturn', payload: q as any, as });
const settings = (payload: unknown, as: string = EMAIL.admin) => t.call({ method: 'POST', url: '/api/Accounting/IftaReturnSettings', payload: payload as any, as });
const Q3 = { Year: '2025', Quarter: '3' };
const rowsOf = (r: any) => (Array.isArray(r) ? r : r.rows) as any[];

describe('POST /api/Accounting/UploadIftaRates', () => {
  it('refuses a matrix with an unknown jurisdiction or a bad rate, naming the rows, and saves nothing', async () => {
    const bad = MATRIX.replace('OKLAHOMA #36', 'ATLANTIS #99').replace('$ 0.2000 ,$-', 'abc,$-');
    const res = await upload(Q3, 'matrix.csv', bad);
    expect(res.status).toBe(409);
    expect(res.text).toBe(
      'ERROR The matrix was not saved: row 12: "ATLANTIS #99" is not a US state or Canadian province; row 14: the diesel rate "abc" of TEXAS #43 is not an amount like $ 0.2950',
    );
    const n = rowsOf(await t.db.execute(sql`select count(*)::int as n from ifta_rate_matrices where company_id = ${t.ids.companies.demo}`))[0].n;
    expect(n).toBe(0);
  });

  it('refuses a file that is not a matrix, a matrix of another quarter, a PDF and an empty file', async () => {
    const fuelFile = 'Card #,Tran Date,Unit,State/ Prov,Item,Qty\n7083,07/14/2025,101,TX,ULSD,120.5\n';
    const notMatrix = await upload(Q3, 'fuel.csv', fuelFile);
    expect(notMatrix.status).toBe(409);
    expect(notMatrix.text).toMatch(/^ERROR This is not an IFTA tax-rate matrix/);
    const other = await upload({ Year: '2025', Quarter: '2' }, 'matrix.csv', MATRIX);
    expect(other.text).toBe('ERROR This matrix is for Q3 2025, not Q2 2025. Choose Q3 2025 or upload the Q2 2025 matrix.');
    expect((await upload(Q3, 'matrix.pdf', '%PDF-1.4')).status).toBe(415);
    expect((await upload(Q3, 'matrix.csv', '')).status).toBe(400);
  });

  it('answers 400 with field messages for a missing or bad year and quarter', async () => {
    const res = await upload({ Year: '2025', Quarter: '5' }, 'matrix.csv', MATRIX);
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain('Choose a quarter from 1 to 4');
    const noYear = await upload({ Quarter: '3' }, 'matrix.csv', MATRIX);
    expect(noYear.status).toBe(400);
    expect(JSON.stringify(noYear.body)).toContain('Year');
  });

  it('lets only a person with Write on the IFTA report upload (the dispatcher reads, the driver neither)', async () => {
    expect((await upload(Q3, 'matrix.csv', MATRIX, EMAIL.dispatcher)).status).toBe(403);
    expect((await upload(Q3, 'matrix.csv', MATRIX, EMAIL.driver)).status).toBe(403);
  });

  it('saves the diesel rates of every jurisdiction with the surcharge, and a second upload replaces the quarter', async () => {
    const res = await upload(Q3, 'matrix.csv', MATRIX);
    expect(res.status).toBe(200);
    expect(res.text).toBe('Tax rates for Q3 2025 saved: 5 jurisdictions');
    expect((await upload(Q3, '3Q2025.csv', MATRIX)).status).toBe(200);
    const rates = rowsOf(
      await t.db.execute(sql`select r.state_code, r.usd_per_gal, r.cad_per_litre, r.surcharge_usd_per_gal from ifta_rates r
        join ifta_rate_matrices m on m.id = r.matrix_id where m.company_id = ${t.ids.companies.demo} order by r.state_code`),
    );
    expect(rates.map((r) => [r.state_code, r.usd_per_gal, r.cad_per_litre, r.surcharge_usd_per_gal])).toEqual([
      ['AB', '0.3940', '0.1300', '0.0000'],
      ['KY', '0.2460', '0.0850', '0.1020'],
      ['NM', '0.2100', '0.0720', '0.0000'],
      ['OK', '0.1900', '0.0660', '0.0000'],
      ['TX', '0.2000', '0.0690', '0.0000'],
    ]);
  });
});

describe('POST /api/Accounting/GetIftaReturn', () => {
  // Worked by hand. Total miles 4212.4 + 1890.7 + 1000 + 1000.5 + 999.5 + 300 (Alaska) = 9403.1 → 9403.
  // IFTA gallons 500 + 300.25 + 100 + 310.4 + 150 (bulk) = 1360.65 → 1361 (DEF excluded).
  // Fleet MPG 9403 / 1361 = 6.9088… → 6.91.
  // Kentucky   1000 mi → 1000 / 6.91 = 144.7 → 145 gal; paid 100; net 45;   45 × 0.2460 = 11.07; surcharge 145 × 0.1020 = 14.79; line 25.86
  // New Mexico 999.5 → 1000 mi → 145 gal; paid 310.4 → 310; net −165; −165 × 0.21 = −34.65
  // Oklahoma   1890.7 → 1891 mi → 273.66 → 274 gal; paid 300.25 → 300; net −26; −26 × 0.19 = −4.94
  // Texas      5212.9 → 5213 mi → 754.41 → 754 gal; paid 500 (the bulk 150 earns nothing); net 254; 254 × 0.20 = 50.80
  // Tax 11.07 − 34.65 − 4.94 + 50.80 = 22.28; surcharge 14.79; grand total 37.07.
  it('computes every line, the totals and the grand total at fleet MPG, with the due date', async () => {
    const res = await worksheet();
    expect(res.status).toBe(200);
    const r = res.body;
    expect(r).toMatchObject({
      year: 2025,
      quarter: 3,
      dueDate: '2025-10-31',
      licensee: 'Demo Freight LLC',
      fuelType: 'Diesel',
      totalMiles: 9403,
      totalGallons: '1361',
      fleetMpg: '6.91',
      nonIftaMiles: 300,
      totalTaxableGallons: '1318',
      totalTaxPaidGallons: '1210',
      totalTax: '22.28',
      totalSurcharge: '14.79',
      grandTotal: '37.07',
      rates: { fileName: '3Q2025.csv', jurisdictions: 5, isSample: false, uploadedBy: 'Alex Morgan' },
    });
    expect(r.lines.map((l: any) => [l.stateCode, l.rate, l.totalMiles, l.taxableMiles, l.taxableGallons, l.taxPaidGallons, l.netTaxableGallons, l.tax, l.surcharge, l.lineTotal])).toEqual([
      ['KY', '0.2460', 1000, 1000, '145', '100', '45', '11.07', '14.79', '25.86'],
      ['NM', '0.2100', 1000, 1000, '145', '310', '-165', '-34.65', '0.00', '-34.65'],
      ['OK', '0.1900', 1891, 1891, '274', '300', '-26', '-4.94', '0.00', '-4.94'],
      ['TX', '0.2000', 5213, 5213, '754', '500', '254', '50.80', '0.00', '50.80'],
    ]);
    expect(r.checks).toContain('300 miles in places outside IFTA count in fleet MPG but are not on a line.');
    expect(r.checks.some((c: string) => c.startsWith('No fuel was bought in Week'))).toBe(true);
  });

  // Cut MPG: 6.9088… → 6.90. Texas 5213 / 6.90 = 755.5 → 756 gal; net 256; 256 × 0.20 = 51.20.
  // Kentucky 1000 / 6.9 = 144.9 → 145, Oklahoma 1891 / 6.9 = 274.06 → 274: unchanged. Tax 22.68, grand 37.47.
  it('cuts MPG to 2 decimals when the company says so', async () => {
    expect((await settings({ mpgRounding: 'trunc2', gallonsRounding: 'whole', iftaAccountNumber: 'TX-123456' })).text).toBe('Return settings saved successfully');
    const r = (await worksheet()).body;
    expect(r).toMatchObject({ fleetMpg: '6.90', totalTax: '22.68', grandTotal: '37.47', iftaAccountNumber: 'TX-123456' });
    expect(r.lines.find((l: any) => l.stateCode === 'TX')).toMatchObject({ taxableGallons: '756', netTaxableGallons: '256', tax: '51.20' });
  });

  // Gallons to the thousandth: total 1360.650; MPG 9403 / 1360.65 = 6.9106… → 6.91.
  // Kentucky 1000 / 6.91 = 144.718; net 44.718 × 0.246 = 11.000628 → 11.00; surcharge 144.718 × 0.102 = 14.761… → 14.76
  // New Mexico 144.718 − 310.400 = −165.682 × 0.21 = −34.793… → −34.79
  // Oklahoma 1891 / 6.91 = 273.661; − 300.250 = −26.589 × 0.19 = −5.0519… → −5.05
  // Texas 5213 / 6.91 = 754.414; − 500 = 254.414 × 0.2 = 50.8828 → 50.88. Tax 22.04, surcharge 14.76, grand 36.80.
  it('keeps gallons to the thousandth when the company says so', async () => {
    await settings({ mpgRounding: 'round2', gallonsRounding: 'thousandths', iftaAccountNumber: '' });
    const r = (await worksheet()).body;
    expect(r).toMatchObject({ totalGallons: '1360.650', fleetMpg: '6.91', totalTax: '22.04', totalSurcharge: '14.76', grandTotal: '36.80', iftaAccountNumber: null });
    expect(r.lines.map((l: any) => [l.stateCode, l.taxableGallons, l.netTaxableGallons, l.tax])).toEqual([
      ['KY', '144.718', '44.718', '11.00'],
      ['NM', '144.718', '-165.682', '-34.79'],
      ['OK', '273.661', '-26.589', '-5.05'],
      ['TX', '754.414', '254.414', '50.88'],
    ]);
    await settings({ mpgRounding: 'round2', gallonsRounding: 'whole' });
  });

  it('shows lines without tax, and no grand total, for a quarter without a matrix', async () => {
    const r = (await worksheet(EMAIL.admin, { year: 2025, quarter: 2 })).body;
    expect(r).toMatchObject({ rates: null, grandTotal: null, dueDate: '2025-07-31' });
    expect(r.checks[0]).toBe("No tax-rate matrix is uploaded for Q2 2025: upload the quarter's matrix to compute the tax.");
  });

  it('lets the dispatcher read it, refuses a driver, and answers 400 to a bad quarter or settings', async () => {
    expect((await worksheet(EMAIL.dispatcher)).status).toBe(200);
    expect((await worksheet(EMAIL.driver)).status).toBe(403);
    const bad = await worksheet(EMAIL.admin, { year: 2025, quarter: 0 });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('Choose a quarter from 1 to 4');
    expect((await worksheet(EMAIL.admin, { quarter: 3 })).status).toBe(400);
    const badSettings = await settings({ mpgRounding: 'ceil', gallonsRounding: 'whole' });
    expect(badSettings.status).toBe(400);
    expect(JSON.stringify(badSettings.body)).toContain('Choose how fleet MPG is rounded');
    expect((await settings({ mpgRounding: 'round2', gallonsRounding: 'whole' }, EMAIL.dispatcher)).status).toBe(403);
  });

  it("shows Second Haul only its own miles and no rates of Demo Freight's", async () => {
    const r = (await worksheet(EMAIL.secondAdmin)).body;
    expect(r).toMatchObject({ licensee: 'Second Haul Inc', totalMiles: 5000, totalGallons: '800', fleetMpg: '6.25', rates: null, grandTotal: null });
    expect(r.lines.map((l: any) => l.stateCode)).toEqual(['TX']);
  });
});

describe('the worksheet as CSV and PDF', () => {
  it('downloads the CSV with the lines and the grand total', async () => {
    const res = await t.call({ method: 'GET', url: '/api/Accounting/IftaReturnCsv?year=2025&quarter=3', as: EMAIL.admin });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toBe('attachment; filename="ifta-return-2025-Q3.csv"');
    const lines = res.text.split('\r\n');
    expect(lines).toContain('Kentucky,KY,0.2460,0.1020,1000,1000,145,100,45,11.07,14.79,25.86');
    expect(lines).toContain('New Mexico,NM,0.2100,0.0000,1000,1000,145,310,-165,-34.65,0.00,-34.65');
    expect(lines).toContain('Totals,,,,9104,9104,1318,1210,,22.28,14.79,37.07');
    expect(lines).toContain('Grand total (balance due; negative is a refund),37.07');
  });

  it('downloads a PDF', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/Accounting/IftaReturnPdf?year=2025&quarter=3', headers: { cookie: await t.loginAs(EMAIL.admin) } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(res.rawPayload.length).toBeGreaterThan(1500);
  });

  it('refuses a driver and a bad quarter', async () => {
    expect((await t.call({ method: 'GET', url: '/api/Accounting/IftaReturnPdf?year=2025&quarter=3', as: EMAIL.driver })).status).toBe(403);
    expect((await t.call({ method: 'GET', url: '/api/Accounting/IftaReturnCsv?year=2025&quarter=9', as: EMAIL.admin })).status).toBe(400);
  });
});

describe('the synthetic sample matrix', () => {
  it('uploads, is marked as sample rates, and the worksheet says not to file with it', async () => {
    const res = await upload({ Year: '2025', Quarter: '4' }, 'sample.csv', sampleRateMatrixCsv());
    expect(res.status).toBe(200);
    expect(res.text).toBe('INFO Sample rates for Q4 2025 saved (58 jurisdictions). They are NOT real rates: upload the IFTA, Inc. matrix before filing.');
    const r = (await worksheet(EMAIL.admin, { year: 2025, quarter: 4 })).body;
    expect(r.rates).toMatchObject({ isSample: true, jurisdictions: 58 });
    expect(r.checks[0]).toBe('The rates are the synthetic SAMPLE matrix, not real rates: do not file this return.');
    expect(r.dueDate).toBe(iftaDueDate(2025, 4));
    expect(r.dueDate).toBe('2026-02-02');
  });
});
