import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { APP_HEADERS, DEMO, dismissToasts, pick, SHOT_VARIANTS, selectedText, shootPage, shootScreen, signIn, toast, useBrowser, visible } from '../support';

/**
 * Issue #12, pushed updates: a dispatcher places an Alert order from Dallas through the order
 * dialog and the location dialog (city search), sees it searching, and sees the engine's match
 * arrive pushed (server-sent events) as an alert on the dashboard and on another page; then the
 * timeline with the alert, cancel, and the order in history. The engine runs in the test server
 * against the demo's simulated board (Demo Freight is connected to it), so the match is real.
 * Screenshots at 1280 and 390 px, light and dark.
 */

const DASHBOARD_PATH = '/app/relay/search-dashboard';
/** The engine searches once a second per account and the board has Dallas loads over the coming week. */
const MATCH_WAIT_MS = 45_000;

type TOrder = { loadOrderId: number; loadOrderStatusId: number; state: string; matchesSeen: number };
async function ordersOf(page: Page): Promise<TOrder[]> {
  const res = await page.request.get('/api/LoadOrder');
  expect(res.ok()).toBe(true);
  return res.json();
}

const alertStack = (page: Page) => page.getByRole('region', { name: 'Load alerts' });
const alertsOf = (page: Page, orderId: number) => alertStack(page).getByRole('alert').filter({ has: page.getByRole('link', { name: `Order #${orderId}`, exact: true }) });
const activeRow = (page: Page, orderId: number) =>
  page.getByRole('table', { name: 'Active Orders' }).getByRole('row').filter({ has: page.getByRole('button', { name: `Timeline of order #${orderId}`, exact: true }) });

/** An Alert order from Dallas open to any pickup time, any rate and any stops: the board has matches for it. */
async function placeWideOrder(page: Page) {
  const drivers = (await (await page.request.get('/api/LoadOrder/GetCompanyDrivers')).json()) as { value: number }[];
  const res = await page.request.post('/api/LoadOrder/PlaceOrder', {
    headers: APP_HEADERS,
    data: { origin: { label: 'DALLAS, TX', latitude: 32.7767, longitude: -96.797 }, driver1: drivers[0].value, pickupTimeWithin: 0, ppm: 0, numberOfStops: 0, excludedStates: [] },
  });
  expect(res.ok()).toBe(true);
  return Math.max(...(await ordersOf(page)).map((o) => o.loadOrderId));
}

async function cancelViaApi(page: Page, orderId: number) {
  const res = await page.request.delete(`/api/LoadOrder?id=${orderId}`, { headers: APP_HEADERS });
  expect(res.ok()).toBe(true);
}

describe('a dispatcher sees an order search and its match arrive pushed', () => {
  const b = useBrowser();
  const contexts: BrowserContext[] = [];
  afterAll(async () => {
    for (const c of contexts) await c.close();
  });
  let page: Page;
  let orderId = 0;

  it('opens the dashboard live', async () => {
    const context = await b.newContext();
    contexts.push(context);
    page = await context.newPage();
    await signIn(page, DEMO.admin);
    await page.goto(DASHBOARD_PATH);
    await visible(page.getByRole('heading', { name: 'Search Dashboard' }));
    await visible(page.getByRole('status', { name: 'Updates: Live' }));
  });

  it('places an Alert order from Dallas through the order dialog and the location dialog', async () => {
    const before = new Set((await ordersOf(page)).map((o) => o.loadOrderId));
    await page.getByRole('button', { name: 'Add order' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add order' });
    await visible(dialog);
    expect(await selectedText(dialog, 'Order action')).toBe('Alert');

    await dialog.getByRole('button', { name: 'Choose origin' }).click();
    const where = page.getByRole('dialog', { name: 'Origin' });
    await visible(where);
    await where.getByRole('combobox', { name: /City/ }).pressSequentially('dall', { delay: 60 });
    await page.getByRole('option', { name: 'DALLAS, TX', exact: true }).click();
    await where.getByRole('button', { name: 'Done' }).click();
    await where.waitFor({ state: 'detached' });
    expect(await dialog.getByRole('textbox', { name: /^Origin\s*\*?$/ }).inputValue()).toBe('DALLAS, TX');

    await pick(page, dialog, 'Driver 1', /\S/);
    const driver = await selectedText(dialog, 'Driver 1');
    // Wide enough for the simulated board's Dallas loads: any pickup time, rate and number of stops.
    await dialog.getByRole('spinbutton', { name: /Pickup time within/ }).fill('0');
    await dialog.getByRole('spinbutton', { name: /Minimum rate per mile/ }).fill('0');
    await pick(page, dialog, 'Stops', 'Any');
    await dialog.getByRole('button', { name: 'Place order' }).click();
    const confirm = page.getByRole('dialog', { name: 'Place order' });
    await visible(confirm.getByText(`Are you sure you want to submit your order for ${driver}`, { exact: true }));
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await toast(page, 'Order placed successfully');
    await dialog.waitFor({ state: 'detached' });
    const placed = (await ordersOf(page)).filter((o) => !before.has(o.loadOrderId));
    expect(placed).toHaveLength(1);
    orderId = placed[0].loadOrderId;
    await dismissToasts(page);
  });

  it('shows it searching, then the match pushed as an alert with a link, once', async () => {
    const row = await visible(activeRow(page, orderId));
    expect((await row.textContent()) ?? '').toMatch(/Searching|Alerted/);
    const alert = await visible(alertsOf(page, orderId), MATCH_WAIT_MS);
    const shown = (await alert.textContent()) ?? '';
    expect(shown).toMatch(/(Match|\d+ matches) for/);
    expect(shown).toMatch(/DALLAS, TX|Dallas, TX/i);
    expect(await alert.getByRole('link', { name: /Find it in Load Search|Open on the board|View the match/ }).count()).toBe(1);
    // The row catches up with the engine's counters (pushed `orders`, or the 5-second poll).
    await expect.poll(async () => (await row.textContent()) ?? '', { timeout: 15_000 }).toMatch(/Last search .* [1-9]\d* match/);
    // Each match once: one alert per work opportunity on the timeline, and one card per order.
    expect(await alertsOf(page, orderId).count()).toBe(1);
    const timeline = (await (await page.request.get(`/api/LoadOrder/Timeline?id=${orderId}`)).json()) as { kind: string; workOpportunityId: string | null }[];
    const alerted = timeline.filter((e) => e.kind === 'alert');
    expect(alerted.length).toBeGreaterThan(0);
    expect(new Set(alerted.map((e) => e.workOpportunityId)).size).toBe(alerted.length);
  });

  it('lists the alert in the timeline, with the searches and matches', async () => {
    await activeRow(page, orderId).getByRole('button', { name: `Timeline of order #${orderId}`, exact: true }).click();
    const timeline = page.getByRole('dialog', { name: `Timeline of order #${orderId}` });
    await visible(timeline.getByRole('listitem').filter({ hasText: 'Order placed' }));
    await visible(timeline.getByRole('listitem').filter({ has: page.getByText('Alert', { exact: true }) }));
    await visible(timeline.getByRole('listitem').filter({ has: page.getByText('Search', { exact: true }) }));
    await timeline.getByRole('button', { name: 'Close' }).click();
    await timeline.waitFor({ state: 'detached' });
  });

  it('dismisses the alerts, cancels the order and finds it in the history', async () => {
    const dismissAll = alertStack(page).getByRole('button', { name: 'Dismiss all' });
    if (await dismissAll.count()) await dismissAll.click();
    else await alertStack(page).getByRole('button', { name: `Dismiss the matches for order #${orderId}` }).first().click();
    await alertStack(page).waitFor({ state: 'detached' });

    await activeRow(page, orderId).getByRole('button', { name: `Cancel order #${orderId}`, exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Cancel order' });
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await toast(page, 'Order cancelled successfully');
    await activeRow(page, orderId).waitFor({ state: 'detached' });
    await page.getByRole('button', { name: /^Order History \(\d+\)$/ }).click();
    const historyRow = page.getByRole('table', { name: 'Order History' }).getByRole('row').filter({ has: page.getByRole('button', { name: `Timeline of order #${orderId}`, exact: true }) });
    expect(await (await visible(historyRow)).textContent()).toContain('Cancelled');
    await dismissToasts(page);
  });

  it('shows a match on another page too (the app-wide listener)', async () => {
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Broker Admin' }).click();
    await visible(page.getByRole('heading', { name: /Broker/ }));
    const other = await placeWideOrder(page);
    try {
      await visible(alertsOf(page, other), MATCH_WAIT_MS);
      await alertsOf(page, other).first().getByRole('link', { name: `Order #${other}`, exact: true }).click();
      await visible(page.getByRole('heading', { name: 'Search Dashboard' }));
    } finally {
      await cancelViaApi(page, other);
    }
  });
});

const VARIANTS = SHOT_VARIANTS;

describe.each(VARIANTS)('live dashboard screenshots at $width px, $theme', ({ width, theme }) => {
  const b = useBrowser();
  it('the dashboard with a pushed alert, and the timeline', async () => {
    const context = await b.newContext({ width, theme, colorScheme: theme });
    const page = await context.newPage();
    let orderId = 0;
    try {
      await signIn(page, DEMO.admin);
      await page.goto(DASHBOARD_PATH);
      await visible(page.getByRole('status', { name: 'Updates: Live' }));
      orderId = await placeWideOrder(page);
      const alert: Locator = await visible(alertsOf(page, orderId), MATCH_WAIT_MS);
      await visible(activeRow(page, orderId));
      await alert.waitFor();
      await shootPage(page, 'search-dashboard-live');
      await activeRow(page, orderId).getByRole('button', { name: `Timeline of order #${orderId}`, exact: true }).click();
      await visible(page.getByRole('dialog', { name: `Timeline of order #${orderId}` }).getByRole('listitem').first());
      await shootScreen(page, 'order-timeline-live');
    } finally {
      if (orderId) await cancelViaApi(page, orderId).catch(() => {});
      await context.close();
    }
  });
});
