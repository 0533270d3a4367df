import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import {
  addLoadsViaApi,
  DEMO,
  loadsPage,
  lookup,
  openBoard,
  paginationLabel,
  pick,
  signIn,
  type TLoadBody,
  text,
  useBrowser,
  visible,
  workWeeks,
} from '../support';

/**
 * Issue #3 proof: 1000 rows per page render and scroll on the load board (the table is
 * virtualised, so this is checked by scrolling, not by counting DOM rows), and the load history
 * search by origin state and year.
 */
describe('a page of 1000 loads, and the load history search', () => {
  const b = useBrowser();
  const contexts: BrowserContext[] = [];
  afterAll(async () => {
    for (const c of contexts) await c.close();
  });

  let page: Page;
  const year = new Date().getFullYear();
  const wide = { startDate: `${year - 1}-01-01`, endDate: `${year + 1}-12-31` };
  const WANTED = 1_050;

  /** The load number in a row of the loads table (its first cell starts with it). */
  const numberIn = async (row: Locator) => ((await row.locator('td').first().locator('p').first().textContent()) ?? '').trim();

  it('the board shows 1000 rows per page over a wide date range, down to the last row', async () => {
    const context = await b.newContext();
    contexts.push(context);
    page = await context.newPage();
    await signIn(page, DEMO.dispatcher);

    // The demo has a few hundred loads: add plain ones in a week of next year until the range holds more than 1000.
    const before = await loadsPage(page, { ...wide, page: 0, pageSize: 10 });
    if (before.total < WANTED) {
      const [broker] = await lookup(page, 'GetBrokerList');
      const states = await lookup(page, 'GetStates');
      const stateId = (name: string) => states.find((s) => s.label === name)!.value;
      const week = (await workWeeks(page, year + 1))[9];
      const suffix = Date.now().toString(36).slice(-4).toUpperCase();
      const bodies: TLoadBody[] = Array.from({ length: WANTED - before.total }, (_, i) => ({
        loadNumber: `BULK-${suffix}-${String(i + 1).padStart(4, '0')}`,
        brokerId: broker.value,
        loadStartDate: `${week.startDate}T14:00:00.000Z`,
        loadEndDate: `${week.startDate}T23:00:00.000Z`,
        weekId: week.weekId,
        originStateId: stateId('Texas'),
        originCity: 'Amarillo',
        destinationStateId: stateId('New Mexico'),
        destinationCity: 'Albuquerque',
        tripLength: 287,
        numberOfStops: 2,
        pricePerMile: 2.4,
        payout: 688.8,
        loadStatusId: 1,
        loadDrivers: [],
      }));
      await addLoadsViaApi(page, bodies);
    }
    const expected = await loadsPage(page, { ...wide, page: 0, pageSize: 1000, sortBy: 'loadNumber', sortDir: 'asc' });
    expect(expected.total).toBeGreaterThanOrEqual(WANTED);
    const total = expected.total.toLocaleString('en-US');

    await openBoard(page, `weekId=0&startDate=${wide.startDate}&endDate=${wide.endDate}&sort=loadNumber.asc`);
    const table = page.getByRole('table', { name: 'Loads' });
    expect(await paginationLabel(page)).toBe(`1–100 of ${total}`);

    await page.getByLabel('Rows per page').selectOption('1000');
    await page.waitForURL((url) => url.searchParams.get('size') === '1000');
    await page.waitForFunction((label) => document.querySelector('.MuiTablePagination-displayedRows')?.textContent === label, `1–1,000 of ${total}`);
    await page.locator('table[aria-busy="true"]').waitFor({ state: 'detached' });
    const firstRow = table.locator('tbody tr[aria-rowindex="2"]');
    await visible(firstRow);
    expect(await numberIn(firstRow)).toBe(expected.rows[0].loadNumber);

    // Scrolling the table's box to the bottom brings the 1000th row into view.
    const box = table.locator('xpath=..');
    // Rows are measured as they appear, so the bottom can move: scroll on until it stays put, as a person would.
    for (let i = 0; i < 6; i++) {
      const atBottom = await box.evaluate((el) => {
        el.scrollTo({ top: el.scrollHeight });
        return el.scrollTop + el.clientHeight >= el.scrollHeight - 1;
      });
      await page.waitForTimeout(150);
      if (atBottom && (await box.evaluate((el) => el.scrollTop + el.clientHeight >= el.scrollHeight - 1))) break;
    }
    const lastRow = table.locator('tbody tr[aria-rowindex="1001"]');
    await visible(lastRow, 10_000);
    expect(await lastRow.isVisible()).toBe(true);
    expect(await numberIn(lastRow)).toBe(expected.rows[999].loadNumber);
    const rowBox = await lastRow.boundingBox();
    const viewBox = await box.boundingBox();
    expect(rowBox && viewBox && rowBox.y + rowBox.height <= viewBox.y + viewBox.height + 1).toBe(true);

    // Halfway down shows the rows around the 500th.
    await box.evaluate((el) => el.scrollTo({ top: el.scrollHeight / 2 }));
    const middle = table.locator('tbody tr[aria-rowindex="501"]');
    await visible(middle, 10_000);
    expect(await numberIn(middle)).toBe(expected.rows[499].loadNumber);

    // The next page holds the rest.
    await page.getByRole('button', { name: 'Go to next page' }).click();
    await page.waitForFunction(
      (label) => document.querySelector('.MuiTablePagination-displayedRows')?.textContent === label,
      `1,001–${total} of ${total}`,
    );
  });

  it('load history: a search by origin state and year lists that state’s loads', async () => {
    await page.goto('/app/load-history');
    const search = page.getByRole('search', { name: 'Load history search' });
    await visible(search);
    await pick(page, search, 'Work year', String(year));
    const status = page.getByRole('status').filter({ hasText: /loads? · payout/ });
    await visible(status);
    const everyState = (await status.textContent()) ?? '';
    await pick(page, search, 'Origin state', 'Texas');
    await search.getByRole('button', { name: 'Search' }).click();
    await visible(status.filter({ hasNotText: everyState }));
    await page.locator('table[aria-busy="true"]').waitFor({ state: 'detached' });
    const table = page.getByRole('table', { name: 'Load history' });
    const rows = table.locator('tbody tr:not([data-spacer])');
    await visible(rows.first().locator('td').nth(2));
    const count = await rows.count();
    expect(count).toBeGreaterThan(0);
    for (let i = 0; i < Math.min(count, 30); i++) {
      const origin = ((await rows.nth(i).locator('td').nth(2).textContent()) ?? '').trim();
      expect(origin).toMatch(/, TX$/);
    }
    const found = Number(((await status.textContent()) ?? '').split(' ')[0].replace(/,/g, ''));
    expect(found).toBeGreaterThan(0);
    // The status line and the table agree, and the bulk loads of next year are not among them.
    expect(await paginationLabel(page)).toMatch(new RegExp(`of ${found.toLocaleString('en-US')}$`));
    expect(await table.getByText(/^BULK-/).count()).toBe(0);

    // A state without loads finds nothing (the year select offers only years with work weeks).
    await pick(page, search, 'Origin state', 'Hawaii');
    await search.getByRole('button', { name: 'Search' }).click();
    await text(page, 'No loads match this search');
  });
});
