import { and, eq, sql } from 'drizzle-orm';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userCompanies, workWeeks } from '../src/db/schema';
import { createTestApp, EMAIL, type TTestApp } from './helpers';
import { multipartBody } from './upload-route';

/**
 * Issue 18: a DEF-only or other non-fuel line shows in the preview with its own status and why; an
 * EFS fees column is read; the statement (web and PDF) and the dashboard split "Total Fuel" into
 * diesel, DEF, reefer fuel, and cash advances and fees.
 */

const WEEK = { start: '2032-03-01', end: '2032-03-07' };
const EFS_HEADER =
  'Card #,Tran Date,Tran Time,Invoice,Unit,Driver Name,Odometer,Location Name,City,State/ Prov,Fees,Item,Unit Price,Disc PPU,Disc Cost,Qty,Disc Amt,Disc Type,Amt,DB,Currency';
const efsLine = (day: string, time: string, invoice: string, fees: string, item: string, qty: string, amount: string) =>
  `7083050099990001,${day},${time},${invoice},101,JOHN SMITH,412335,PILOT #436,AMARILLO,TX,${fees},${item},,,,${qty},,,${amount},N,USD/Gallons`;
const EFS = [
  EFS_HEADER,
  efsLine('03/02/2032', '06:42', '9001', '2.50', 'ULSD', '100.000', '350.00'),
  efsLine('03/03/2032', '08:10', '9002', '0.00', 'DEFD', '8.200', '32.79'),
  efsLine('03/04/2032', '11:00', '9003', '', 'RFR', '20.000', '70.10'),
  efsLine('03/05/2032', '12:00', '9004', '1.25', 'CADV', '', '200.00'),
].join('\n');

let t: TTestApp;
let weekId = 0;
let driverId = 0;
beforeAll(async () => {
  t = await createTestApp();
  const demo = t.ids.companies.demo;
  driverId = t.ids.users[EMAIL.driver];
  await t.db.update(userCompanies).set({ unitNumber: '101' }).where(and(eq(userCompanies.userId, driverId), eq(userCompanies.companyId, demo)));
  const [week] = await t.db.insert(workWeeks).values({ companyId: demo, year: 2032, number: 10, startDate: WEEK.start, endDate: WEEK.end }).returning();
  weekId = week.id;
});
afterAll(() => t.close());

async function preview(name: string, content: string) {
  const body = await multipartBody({ kind: 'fuel' }, [{ field: 'files', name, content }]);
  return t.call({ method: 'POST', url: '/api/Imports/Preview', payload: body.payload, headers: { 'content-type': body.contentType }, as: EMAIL.admin });
}

describe('non-fuel lines in the preview, and the EFS fees column', () => {
  it('a DEF-only, reefer or cash line is flagged with why; each fee is a fees line of its own', async () => {
    const res = await preview('efs-march.csv', EFS);
    expect(res.body.refused).toBe(0);
    // Four transactions and two fees.
    expect(res.body.newRows).toBe(6);
    const reasons = res.body.rows.filter((r: any) => r.status === 'flagged').map((r: any) => [r.rowNumber, r.values.product, r.values.amount, r.reason]);
    expect(reasons).toEqual([
      [2, 'Fees', '2.50', 'Not IFTA fuel (fees): kept for settlements, left out of IFTA'],
      [3, 'DEFD', '32.79', 'Not IFTA fuel (DEF): kept for settlements, left out of IFTA'],
      [4, 'RFR', '70.10', 'Not IFTA fuel (reefer fuel): kept for settlements, left out of IFTA'],
      [5, 'CADV', '200.00', 'Not IFTA fuel (cash advance): kept for settlements, left out of IFTA'],
      [5, 'Fees', '1.25', 'Not IFTA fuel (fees): kept for settlements, left out of IFTA'],
    ]);
    expect((await t.call({ method: 'POST', url: '/api/Imports/Confirm', payload: { previewId: res.body.previewId }, as: EMAIL.admin })).text).toBe('Imported 6 fuel lines');
  });

  it('a Comdata line without fuel, oil or cash is listed as skipped, with why', async () => {
    const comdata = [
      'Transaction Date,Unit Number,Truck Stop State,Transaction Time,Number of Tractor Gallons,Cost of Tractor Fuel,Number of Reefer Gallons,Cost of Reefer Fuel',
      '03/06/2032,101,TX,0700,0,0,0,0',
      '03/06/2032,101,TX,0900,50,175.00,0,0',
    ].join('\n');
    const res = await preview('comdata-march.csv', comdata);
    expect(res.body.skipped).toBe(1);
    expect(res.body.rows.find((r: any) => r.status === 'skipped')).toMatchObject({ rowNumber: 2, reason: 'Row 2: no fuel, oil or cash advance on this line' });
  });
});

describe('Total Fuel split by product', () => {
  const SPLIT = [
    { label: 'Diesel', amount: '350.00' },
    { label: 'DEF', amount: '32.79' },
    { label: 'Reefer fuel', amount: '70.10' },
    { label: 'Cash advances and fees', amount: '203.75' },
  ];

  it('the statement carries the split beneath Total Fuel, adding up to it', async () => {
    const res = await t.call({ method: 'GET', url: `/api/Settlement/Statement?weekId=${weekId}&driverId=${driverId}`, as: EMAIL.admin });
    expect(res.status).toBe(200);
    expect(res.body.totalFuel).toBe('656.64');
    expect(res.body.fuelSplit).toEqual(SPLIT);
  });

  it('the dashboard carries the same split', async () => {
    const res = await t.call({ method: 'GET', url: `/api/DriverDashboard/GetDriversGrossIncome?week=${weekId}&driverId=${driverId}`, as: EMAIL.admin });
    expect(res.body.totalFuel).toBe('656.64');
    expect(res.body.fuelSplit).toEqual(SPLIT);
  });

  it('the PDF prints the split under Fuel, in the web statement words', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/Settlement/StatementPdf?weekId=${weekId}&driverId=${driverId}`, headers: { cookie: await t.loginAs(EMAIL.admin) } });
    expect(res.statusCode).toBe(200);
    const text = (await new PDFParse({ data: new Uint8Array(res.rawPayload) }).getText()).text;
    for (const line of ['Diesel $350.00', 'DEF $32.79', 'Reefer fuel $70.10', 'Cash advances and fees $203.75']) expect(text).toContain(line);
  });

  it('gasoline or oil adds an "Other fuel and oil" line, so the parts still add up', async () => {
    await t.db.execute(sql`insert into fuel_transactions (company_id, vendor, fuel_date, unit_number, state_code, product, is_ifta, quantity, amount, natural_key)
      values (${t.ids.companies.demo}, 'Comdata', '2032-03-06', '101', 'TX', 'oil', false, 0, 19.99, 'split|oil')`);
    const res = await t.call({ method: 'GET', url: `/api/Settlement/Statement?weekId=${weekId}&driverId=${driverId}`, as: EMAIL.admin });
    expect(res.body.totalFuel).toBe('676.63');
    expect(res.body.fuelSplit).toEqual([...SPLIT, { label: 'Other fuel and oil', amount: '19.99' }]);
  });
});
