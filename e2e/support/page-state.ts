import type { Locator, Page } from 'playwright-core';

/** Resolves when the path matches (playwright-core has no auto-waiting expect). */
export async function waitForPath(page: Page, path: string | RegExp, timeout = 20_000) {
  await page.waitForURL((url) => (typeof path === 'string' ? url.pathname === path : path.test(url.pathname)), { timeout });
  return new URL(page.url()).pathname;
}

export function pathOf(page: Page) {
  return new URL(page.url()).pathname;
}

/** Waits until the locator is visible and returns it, so a missing element fails with a clear timeout. */
export async function visible(locator: Locator, timeout = 20_000) {
  await locator.first().waitFor({ state: 'visible', timeout });
  return locator.first();
}

/** Waits until some text shows anywhere on the page. */
export function text(page: Page, value: string | RegExp, timeout = 20_000) {
  return visible(page.getByText(value), timeout);
}

export function localStorageOf(page: Page): Promise<Record<string, string>> {
  return page.evaluate(() => ({ ...window.localStorage }));
}
