import type { BrowserContext, Page, Request } from 'playwright-core';

/**
 * The requests each page has in flight, leaving out live event streams: the signed-in app keeps
 * one open (GET /api/LoadOrder/Events) for as long as the page lives, so Playwright's
 * 'networkidle' would never come for it.
 */
const inflight = new WeakMap<Page, Set<Request>>();

export function trackRequests(context: BrowserContext) {
  context.on('page', (page) => {
    const open = new Set<Request>();
    inflight.set(page, open);
    page.on('request', (r) => {
      if (r.resourceType() !== 'eventsource') open.add(r);
    });
    page.on('requestfinished', (r) => open.delete(r));
    page.on('requestfailed', (r) => open.delete(r));
  });
}

/** Like waitForLoadState('networkidle') (no request for 500 ms), with event streams not counted. Gives up quietly after `timeout`. */
export async function networkQuiet(page: Page, timeout = 15_000) {
  const open = inflight.get(page);
  if (!open) {
    await page.waitForLoadState('networkidle', { timeout }).catch(() => {});
    return;
  }
  await page.waitForLoadState('load', { timeout }).catch(() => {});
  const until = Date.now() + timeout;
  let quietSince = Date.now();
  while (Date.now() < until) {
    if (open.size) quietSince = Date.now();
    else if (Date.now() - quietSince >= 500) return;
    await new Promise((r) => setTimeout(r, 50));
  }
}
