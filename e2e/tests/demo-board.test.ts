import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO, pick, SHOT_VARIANTS, shoot, signIn, toast, useBrowser, visible, weekOn } from '../support';

/**
 * Issue #11's demo data, as a new user meets it: Demo Freight is connected to the simulated board,
 * whose trips and payments for the last full week differ from the load board on purpose. Load Import
 * (Search reads the board) shows the trip nobody entered; Invoice Import (Read from board) shows the
 * missing load, the short pay, the dispute and the loads paid next week.
 */

const DAY = 86_400_000;
/** The Monday of last week, in UTC: the last full work week. */
function lastFullWeekDay() {
  const today = new Date();
  const monday = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()) - ((today.getUTCDay() + 6) % 7) * DAY);
  return new Date(monday.getTime() - 7 * DAY + DAY).toISOString().slice(0, 10);
}

async function chooseLastWeek(page: Page) {
  const week = await weekOn(page, lastFullWeekDay());
  const [y, m, d] = week.startDate.split('-');
  await pick(page, page, 'Work year', y);
  await pick(page, page, 'Week', new RegExp(`\\(${m}/${d}/${y}`));
}

const rows = (page: Page, table: string) => page.getByRole('table', { name: table }).getByRole('row');

describe('a new user reconciles last week with the demo board', () => {
  const b = useBrowser();

  it('sees the trip nobody entered in Load Import, and the differences in Invoice Import', async () => {
    const context = await b.newContext();
    try {
      const page = await context.newPage();
      await signIn(page, DEMO.admin);
      await page.goto('/app/accounting/load-import');
      await visible(page.getByRole('heading', { name: 'Load Import' }));
      await chooseLastWeek(page);
      await page.getByRole('button', { name: 'Search' }).click();
      await visible(rows(page, 'Existing Loads').nth(1));
      // Header row plus the one trip the board has and the load board does not.
      expect(await rows(page, 'New Loads').count()).toBe(2);

      await page.goto('/app/accounting/payment-import');
      await visible(page.getByRole('heading', { name: 'Invoice Import' }));
      await chooseLastWeek(page);
      await page.getByRole('button', { name: 'Read from board' }).click();
      await toast(page, 'Invoice Imported Successfully');
      await visible(rows(page, 'Invoiced loads missing in Board').nth(1));
      expect(await rows(page, 'Invoiced loads missing in Board').count()).toBe(2);
      expect(await rows(page, 'Pay differences').count()).toBe(2);
      await visible(page.getByRole('heading', { name: 'Loads Missing in Invoice (0)' }));
      await visible(rows(page, 'Disputes and adjustments').filter({ hasText: 'Dispute: late arrival at delivery' }));
      expect(await rows(page, 'Paid next week').count()).toBeGreaterThan(1);
    } finally {
      await context.close();
    }
  });
});

const VARIANTS = SHOT_VARIANTS;

describe.each(VARIANTS)('demo board screenshots at $width px, $theme', ({ width, theme }) => {
  const b = useBrowser();
  it("last week's invoice read from the demo board", async () => {
    const context = await b.newContext({ width, theme, colorScheme: theme });
    try {
      const page = await context.newPage();
      await signIn(page, DEMO.admin);
      await page.goto('/app/accounting/payment-import');
      await visible(page.getByRole('heading', { name: 'Invoice Import' }));
      await chooseLastWeek(page);
      await visible(rows(page, 'Pay differences').nth(1));
      await shoot(page, 'demo-invoice-import');
    } finally {
      await context.close();
    }
  });
});
