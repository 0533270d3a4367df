import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { networkQuiet } from './network';

export const screenshotsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../test-results/screenshots');

/** The theme the page shows: the app's stored choice, else what the browser prefers. */
export function themeOf(page: Page): Promise<'light' | 'dark'> {
  return page.evaluate(() => {
    const stored = window.localStorage.getItem('theme');
    if (stored === 'light' || stored === 'dark') return stored;
    return window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
  });
}

/**
 * Saves a full-page screenshot to e2e/test-results/screenshots/<name>-<width>-<theme>.png once
 * animations and fonts have settled. Returns the file's path.
 */
export async function shoot(page: Page, name: string) {
  const width = page.viewportSize()?.width ?? 0;
  const theme = await themeOf(page);
  fs.mkdirSync(screenshotsDir, { recursive: true });
  const file = path.join(screenshotsDir, `${name}-${width}-${theme}.png`);
  await networkQuiet(page);
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: file, fullPage: true, animations: 'disabled', caret: 'hide' });
  return file;
}

/**
 * The widths and themes each page's pictures and axe checks are taken in: a laptop in the light theme
 * and a phone in the dark one, so every width and every theme is seen in half the sweeps.
 * E2E_ALL_VARIANTS=1 takes all four (both widths in both themes).
 */
export const SHOT_VARIANTS: { width: number; theme: 'light' | 'dark' }[] = process.env.E2E_ALL_VARIANTS
  ? [1280, 390].flatMap((width) => (['light', 'dark'] as const).map((theme) => ({ width, theme })))
  : [
      { width: 1280, theme: 'light' },
      { width: 390, theme: 'dark' },
    ];
