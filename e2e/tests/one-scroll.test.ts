import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO, networkQuiet, openBoard, signIn, useBrowser, visible } from '../support';

/**
 * Issue #8 item 10: one scroll per page. At 1280 × 800 a page built around a table is exactly the
 * window's height and the table takes the height left under its header and filters: the document
 * does not scroll, the table does, and no table is wider than its box.
 */

type TLayout = { page: { scrollHeight: number; innerHeight: number; scrollWidth: number; innerWidth: number }; table: { scrollWidth: number; clientWidth: number; height: number; rowsInView: number } };

/** The page's and its main table's sizes, and how many body rows the table shows whole. */
function layoutOf(page: Page, tableName: string): Promise<TLayout> {
  return page.evaluate((name) => {
    const table = document.querySelector(`table[aria-label="${name}"]`);
    const box = table?.closest('.MuiTableContainer-root');
    if (!table || !box) throw new Error(`no table ${name}`);
    const view = box.getBoundingClientRect();
    const head = table.querySelector('thead')?.getBoundingClientRect().bottom ?? view.top;
    const rowsInView = [...table.querySelectorAll('tbody tr:not([data-spacer])')].filter((row) => {
      const r = row.getBoundingClientRect();
      return r.height > 0 && r.top >= head - 1 && r.bottom <= view.bottom + 1;
    }).length;
    const doc = document.scrollingElement ?? document.documentElement;
    return {
      page: { scrollHeight: doc.scrollHeight, innerHeight: window.innerHeight, scrollWidth: doc.scrollWidth, innerWidth: window.innerWidth },
      table: { scrollWidth: box.scrollWidth, clientWidth: box.clientWidth, height: Math.round(view.height), rowsInView },
    };
  }, tableName);
}

/** The pages whose table fills the window at desktop widths: their address and their table's name. */
const TABLE_PAGES: [path: string, table: string][] = [
  ['/app/load-history', 'Load history'],
  ['/app/user-admin', 'Users'],
  ['/app/broker-admin', 'Brokers'],
  ['/app/accounting/expenses', 'Expenses'],
  ['/app/relay/cookie-admin', 'Cookies'],
  ['/app/relay/loadsearch', 'Available loads'],
  ['/app/accounting/fuel-import', 'Fuel lines'],
  ['/app/accounting/iftamiles-import', 'IFTA miles'],
];

describe('one scroll per page at 1280 × 800', () => {
  const b = useBrowser();
  let page: Page;
  afterAll(async () => {
    await page?.context().close();
  });

  const expectOneScroll = (layout: TLayout, where: string) => {
    expect(layout.table.scrollWidth, `${where}: the table is no wider than its box`).toBeLessThanOrEqual(layout.table.clientWidth);
    expect(layout.page.scrollWidth, `${where}: the page does not scroll sideways`).toBeLessThanOrEqual(layout.page.innerWidth);
    expect(layout.page.scrollHeight, `${where}: the page does not scroll, only its table`).toBeLessThanOrEqual(layout.page.innerHeight + 1);
  };

  it('the board fills the window below its filters and shows far more than eight loads', async () => {
    page = await (await b.newContext({ width: 1280, theme: 'light' })).newPage();
    await signIn(page, DEMO.admin);
    await openBoard(page);
    await visible(page.getByRole('table', { name: 'Loads' }).locator('tbody tr:not([data-spacer])').first());
    const layout = await layoutOf(page, 'Loads');
    expectOneScroll(layout, 'load board');
    expect(layout.table.rowsInView, `rows shown in a ${layout.table.height} px table`).toBeGreaterThanOrEqual(10);

    // The table scrolls itself: its last rows are reached inside it, the page stays put.
    const scrolled = await page.evaluate(() => {
      const box = document.querySelector('table[aria-label="Loads"]')!.closest('.MuiTableContainer-root')!;
      box.scrollTop = box.scrollHeight;
      return { table: box.scrollTop, page: window.scrollY };
    });
    expect(scrolled.table).toBeGreaterThan(0);
    expect(scrolled.page).toBe(0);
  });

  it.each(TABLE_PAGES)('%s: the table takes the height it has, the page does not scroll', async (path, table) => {
    await page.goto(path);
    await visible(page.getByRole('table', { name: table }));
    await networkQuiet(page);
    const layout = await layoutOf(page, table);
    expectOneScroll(layout, path);
    // Either every row shows, or the page reaches down to the window's bottom (less its padding): a
    // long table takes the height it has, not a fixed box.
    const fit = await page.evaluate((name) => {
      const box = document.querySelector(`table[aria-label="${name}"]`)!.closest('.MuiTableContainer-root')!;
      return { allRowsShown: box.scrollHeight <= box.clientHeight, bottom: document.querySelector('main')!.lastElementChild!.getBoundingClientRect().bottom };
    }, table);
    if (!fit.allRowsShown) expect(fit.bottom).toBeGreaterThan(800 - 30);
  });

  it('a phone keeps the page scroll, and nothing is wider than the screen', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/app/user-admin');
    await visible(page.getByRole('table', { name: 'Users' }));
    await networkQuiet(page);
    const layout = await layoutOf(page, 'Users');
    expect(layout.page.scrollWidth).toBeLessThanOrEqual(layout.page.innerWidth);
  });
});
