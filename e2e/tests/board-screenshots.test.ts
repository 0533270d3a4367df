import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO, openBoard, pick, SHOT_VARIANTS, selectBox, shootPage, shootScreen, shootWhole, signIn, text, useBrowser, visible, waitForPath } from '../support';

/**
 * Issue #3 proof: every board screen at 1280 and 390 px, light and dark, saved under
 * e2e/test-results/screenshots/<screen>-<width>-<theme>.png for people to look at. The
 * administrator holds every page, so one signed-in page per variant goes round them all.
 */
const VARIANTS = SHOT_VARIANTS;

describe.each(VARIANTS)('board screenshots at $width px, $theme', ({ width, theme }) => {
  const b = useBrowser();
  const contexts: BrowserContext[] = [];
  afterAll(async () => {
    for (const c of contexts) await c.close();
  });
  let page: Page;
  const phone = width <= 768;

  it('load board: table, cards, the load dialog and the print view', async () => {
    const context = await b.newContext({ width, theme, colorScheme: theme });
    contexts.push(context);
    page = await context.newPage();
    await signIn(page, DEMO.admin);
    expect(await page.evaluate(() => window.localStorage.getItem('theme'))).toBe(theme);

    await openBoard(page);
    await visible(page.getByRole('button', { name: /^Edit load / }).first());
    // Phones open on the cards; the table is one click away.
    if (phone) {
      await visible(page.getByRole('article').first());
      await shootWhole(page, 'board-cards');
      await page.getByRole('button', { name: 'Table view' }).click();
    }
    const table = page.getByRole('table', { name: 'Loads' });
    await visible(table.getByRole('button', { name: /^Edit load / }).first());
    await shootPage(page, 'board-table');

    await table.getByRole('button', { name: /^Edit load / }).first().click();
    const dialog = page.getByRole('dialog', { name: /^Edit load / });
    await visible(selectBox(dialog, 'Broker').filter({ hasText: /\w/ }));
    await shootScreen(page, 'board-load-dialog');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Add Load' }).click();
    const add = page.getByRole('dialog', { name: 'Add load' });
    await visible(add);
    await add.locator('#load-loadNumber').click();
    await add.locator('#load-originCity').click();
    await add.locator('#load-destinationCity').click();
    await add.locator('#load-loadNumber').click();
    await visible(add.getByText('Field is required').first());
    await add.locator('#load-loadNumber').evaluate((el) => el.closest('[class*="MuiDialogContent"]')?.scrollTo(0, 0));
    await shootScreen(page, 'board-load-dialog-errors');
    await add.getByRole('button', { name: 'Cancel' }).click();
    await add.waitFor({ state: 'detached' });

    if (phone) {
      await page.getByRole('button', { name: /^Filters/ }).click();
      await visible(page.getByRole('textbox', { name: 'Load number' }));
      await page.waitForTimeout(400);
      await shootPage(page, 'board-filters-open');
    } else {
      await page.getByRole('button', { name: 'Card view' }).click();
      await visible(page.getByRole('article').first());
      await shootWhole(page, 'board-cards');
    }

    await page.getByRole('button', { name: 'Print' }).click();
    await waitForPath(page, '/app/accounting/weekly-printview');
    await visible(page.getByTestId('report-grand-total'));
    await shootPage(page, 'board-print-view');
  });

  it('broker admin and its dialog', async () => {
    await page.goto('/app/broker-admin');
    await visible(page.getByRole('table', { name: 'Brokers' }).getByRole('row').nth(1));
    await shootPage(page, 'broker-admin');
    await page.getByRole('button', { name: 'Add broker' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add broker' });
    await visible(dialog);
    await dialog.getByRole('textbox', { name: 'Broker name' }).click();
    await dialog.getByRole('textbox', { name: 'Address' }).click();
    await dialog.getByRole('textbox', { name: 'City' }).click();
    await visible(dialog.getByText('Brokers name is required'));
    await shootScreen(page, 'broker-admin-dialog');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('system admin: work weeks, service, roles & permissions', async () => {
    await page.goto('/app/system-admin');
    await text(page, /^5[23] weeks$/);
    await shootPage(page, 'system-admin-work-weeks');
    await page.getByRole('tab', { name: 'Service' }).click();
    await visible(page.getByRole('textbox', { name: 'Service Url' }));
    await shootPage(page, 'system-admin-service');
    await page.getByRole('tab', { name: 'Roles & Permissions' }).click();
    await visible(page.getByRole('table', { name: 'Permissions by role' }));
    await shootPage(page, 'system-admin-permissions');
  });

  it('load history with a search', async () => {
    await page.goto('/app/load-history');
    const search = page.getByRole('search', { name: 'Load history search' });
    await visible(page.getByRole('status').filter({ hasText: /loads? · payout/ }));
    await pick(page, search, 'Origin state', 'Texas');
    await search.getByRole('button', { name: 'Search' }).click();
    await page.locator('table[aria-busy="true"]').waitFor({ state: 'detached' });
    await visible(page.getByRole('table', { name: 'Load history' }).getByText(/, TX$/).first());
    await shootPage(page, 'load-history');
  });
});
