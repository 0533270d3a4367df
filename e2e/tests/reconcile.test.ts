import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO, dismissToasts, pick, SHOT_VARIANTS, shoot, signIn, text, toast, useBrowser, visible } from '../support';

/**
 * Issue #11, the file path (no board connection): an administrator uploads the board's trips export
 * for a week, edits one new load and removes another, imports the rest; then uploads the board's
 * payment details for the same week and reads the comparison. Screenshots at 1280 and 390 px.
 */

const run = Date.now().toString(36).slice(-5).toUpperCase();
const TRIP_A = `T-${run}A`;
const TRIP_B = `T-${run}B`;
const TRIP_C = `T-${run}C`;

const TRIPS_HEADER =
  'Block ID,Trip ID,Block/Trip,Trip Stage,Load ID,Facility Sequence,Load Execution Status,Transit Operator Type,Driver Name,Equipment Type,Trailer ID,Tractor Vehicle ID,Estimate Distance,Unit,Rate Type,Estimated Cost,Currency,Stop 1,Stop 1 UTC Offset,Stop 1 Planned Arrival Date,Stop 1 Planned Arrival Time,Stop 1  Actual Arrival Date,Stop 1  Actual Arrival Time,Stop 2,Stop 2 UTC Offset,Stop 2 Planned Arrival Date,Stop 2 Planned Arrival Time,Stop 2  Actual Arrival Date,Stop 2  Actual Arrival Time';
const trip = (id: string, load: string, from: string, to: string, day: string, miles: string, pay: string) =>
  `B-${run},${id},Trip,Completed,${load},${from}->${to},Completed,Single Driver,Sam Carter,53' Trailer,AZNG,101,${miles},Mi,Per Trip,${pay},USD,${from},-05:00,${day},08:00,${day},08:10,${to},-05:00,${day},18:00,${day},18:20`;
const TRIPS = [
  TRIPS_HEADER,
  trip(TRIP_A, `L${run}A`, 'DFW6', 'ATL6', '07/15/2025', '781.0', '1835.35'),
  trip(TRIP_B, `L${run}B`, 'MEM1', 'CMH1', '07/16/2025', '580.5', '1400.00'),
  trip(TRIP_C, `L${run}C`, 'ORD2', 'IND9', '07/17/2025', '183.0', '520.00'),
].join('\n');

const PAY_HEADER =
  'Invoice Number,Block Id,Trip ID,Load ID,Start Date,End Date,Route/Domicile,Operator Type,Equipment,Distance (Mi),Item Type,Program Type,Hourly Rate,Duration (hrs),Variable Total,Base Rate,Fuel Surcharge,Tolls,Detention,TONU,Others,Gross Pay,Comments';
const pay = (tripId: string, itemType: string, gross: string, comments = '') =>
  `INV${run},,${tripId},,07/15/2025,07/16/2025,"Dallas, TX",SOLO,FIFTY_THREE_FOOT_TRUCK,781.00,${itemType},SPOT,,,,${gross},0.00,0.00,0.00,0.00,0.00,${gross},${comments}`;
const INVOICE = [
  PAY_HEADER,
  // The edited load, paid 1,835.35 where the board now says 1,900.00.
  pay(TRIP_A, 'Tour - Completed', '1835.35'),
  // The removed trip: paid, but never imported.
  pay(TRIP_B, 'TOUR - COMPLETED', '1400.00'),
  pay(TRIP_B, 'TOUR - COMPLETED', '1400.00'),
  pay(TRIP_C, 'adjustment - dispute', '-50.00', 'Late arrival'),
  ',,,,,,,,,,,,,,,,,,,,,3185.35,',
].join('\n');

async function chooseWeek(page: Page) {
  await pick(page, page, 'Work year', '2025');
  await pick(page, page, 'Week', /\(07\/14\/2025/);
}

describe('an administrator reconciles a week with the board from its files', () => {
  const b = useBrowser();
  const contexts: BrowserContext[] = [];
  afterAll(async () => {
    for (const c of contexts) await c.close();
  });
  let page: Page;
  const newTable = () => page.getByRole('table', { name: 'New Loads' });
  const existingTable = () => page.getByRole('table', { name: 'Existing Loads' });

  it("imports a week's new loads from the trips file after editing one and removing one", async () => {
    const context = await b.newContext();
    contexts.push(context);
    page = await context.newPage();
    await signIn(page, DEMO.admin);
    await page.goto('/app/accounting/load-import');
    await visible(page.getByRole('heading', { name: 'Load Import' }));
    await chooseWeek(page);
    await page.getByLabel('Trips file').setInputFiles({ name: 'TRIPS.csv', mimeType: 'text/csv', buffer: Buffer.from(TRIPS) });
    for (const id of [TRIP_A, TRIP_B, TRIP_C]) await visible(newTable().getByRole('row').filter({ hasText: id }));
    const rowA = newTable().getByRole('row').filter({ hasText: TRIP_A });
    expect(await rowA.getByRole('cell').allTextContents()).toEqual(expect.arrayContaining(['Dallas, TX', '$1,835.35']));

    await rowA.getByRole('button', { name: `Edit ${TRIP_A}` }).click();
    const dialog = page.getByRole('dialog', { name: `Edit new load ${TRIP_A}` });
    await visible(dialog);
    await dialog.getByRole('textbox', { name: 'Payout' }).fill('');
    await dialog.getByRole('textbox', { name: 'Payout' }).blur();
    await text(page, 'Field is required');
    expect(await dialog.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
    await dialog.getByRole('textbox', { name: 'Payout' }).fill('1900');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await visible(rowA.getByRole('cell', { name: '$1,900.00' }));

    await newTable().getByRole('button', { name: `Remove ${TRIP_B}` }).click();
    await newTable().getByRole('row').filter({ hasText: TRIP_B }).waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Import Loads' }).click();
    await toast(page, '2 loads imported successfully');
    await visible(existingTable().getByRole('row').filter({ hasText: TRIP_A }));
    await visible(existingTable().getByRole('row').filter({ hasText: TRIP_C }));
    // The removed trip was not imported: it is still new.
    await visible(newTable().getByRole('row').filter({ hasText: TRIP_B }));
    await dismissToasts(page);
  });

  it('imports the week’s invoice and reads the comparison', async () => {
    await page.goto('/app/accounting/payment-import');
    await visible(page.getByRole('heading', { name: 'Invoice Import' }));
    await chooseWeek(page);
    // The file is previewed first (counts, reasons, the pay-period question), then confirmed.
    await page.getByLabel('File to import').setInputFiles({ name: 'payment-details.csv', mimeType: 'text/csv', buffer: Buffer.from(INVOICE) });
    const confirm = page.getByRole('button', { name: 'Confirm import' });
    await visible(confirm);
    await visible(page.getByRole('list', { name: 'Counts' }));
    const question = page.getByLabel('Import these dates for this week');
    if (await question.count()) await question.check();
    await confirm.click();
    await toast(page, 'Invoice Imported Successfully');
    // The import is in the history (folded until asked for), where it can be undone.
    await page.getByRole('button', { name: /^Import history/ }).click();
    await visible(page.getByRole('table', { name: 'Import history' }).getByRole('row').filter({ hasText: 'payment-details.csv' }));
    await visible(page.getByRole('button', { name: 'Undo import of payment-details.csv' }));
    const missingInBoard = page.getByRole('table', { name: 'Invoiced loads missing in Board' });
    await visible(missingInBoard.getByRole('row').filter({ hasText: TRIP_B }));
    // The repeated line counts once.
    expect(await missingInBoard.getByRole('row').filter({ hasText: TRIP_B }).getByRole('cell').allTextContents()).toEqual(
      expect.arrayContaining(['$1,400.00']),
    );
    const differences = page.getByRole('table', { name: 'Pay differences' });
    expect(await differences.getByRole('row').filter({ hasText: TRIP_A }).getByRole('cell').allTextContents()).toEqual(
      expect.arrayContaining(['$1,835.35', '$1,900.00', '-$64.65']),
    );
    const missingInInvoice = page.getByRole('table', { name: 'Loads Missing in Invoice' });
    await visible(missingInInvoice.getByRole('row').filter({ hasText: TRIP_C }));
    await visible(page.getByRole('table', { name: 'Disputes and adjustments' }).getByRole('row').filter({ hasText: 'Late arrival' }));

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^invoice-check-2025-week-\d+\.csv$/);
  });
});

const VARIANTS = SHOT_VARIANTS;

describe.each(VARIANTS)('reconcile screenshots at $width px, $theme', ({ width, theme }) => {
  const b = useBrowser();
  it('the load import and the invoice comparison', async () => {
    const context = await b.newContext({ width, theme, colorScheme: theme });
    try {
      const page = await context.newPage();
      await signIn(page, DEMO.admin);
      await page.goto('/app/accounting/load-import');
      await visible(page.getByRole('heading', { name: 'Load Import' }));
      await chooseWeek(page);
      await pick(page, page, 'Read from', 'Uploaded file');
      await page.getByRole('button', { name: 'Search' }).click();
      await visible(page.getByRole('table', { name: 'Existing Loads' }).getByRole('row').filter({ hasText: TRIP_A }));
      await shoot(page, 'load-import');
      await page.goto('/app/accounting/payment-import');
      await visible(page.getByRole('heading', { name: 'Invoice Import' }));
      await chooseWeek(page);
      await visible(page.getByRole('table', { name: 'Pay differences' }).getByRole('row').filter({ hasText: TRIP_A }));
      await shoot(page, 'invoice-import');
    } finally {
      await context.close();
    }
  });
});
