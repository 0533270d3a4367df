import fs from 'node:fs';
import { PDFParse } from 'pdf-parse';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { APP_HEADERS, browserToday, DEMO, describeFindings, dismissToasts, openBoard, pick, SHOT_VARIANTS, seriousA11yViolations, shootPage, shootScreen, signIn, type TWeek, text, toast, useBrowser, visible, weekOn } from '../support';

/**
 * Issue #10, weekly settlements: a dispatcher adds a recurring expense for a driver, opens the
 * dashboard for that driver and this week, opens the statement and downloads its PDF (its text
 * read back); the administrator closes the week, an edit of a load in it is refused with the
 * closed-week message, and the week is reopened. A driver sees their own statement of the last
 * full week (closed by the demo). Screenshots at 1280 and 390 px, light and dark.
 */

const addDays = (day: string, days: number) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

/** closedWeekReason of the web, as the locked dialogs show it. */
const closedReason = (w: TWeek) => `Week ${w.number} of ${w.startDate.slice(0, 4)} is closed for settlements, so this opens read-only.`;

const settlementsUrl = (week: TWeek, driverId?: number) =>
  `/app/accounting/settlements?year=${week.startDate.slice(0, 4)}&weekId=${week.weekId}${driverId ? `&driverId=${driverId}` : ''}`;

async function reopenIfClosed(page: Page, week: TWeek) {
  // The week's routes are write-level: like the app, these calls carry its header.
  const res = await page.request.get(`/api/Settlement/Week?weekId=${week.weekId}`, { headers: APP_HEADERS });
  if (res.ok() && ((await res.json()) as { isClosed: boolean }).isClosed) await page.request.post('/api/Settlement/ReopenWeek', { data: { weekId: week.weekId }, headers: APP_HEADERS });
}

describe('weekly settlements', () => {
  const b = useBrowser();
  const contexts: BrowserContext[] = [];
  let admin: Page | null = null;
  let thisWeek: TWeek | null = null;
  afterAll(async () => {
    // A failed run must not leave this week closed for the files after this one.
    if (admin && thisWeek) await reopenIfClosed(admin, thisWeek).catch(() => {});
    for (const c of contexts) await c.close();
  });
  const name = `E2E ELD fee ${Date.now().toString(36).slice(-5)}`;

  it('a dispatcher adds a weekly expense, sees it on the dashboard and in the statement, and downloads the PDF', async () => {
    const context = await b.newContext();
    contexts.push(context);
    const page = await context.newPage();
    await signIn(page, DEMO.dispatcher);
    const week = await weekOn(page, await browserToday(page));
    thisWeek = week;

    await page.goto('/app/accounting/expenses');
    await page.getByRole('button', { name: 'Add expense' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add expense' });
    await visible(dialog);
    await pick(page, dialog, 'Expense type', 'ELD');
    await dialog.getByRole('textbox', { name: 'Description' }).fill(name);
    await dialog.getByRole('textbox', { name: 'Amount' }).fill('42.37');
    await pick(page, dialog, 'Frequency', 'Weekly');
    await dialog.getByRole('spinbutton', { name: 'Occurrences' }).fill('3');
    await dialog.getByLabel('Start date').fill(week.startDate);
    await pick(page, dialog, 'Driver', /James Whitfield/);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Expense updated successfully');
    await dialog.waitFor({ state: 'detached' });

    // The dashboard for James Whitfield and this week lists it, with a Statement button.
    await page.goto('/app/dashboard-driver');
    const filters = page.getByRole('search', { name: 'Dashboard filters' });
    await visible(filters);
    await pick(page, filters, 'Driver', /James Whitfield/);
    await pick(page, filters, 'Week', week.label);
    await filters.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL((url) => url.searchParams.get('weekId') === String(week.weekId) && url.searchParams.has('driverId'));
    await visible(page.getByRole('table', { name: 'Expenses' }).getByRole('row').filter({ hasText: name }));
    await page.getByRole('link', { name: 'Statement' }).click();

    await page.waitForURL((url) => url.pathname === '/app/accounting/settlements' && url.searchParams.get('weekId') === String(week.weekId));
    const sheet = page.getByTestId('settlement-statement');
    await visible(sheet);
    await text(page, 'Draft statement');
    await visible(sheet.getByText('James Whitfield', { exact: true }));
    const line = sheet.getByRole('table', { name: 'Expenses' }).getByRole('row').filter({ hasText: name });
    await visible(line);
    expect(await line.textContent()).toContain('−$42.37');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download PDF' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^settlement-\d{4}-week-\d+-103\.pdf$/);
    const data = fs.readFileSync((await download.path())!);
    const pdf = (await new PDFParse({ data }).getText()).text;
    expect(pdf).toContain('James Whitfield');
    expect(pdf).toContain(name);
    expect(pdf).toContain('42.37');
    expect(pdf).toContain(`Week ${week.number}`);
    const net = ((await sheet.getByTestId('statement-net').textContent()) ?? '').trim();
    expect(pdf).toContain(net.replace(/^-/, '').replace(/^\$/, ''));
  });

  it('the administrator closes the week; a load edit in it is refused with the closed-week message; then reopens it', async () => {
    const context = await b.newContext();
    contexts.push(context);
    const page = await context.newPage();
    admin = page;
    await signIn(page, DEMO.admin);
    const week = thisWeek ?? (await weekOn(page, await browserToday(page)));

    await page.goto(settlementsUrl(week));
    await visible(page.getByRole('table', { name: 'Driver settlements' }).getByRole('row').filter({ hasText: 'James Whitfield' }));
    await visible(page.getByTestId('week-status').filter({ hasText: /^Open/ }));
    await page.getByRole('button', { name: 'Close week' }).click();
    const confirm = page.getByRole('dialog', { name: /^Close week/ });
    await visible(confirm);
    expect(await confirm.textContent()).toContain('freezes every driver');
    // This week has not ended: the checklist says so, and each open kind is confirmed before closing.
    const checklist = confirm.getByRole('list', { name: 'Before closing' });
    await visible(checklist.getByRole('listitem', { name: 'The week has not ended yet' }));
    for (const box of await confirm.getByRole('checkbox', { name: 'Close anyway' }).all()) await box.check();
    await confirm.getByRole('button', { name: 'Close with the confirmed items open' }).click();
    await toast(page, /^Week .* closed: \d+ statements? frozen$/);
    await visible(page.getByTestId('week-status').filter({ hasText: /^Closed by Alex Morgan on .* · revision 1$/ }));
    const row = page.getByRole('table', { name: 'Driver settlements' }).getByRole('row').filter({ hasText: 'James Whitfield' });
    expect(await row.textContent()).toMatch(/S-\d{6}/);
    await dismissToasts(page);

    // Any load of this week shows a lock and opens read-only, saying why.
    await openBoard(page);
    const first = page.getByRole('table', { name: 'Loads' }).getByRole('row').nth(1);
    await visible(first);
    const loadNumber = ((await first.locator('td').first().locator('p').first().textContent()) ?? '').trim();
    await first.getByRole('button', { name: `View load ${loadNumber} (its week is closed for settlements)` }).click();
    const dialog = page.getByRole('dialog', { name: `Load ${loadNumber}` });
    await visible(dialog.getByTestId('closed-week-lock').filter({ hasText: closedReason(week) }));
    expect(await dialog.getByRole('button', { name: 'Save' }).count()).toBe(0);
    await dialog.getByRole('button', { name: 'Close' }).click();

    await page.goto(settlementsUrl(week));
    await page.getByRole('button', { name: 'Reopen week' }).click();
    const again = page.getByRole('dialog', { name: /^Reopen week/ });
    await again.getByRole('button', { name: 'Confirm' }).click();
    await toast(page, /^Week .* reopened$/);
    await visible(page.getByTestId('week-status').filter({ hasText: /^Open · reopened by Alex Morgan/ }));
    await visible(page.getByRole('button', { name: 'Close week' }));
    await visible(page.getByRole('list', { name: 'Close and reopen history' }));
  });

  it('a driver opening the page sees their own statement of the last full week (closed in the demo)', async () => {
    const context = await b.newContext();
    contexts.push(context);
    const page = await context.newPage();
    await signIn(page, DEMO.driver);
    await page.goto('/app/accounting/settlements');
    const sheet = page.getByTestId('settlement-statement');
    await visible(sheet);
    await visible(sheet.getByText('Sam Carter', { exact: true }));
    expect((await sheet.getByTestId('statement-number').textContent()) ?? '').toMatch(/^Statement S-\d{6}/);
    const fuel = sheet.getByRole('table', { name: 'Fuel' });
    await visible(fuel.getByRole('row').filter({ hasText: 'DEF' }));
    await visible(fuel.getByRole('row').filter({ hasText: 'Cash advance' }).filter({ hasText: '−$200.00' }));
    expect(await page.getByRole('table', { name: 'Driver settlements' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Close week' }).count()).toBe(0);
  });
});

const VARIANTS = SHOT_VARIANTS;

describe.each(VARIANTS)('settlements screenshots at $width px, $theme', ({ width, theme }) => {
  const b = useBrowser();
  it('the closed last full week, its close dialog, and Sam Carter’s statement (axe finds no serious problem)', async () => {
    const context = await b.newContext({ width, theme, colorScheme: theme });
    try {
      const page = await context.newPage();
      await signIn(page, DEMO.admin);
      const lastWeek = await weekOn(page, addDays(await browserToday(page), -7));
      await page.goto(settlementsUrl(lastWeek));
      await visible(page.getByTestId('week-status').filter({ hasText: /^Closed/ }));
      await visible(page.getByText('Sam Carter', { exact: true }).first());
      await shootPage(page, 'settlements-week');
      const findings = await seriousA11yViolations(page);
      expect(findings, describeFindings(findings)).toEqual([]);

      const thisWeek = await weekOn(page, await browserToday(page));
      await page.goto(settlementsUrl(thisWeek));
      await page.getByRole('button', { name: 'Close week' }).click();
      await visible(page.getByRole('dialog', { name: /^Close week/ }));
      await shootScreen(page, 'settlements-close-dialog');
      await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();

      await page.goto(settlementsUrl(lastWeek));
      await page.getByText('Sam Carter', { exact: true }).first().click();
      await visible(page.getByTestId('settlement-statement'));
      await shootPage(page, 'settlements-statement');
      const more = await seriousA11yViolations(page);
      expect(more, describeFindings(more)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
