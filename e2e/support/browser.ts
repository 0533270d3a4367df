import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, type BrowserContext, chromium } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { trackRequests } from './network';
import { fileServerUrl } from './server';

export const failuresDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../test-results/failures');

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

// The machine has no network but the package registries: keep Chromium from trying to phone home.
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export type TTheme = 'light' | 'dark';

export type TContextOptions = {
  /** Viewport width in px; 390 is a phone, 1280 a laptop. */
  width?: number;
  /** What the browser reports for prefers-color-scheme. */
  colorScheme?: TTheme;
  /** The app's own theme, put under local-storage key `theme` before the first page loads. */
  theme?: TTheme;
};

/** The base URL of this test file's own server (support/server.ts). */
export function baseUrl() {
  return fileServerUrl();
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
}

/** One Chromium per test file, launched before its tests and closed after them. */
export function useBrowser() {
  const holder: { browser: Browser | null } = { browser: null };
  beforeAll(async () => {
    holder.browser = await launchBrowser();
  });
  // A failed test leaves a picture of every open page, to see what the person would have seen.
  afterEach(async (context) => {
    if (context.task.result?.state !== 'fail' || !holder.browser) return;
    const name = `${context.task.suite?.name ?? ''} ${context.task.name}`.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '').slice(0, 100);
    fs.mkdirSync(failuresDir, { recursive: true });
    let n = 0;
    for (const browserContext of holder.browser.contexts()) {
      for (const page of browserContext.pages()) {
        n += 1;
        await page.screenshot({ path: path.join(failuresDir, `${name}-${n}.png`), fullPage: true, timeout: 5_000 }).catch(() => {});
        fs.writeFileSync(path.join(failuresDir, `${name}-${n}.url.txt`), `${page.url()}\n`);
      }
    }
  });
  afterAll(async () => {
    await holder.browser?.close();
  });
  return {
    get browser() {
      if (!holder.browser) throw new Error('useBrowser(): the browser is not launched yet (call inside a test)');
      return holder.browser;
    },
    newContext: (options: TContextOptions = {}) => {
      if (!holder.browser) throw new Error('useBrowser(): the browser is not launched yet (call inside a test)');
      return newContext(holder.browser, options);
    },
  };
}

/** A fresh browser profile (own cookies and local storage) at the given width and theme. */
export async function newContext(browser: Browser, { width = 1280, colorScheme = 'light', theme }: TContextOptions = {}): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: baseUrl(),
    viewport: { width, height: width <= 768 ? 844 : 800 },
    deviceScaleFactor: 1,
    isMobile: false,
    hasTouch: width <= 768,
    colorScheme,
    // The app then skips its animations: pictures and contrast checks never catch a fade half-way.
    reducedMotion: 'reduce',
    // A service worker serving a cached shell would make runs depend on earlier pages.
    serviceWorkers: 'block',
    locale: 'en-US',
    timezoneId: 'America/Chicago',
  });
  context.setDefaultTimeout(20_000);
  context.setDefaultNavigationTimeout(30_000);
  trackRequests(context);
  if (theme) {
    // Only when nothing is stored yet, so a theme the app saves later survives reloads.
    await context.addInitScript((value) => {
      try {
        if (!window.localStorage.getItem('theme')) window.localStorage.setItem('theme', value);
      } catch {
        // Pages without storage (about:blank) ignore the theme.
      }
    }, theme);
  }
  return context;
}
