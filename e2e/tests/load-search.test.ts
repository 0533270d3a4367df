import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO, dismissToasts, SHOT_VARIANTS, shootPage, shootScreen, signIn, toast, useBrowser, visible } from '../support';

/**
 * Issue #11 load search, in the browser against the demo's simulated board: the administrator
 * refreshes cookies on the Service tab (the spec's confirmation, the counts as a toast), searches
 * this week's loads from Dallas found by typing 'dall', sees rows and opens one's stops.
 * Screenshots at 1280 and 390 px, light and dark.
 */

const VARIANTS = SHOT_VARIANTS;

async function refreshCookies(page: Page) {
  await page.goto('/app/system-admin?tab=service');
  await page.getByRole('button', { name: 'Refresh Cookies' }).click();
  const confirm = page.getByRole('dialog', { name: 'Refresh Cookies' });
  await visible(confirm.getByText('Are you sure you want to refresh Cookies?', { exact: true }));
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await toast(page, /^Cookies refreshed: \d+ checked, [1-9]\d* working/);
  await dismissToasts(page);
}

async function searchFromDallas(page: Page) {
  await page.goto('/app/relay/loadsearch');
  await visible(page.getByRole('heading', { name: 'Load Search' }));
  await page.getByRole('combobox', { name: /^Week/ }).click();
  const weeks = page.getByRole('listbox');
  await weeks.waitFor();
  // The current week: pickups on the simulated board are spread over the coming days.
  const today = new Date();
  const options = await weeks.getByRole('option').allTextContents();
  const fmt = (d: Date) => `${String(d.getMonth() + 1).padStart(2, '0')}/${String(d.getDate()).padStart(2, '0')}/${d.getFullYear()}`;
  const parse = (s: string) => new Date(`${s.slice(6, 10)}-${s.slice(0, 2)}-${s.slice(3, 5)}T00:00:00`);
  const current = options.find((o) => {
    const m = /\((\d\d\/\d\d\/\d{4}) - (\d\d\/\d\d\/\d{4})\)/.exec(o);
    return m && parse(m[1]) <= today && today < new Date(parse(m[2]).getTime() + 86_400_000);
  });
  expect(current, `a work week holding ${fmt(today)}`).toBeTruthy();
  await weeks.getByRole('option', { name: current!, exact: true }).click();
  await weeks.waitFor({ state: 'detached' });
  const city = page.getByRole('combobox', { name: /Origin city/ });
  await city.fill('dall');
  await page.getByRole('option', { name: 'DALLAS, TX' }).click();
  await page.getByRole('button', { name: 'Search' }).click();
  const table = page.getByRole('table', { name: 'Available loads' });
  await visible(table.getByRole('row').nth(1).filter({ hasText: '$' }));
  return table;
}

describe('an administrator searches the load board', () => {
  const b = useBrowser();
  it('refreshes cookies, finds loads from Dallas and opens one’s stops', async () => {
    const context = await b.newContext();
    try {
      const page = await context.newPage();
      await signIn(page, DEMO.admin);
      await refreshCookies(page);
      const table = await searchFromDallas(page);
      const first = table.getByRole('row').nth(1);
      // Within 50 miles of Dallas: Dallas itself, Fort Worth and the rest of the metroplex.
      expect(await first.textContent()).toMatch(/, TX → /);
      await first.click();
      const stops = page.getByRole('dialog', { name: /^Stops/ });
      await visible(stops.getByText(/^1\. Pickup · .*, TX \d{5}/));
      await visible(stops.getByText(/^2\. Drop-off/));
      await stops.getByRole('button', { name: 'Close' }).click();
    } finally {
      await context.close();
    }
  });
});

describe.each(VARIANTS)('load search screenshots at $width px, $theme', ({ width, theme }) => {
  const b = useBrowser();
  it('the results and the stops dialog', async () => {
    const context = await b.newContext({ width, theme, colorScheme: theme });
    try {
      const page = await context.newPage();
      await signIn(page, DEMO.admin);
      const table = await searchFromDallas(page);
      await shootPage(page, 'load-search');
      await table.getByRole('row').nth(1).click();
      await visible(page.getByRole('dialog', { name: /^Stops/ }));
      await shootScreen(page, 'load-search-stops');
    } finally {
      await context.close();
    }
  });
});
