import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { browserToday, DEMO, describeFindings, lookup, pick, SHOT_VARIANTS, seriousA11yViolations, shootPage, signIn, type TWeek, text, useBrowser, visible, weekOn } from '../support';

/**
 * Issue #10, driver dashboard: a dispatcher picks a driver and a week and sees the figure cards,
 * the executed loads (numbers linking to the board), the expenses and the fuel; a team load shows
 * the teammate and the driver's share; a driver sees their own figures with no driver filter, no
 * company gross and no links. Screenshots at 1280 and 390 px, light and dark.
 */

const addDays = (day: string, days: number) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

/** '$1,234.56' or '-$1,234.56' in cents, read from the digits. */
const cents = (money: string) => {
  const m = /^(-?)\$([\d,]+)\.(\d{2})$/.exec(money.trim());
  if (!m) throw new Error(`Not money: ${money}`);
  const value = Number(m[2].replace(/,/g, '')) * 100 + Number(m[3]);
  return m[1] ? -value : value;
};

const filters = (page: Page) => page.getByRole('search', { name: 'Dashboard filters' });
const figure = async (page: Page, label: string) => ((await page.getByRole('region', { name: label, exact: true }).getByTestId('figure').textContent()) ?? '').trim();
const loadsTable = (page: Page) => page.getByRole('table', { name: 'Executed loads' });

/** Last week: the most recent full week, with delivered loads and last week's reimbursement in the demo. */
async function lastWeek(page: Page): Promise<TWeek> {
  return weekOn(page, addDays(await browserToday(page), -7));
}

/** Picks the work year and week in the filters, and the driver when one is given, then Search. */
async function searchFor(page: Page, week: TWeek, driver?: RegExp) {
  const form = filters(page);
  await visible(form);
  if (driver) await pick(page, form, 'Driver', driver);
  const year = week.startDate.slice(0, 4);
  if (!((await form.getByRole('combobox', { name: /^Work year/ }).textContent()) ?? '').includes(year)) await pick(page, form, 'Work year', year);
  await pick(page, form, 'Week', week.label);
  await form.getByRole('button', { name: 'Search' }).click();
  await page.waitForURL((url) => url.searchParams.get('weekId') === String(week.weekId));
}

async function settled(page: Page) {
  await page.locator('[aria-busy="true"]').first().waitFor({ state: 'detached' }).catch(() => {});
}

async function expectNetAddsUp(page: Page) {
  const [gross, additions, expense, fuel, fee, net] = await Promise.all(
    ['Total Gross', 'Additions', 'Total Expense', 'Total Fuel', 'Administration Fee', 'NET'].map(async (label) => cents(await figure(page, label))),
  );
  expect(net).toBe(gross + additions - expense - fuel - fee);
}

describe('the driver dashboard', () => {
  const b = useBrowser();
  const contexts: BrowserContext[] = [];
  afterAll(async () => {
    for (const c of contexts) await c.close();
  });

  it('a dispatcher picks a driver and a week and sees the cards, the loads and the expenses', async () => {
    const context = await b.newContext();
    contexts.push(context);
    const page = await context.newPage();
    await signIn(page, DEMO.dispatcher);
    await page.goto('/app/dashboard-driver');
    await text(page, /Choose a driver in the filters/);
    expect(cents(await figure(page, 'Company gross'))).toBeGreaterThanOrEqual(0);

    const week = await lastWeek(page);
    await searchFor(page, week, /Sam Carter/);
    await text(page, 'Sam Carter · Unit 101');
    await text(page, week.label);
    await settled(page);
    await expectNetAddsUp(page);
    expect(await figure(page, 'Administration Fee')).toBe('$150.00');
    await text(page, '$150.00 per week × 1 week');

    const rows = loadsTable(page).getByRole('row');
    await visible(rows.nth(1));
    const link = loadsTable(page).getByRole('link').first();
    const loadNumber = ((await link.textContent()) ?? '').trim();
    expect(await link.getAttribute('href')).toBe(`/app/loadboard/${loadNumber}`);
    const gross = cents(await figure(page, 'Total Gross'));
    expect(gross).toBeGreaterThan(0);

    const toll = page.getByRole('table', { name: 'Expenses' }).getByRole('row').filter({ hasText: 'Toll reimbursement, I-35 PikePass' });
    await visible(toll);
    expect(await toll.textContent()).toContain('+$48.75');
    expect(await figure(page, 'Additions')).toBe('$48.75');

    // The load number opens that load on the board.
    await link.click();
    await page.waitForURL((url) => url.pathname === '/app/loadboard' && url.searchParams.get('loadNumber') === loadNumber);
  });

  it('a team load shows the teammate, the driver’s share and the whole payout', async () => {
    const context = await b.newContext();
    contexts.push(context);
    const page = await context.newPage();
    await signIn(page, DEMO.dispatcher);
    const today = await browserToday(page);
    const drivers = await lookup(page, 'GetCompanyDrivers');
    // The demo puts a team on the road every fifth week: find one in the last weeks.
    let found: { week: TWeek; driver: { label: string; value: number }; loadNumber: string; teammate: string } | null = null;
    for (let back = 1; back <= 6 && !found; back++) {
      const week = await weekOn(page, addDays(today, -7 * back));
      for (const driver of drivers) {
        const res = await page.request.get(`/api/DriverDashboard/GetDriversGrossIncome?week=${week.weekId}&driverId=${driver.value}`);
        const body = (await res.json()) as { driverLoadList: { loadNumber: string; teammate: string | null }[] };
        const team = body.driverLoadList.find((l) => l.teammate);
        if (team) {
          found = { week, driver, loadNumber: team.loadNumber, teammate: team.teammate! };
          break;
        }
      }
    }
    expect(found, 'a team load in the last six weeks of demo data').not.toBeNull();
    const { week, driver, loadNumber, teammate } = found!;
    await page.goto('/app/dashboard-driver');
    await searchFor(page, week, new RegExp(driver.label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
    const row = loadsTable(page).getByRole('row').filter({ hasText: loadNumber });
    await visible(row);
    const cells = await row.getByRole('cell').allTextContents();
    expect(cells.join(' ')).toContain(teammate);
    const headers = (await loadsTable(page).getByRole('columnheader').allTextContents()).map((h) => h.trim());
    const payout = cells[headers.indexOf('Payout')] ?? '';
    const m = /^(\$[\d,]+\.\d{2})of (\$[\d,]+\.\d{2})$/.exec(payout.trim());
    expect(m, `share and whole payout in "${payout}"`).not.toBeNull();
    const share = cents(m![1]);
    const whole = cents(m![2]);
    // Two drivers: half each, the odd cent to the first.
    expect(share === Math.ceil(whole / 2) || share === Math.floor(whole / 2)).toBe(true);
  });

  it('a driver sees their own figures: no driver filter, no company gross, load numbers not links', async () => {
    const context = await b.newContext();
    contexts.push(context);
    const page = await context.newPage();
    await signIn(page, DEMO.driver);
    await page.goto('/app/dashboard-driver');
    await text(page, 'Sam Carter · Unit 101');
    await searchFor(page, await lastWeek(page));
    await settled(page);
    expect(await filters(page).getByRole('combobox', { name: /^Driver/ }).count()).toBe(0);
    expect(await page.getByRole('region', { name: 'Company gross' }).count()).toBe(0);
    await visible(loadsTable(page).getByRole('row').nth(1));
    expect(await loadsTable(page).getByRole('link').count()).toBe(0);
    await expectNetAddsUp(page);
    // Another driver's id in the address changes nothing: the server answers with the driver's own figures.
    const url = new URL(page.url());
    url.searchParams.set('driverId', '1');
    await page.goto(url.toString());
    await text(page, 'Sam Carter · Unit 101');
  });
});

const VARIANTS = SHOT_VARIANTS;

describe.each(VARIANTS)('driver dashboard screenshots at $width px, $theme', ({ width, theme }) => {
  const b = useBrowser();
  it('a dispatcher looking at a driver’s last week (and axe finds no serious problem)', async () => {
    const context = await b.newContext({ width, theme, colorScheme: theme });
    try {
      const page = await context.newPage();
      await signIn(page, DEMO.dispatcher);
      await page.goto('/app/dashboard-driver');
      const week = await lastWeek(page);
      if (width < 769) await filters(page).getByRole('button', { name: /^Filters/ }).click();
      await searchFor(page, week, /Sam Carter/);
      await text(page, 'Sam Carter · Unit 101');
      await settled(page);
      const loads: Locator = width < 769 ? page.getByRole('list', { name: 'Executed loads' }).getByRole('article') : loadsTable(page).getByRole('row').nth(1);
      await visible(loads);
      await shootPage(page, 'driver-dashboard');
      const findings = await seriousA11yViolations(page);
      expect(findings, describeFindings(findings)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('the driver’s own view', async () => {
    const context = await b.newContext({ width, theme, colorScheme: theme });
    try {
      const page = await context.newPage();
      await signIn(page, DEMO.driver);
      await page.goto('/app/dashboard-driver');
      await text(page, 'Sam Carter · Unit 101');
      if (width < 769) await filters(page).getByRole('button', { name: /^Filters/ }).click();
      await searchFor(page, await lastWeek(page));
      await settled(page);
      await shootPage(page, 'driver-dashboard-own');
    } finally {
      await context.close();
    }
  });
});
