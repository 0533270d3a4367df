import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { APP_HEADERS, DEMO, describeFindings, dismissToasts, pick, readMenu, SHOT_VARIANTS, selectedText, seriousA11yViolations, shootPage, shootScreen, signIn, text, toast, useBrowser, visible } from '../support';

/**
 * Issues #11 and #12, the web parts: an administrator stores a board session on Cookie
 * Administration and deletes it after the spec's confirmation; places a load order from Dallas
 * (found by typing 'dall'), sees it among the active orders with its timeline, cancels it and finds
 * it in the history. A driver has neither page. Screenshots at 1280 and 390 px, light and dark.
 */

const COOKIE_PATH = '/app/relay/cookie-admin';
const DASHBOARD_PATH = '/app/relay/search-dashboard';
const stamp = Date.now().toString(36).slice(-5);

/** A board session as long as a real one: the table shows its first 100 characters. */
const COOKIE = `session-id=133-${stamp}; ubid-main=131-7788; at-main=Atza|IwEBI${'x9Q'.repeat(60)}; sess-at-main="${'k'.repeat(40)}"`;
const TOKEN = `g${'Ab3'.repeat(30)}=`;

type TOrder = { loadOrderId: number; loadOrderStatusId: number; state: string };
async function ordersOf(page: Page): Promise<TOrder[]> {
  const res = await page.request.get('/api/LoadOrder');
  expect(res.ok()).toBe(true);
  return res.json();
}

describe('an administrator works the relay pages', () => {
  const b = useBrowser();
  const contexts: BrowserContext[] = [];
  afterAll(async () => {
    for (const c of contexts) await c.close();
  });
  let page: Page;
  const source = `E2E Chrome ${stamp}`;
  const cookieRow = () => page.getByRole('table', { name: 'Cookies' }).getByRole('row').filter({ hasText: source });

  it('has both pages in the menu, Cookie Administration in the System group', async () => {
    const context = await b.newContext();
    contexts.push(context);
    page = await context.newPage();
    await signIn(page, DEMO.admin);
    const menu = await readMenu(page);
    expect(menu).toEqual(expect.arrayContaining([
      { label: 'Cookie Administration', path: COOKIE_PATH },
      { label: 'Search Dashboard', path: DASHBOARD_PATH },
    ]));
  });

  it('adds a cookie with the spec’s messages and sees its first 100 characters, the token’s first 50', async () => {
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Cookie Administration' }).click();
    await visible(page.getByRole('heading', { name: 'Cookie Administration' }));
    await page.getByRole('button', { name: 'Add cookie' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add cookie' });
    await visible(dialog);
    const field = (name: RegExp) => dialog.getByRole('textbox', { name });
    const [cookie, token, from] = [field(/^Cookie\s*\*?$/), field(/^CSRF token/), field(/^Cookie source/)];
    for (const f of [cookie, token, from]) {
      await f.click();
      await f.blur();
    }
    for (const message of ['Cookie is required', 'CsrfToken is required', 'Cookie Source is required']) await visible(dialog.getByText(message));
    expect(await dialog.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);

    await cookie.fill(COOKIE);
    await token.fill(TOKEN);
    await from.fill(source);
    await expect.poll(() => dialog.getByRole('button', { name: 'Save' }).isDisabled()).toBe(false);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Company Cookie updated successfully');
    await dialog.waitFor({ state: 'detached' });

    const cells = await (await visible(cookieRow())).getByRole('cell').allTextContents();
    // Checked against the (demo) board as it is saved: it refuses a made-up session at once.
    expect(cells).toEqual(expect.arrayContaining([COOKIE.slice(0, 100), TOKEN.slice(0, 50), source, 'NoExpired']));
    expect(cells.join(' ')).not.toContain(COOKIE.slice(0, 101));
    await dismissToasts(page);
  });

  it('deletes it after "Are you sure you want to delete cookie ID {id}"', async () => {
    const id = (await cookieRow().getByRole('cell').nth(1).textContent())?.trim();
    expect(id).toMatch(/^\d+$/);
    await cookieRow().getByRole('button', { name: `Delete cookie ID ${id}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete cookie' });
    await visible(confirm.getByText(`Are you sure you want to delete cookie ID ${id}`, { exact: true }));
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await toast(page, 'Company Cookie deleted successfully');
    await cookieRow().waitFor({ state: 'detached' });
    await dismissToasts(page);
  });

  let orderId = 0;

  it('places an order from Dallas found by typing "dall", after the spec’s confirmation', async () => {
    const before = new Set((await ordersOf(page)).map((o) => o.loadOrderId));
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Search Dashboard' }).click();
    await visible(page.getByRole('heading', { name: 'Search Dashboard' }));
    await page.getByRole('button', { name: 'Add order' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add order' });
    await visible(dialog);
    expect(await selectedText(dialog, 'Origin radius')).toBe('25 mi');
    expect(await selectedText(dialog, 'Order action')).toBe('Alert');

    await dialog.getByRole('button', { name: 'Choose origin' }).click();
    const where = page.getByRole('dialog', { name: 'Origin' });
    await visible(where);
    await where.getByRole('combobox', { name: /City/ }).pressSequentially('dall', { delay: 60 });
    await page.getByRole('option', { name: 'DALLAS, TX', exact: true }).click();
    await visible(where.getByText('DALLAS, TX', { exact: true }));
    await where.getByRole('button', { name: 'Done' }).click();
    await where.waitFor({ state: 'detached' });
    expect(await dialog.getByRole('textbox', { name: /^Origin\s*\*?$/ }).inputValue()).toBe('DALLAS, TX');

    await pick(page, dialog, 'Driver 1', /\S/);
    const driver = await selectedText(dialog, 'Driver 1');
    await dialog.getByRole('button', { name: 'Place order' }).click();
    const confirm = page.getByRole('dialog', { name: 'Place order' });
    await visible(confirm.getByText(`Are you sure you want to submit your order for ${driver}`, { exact: true }));
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await toast(page, 'Order placed successfully');
    await dialog.waitFor({ state: 'detached' });

    const placed = (await ordersOf(page)).filter((o) => !before.has(o.loadOrderId));
    expect(placed).toHaveLength(1);
    expect(placed[0]).toMatchObject({ loadOrderStatusId: 1 });
    orderId = placed[0].loadOrderId;
    await dismissToasts(page);
  });

  it('sees it among the active orders, with the state the server reports, and its timeline', async () => {
    const row = page.getByRole('table', { name: 'Active Orders' }).getByRole('row').filter({ has: page.getByRole('button', { name: `Timeline of order #${orderId}`, exact: true }) });
    await visible(row);
    const [state] = (await ordersOf(page)).filter((o) => o.loadOrderId === orderId).map((o) => o.state);
    const shown = (await row.textContent()) ?? '';
    expect(shown).toContain('DALLAS, TX (25 mi)');
    expect(shown.toLowerCase()).toContain(state);

    await row.getByRole('button', { name: `Timeline of order #${orderId}`, exact: true }).click();
    const timeline = page.getByRole('dialog', { name: `Timeline of order #${orderId}` });
    await visible(timeline.getByRole('listitem').filter({ hasText: 'Order placed' }));
    await timeline.getByRole('button', { name: 'Close' }).click();
    await timeline.waitFor({ state: 'detached' });
  });

  it('cancels it after confirming and finds it in the Order History', async () => {
    const activeRow = page.getByRole('table', { name: 'Active Orders' }).getByRole('row').filter({ has: page.getByRole('button', { name: `Timeline of order #${orderId}`, exact: true }) });
    await activeRow.getByRole('button', { name: `Cancel order #${orderId}`, exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Cancel order' });
    await visible(confirm.getByText(/Are you sure you want to cancel order/));
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await toast(page, 'Order cancelled successfully');
    await activeRow.waitFor({ state: 'detached' });

    const toggle = page.getByRole('button', { name: /^Order History \(\d+\)$/ });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await toggle.click();
    const historyRow = page.getByRole('table', { name: 'Order History' }).getByRole('row').filter({ has: page.getByRole('button', { name: `Timeline of order #${orderId}`, exact: true }) });
    await visible(historyRow);
    expect(await historyRow.textContent()).toContain('Cancelled');
    expect(await historyRow.getByRole('button', { name: /^Cancel order/ }).count()).toBe(0);
  });

  it('a driver has neither menu entry and no access to either page', async () => {
    const context = await b.newContext();
    contexts.push(context);
    const driver = await context.newPage();
    await signIn(driver, DEMO.driver);
    const paths = (await readMenu(driver)).map((e) => e.path);
    expect(paths).not.toContain(COOKIE_PATH);
    expect(paths).not.toContain(DASHBOARD_PATH);
    for (const path of [COOKIE_PATH, DASHBOARD_PATH]) {
      await driver.goto(path);
      await text(driver, 'You do not have access to this page');
    }
  });
});

const VARIANTS = SHOT_VARIANTS;

/** Something for the pictures to show: a stored session, an active order and one in history. */
async function ensureShowcase(page: Page) {
  const cookies = (await (await page.request.get('/api/CookieAdmin')).json()) as unknown[];
  if (!cookies.length) {
    const res = await page.request.post('/api/CookieAdmin', { headers: APP_HEADERS, data: { companyCookieId: 0, cookie: COOKIE, csrfToken: TOKEN, cookieSource: 'Chrome on the dispatch laptop' } });
    expect(res.ok()).toBe(true);
  }
  const orders = await ordersOf(page);
  if (!orders.some((o) => o.loadOrderStatusId === 1)) {
    const drivers = (await (await page.request.get('/api/LoadOrder/GetCompanyDrivers')).json()) as { value: number }[];
    const res = await page.request.post('/api/LoadOrder/PlaceOrder', {
      headers: APP_HEADERS,
      data: {
        origin: { label: 'CHICAGO, IL', latitude: 41.8781, longitude: -87.6298 },
        destination: [
          { label: 'MEMPHIS, TN', latitude: 35.1495, longitude: -90.049 },
          { label: 'ATLANTA, GA', latitude: 33.749, longitude: -84.388 },
        ],
        driver1: drivers[0].value,
        driver2: drivers[1]?.value ?? null,
        orderActionType: 2,
        ppm: 2.5,
        payout: 900,
      },
    });
    expect(res.ok()).toBe(true);
  }
}

describe.each(VARIANTS)('relay screenshots at $width px, $theme', ({ width, theme }) => {
  const b = useBrowser();
  it('cookie administration, the search dashboard and its dialogs', async () => {
    const context = await b.newContext({ width, theme, colorScheme: theme });
    // axe (WCAG 2.1 AA): no serious or critical problem, checked once per theme on the wide screen.
    const check = async (page: Page) => {
      if (width !== 1280) return;
      const findings = await seriousA11yViolations(page);
      expect(findings, describeFindings(findings)).toEqual([]);
    };
    try {
      const page = await context.newPage();
      await signIn(page, DEMO.admin);
      await ensureShowcase(page);

      await page.goto(COOKIE_PATH);
      await visible(page.getByRole('table', { name: 'Cookies' }).getByRole('row').nth(1));
      await shootPage(page, 'cookie-admin');
      await check(page);
      await page.getByRole('button', { name: 'Add cookie' }).click();
      await visible(page.getByRole('dialog', { name: 'Add cookie' }));
      await shootScreen(page, 'cookie-dialog');
      await check(page);

      await page.goto(DASHBOARD_PATH);
      await visible(page.getByRole('table', { name: 'Active Orders' }).getByRole('row').nth(1));
      await page.getByRole('button', { name: /^Order History/ }).click();
      await visible(page.getByRole('table', { name: 'Order History' }));
      await shootPage(page, 'search-dashboard');
      await check(page);

      await page.getByRole('table', { name: 'Active Orders' }).getByRole('button', { name: /^Timeline of order/ }).first().click();
      await visible(page.getByRole('dialog', { name: /^Timeline of order/ }).getByRole('listitem').first());
      await shootScreen(page, 'order-timeline');
      await page.getByRole('dialog', { name: /^Timeline of order/ }).getByRole('button', { name: 'Close' }).click();

      await page.getByRole('table', { name: 'Active Orders' }).getByRole('button', { name: /^Edit order/ }).first().click();
      const dialog = page.getByRole('dialog', { name: /^Edit order/ });
      await visible(dialog);
      await shootScreen(page, 'order-dialog');
      await check(page);
      await dialog.locator('.MuiDialogContent-root').evaluate((el) => {
        el.scrollTop = el.scrollHeight;
      });
      await shootScreen(page, 'order-dialog-end');
      await dialog.locator('.MuiDialogContent-root').evaluate((el) => {
        el.scrollTop = 0;
      });
      await dialog.getByRole('button', { name: 'Choose destinations' }).click();
      const where = page.getByRole('dialog', { name: 'Destinations' });
      await where.getByRole('combobox', { name: /City/ }).pressSequentially('dall', { delay: 40 });
      await visible(page.getByRole('option', { name: 'DALLAS, TX', exact: true }));
      await shootScreen(page, 'location-dialog');
    } finally {
      await context.close();
    }
  });
});
