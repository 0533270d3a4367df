import fs from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import {
  DEMO,
  describeFindings,
  networkQuiet,
  newEmail,
  openBoard,
  openUserEditor,
  seriousA11yViolations,
  signIn,
  type TTheme,
  text,
  useBrowser,
  visible,
  waitForPath,
} from '../support';

/**
 * Issue #8 proof: axe (WCAG 2.1 AA) finds no serious or critical problem on any page of the router,
 * in the light and the dark theme. The pages come from the app's route table: a new route without
 * an entry in PAGES below fails the first test.
 */

const THEMES: TTheme[] = ['light', 'dark'];
type TRole = 'visitor' | 'newcomer' | 'applicant' | 'admin' | 'driver';
/** Runs axe on the page as it is now; `state` names what is shown (a dialog, a tab). */
type TCheck = (state?: string) => Promise<void>;
type TPageCheck =
  | { as: TRole; run: (page: Page, check: TCheck) => Promise<void> }
  /** A route that only sends on to another page. */
  | { redirectsTo: string }
  /** A page whose own browser test runs axe on it with its data, in the SHOT_VARIANTS (both themes, both widths). */
  | { checkedIn: string };

/** The page has its heading and nothing is loading any more. */
async function settled(page: Page, heading?: string | RegExp) {
  await visible(heading ? page.getByRole('heading', { level: 1, name: heading }) : page.getByRole('heading', { level: 1 }));
  await networkQuiet(page);
  await page
    .locator('[aria-busy="true"], [role="progressbar"]')
    .first()
    .waitFor({ state: 'detached', timeout: 10_000 })
    .catch(() => {});
}

const openPage = (path: string, heading?: string | RegExp) => async (page: Page, check: TCheck) => {
  await page.goto(path);
  await settled(page, heading);
  await check();
};

/** Shared between the board's entries: a load number the board lists this week. */
let boardLoad = '';

const PAGES: Record<string, TPageCheck> = {
  '/': { as: 'visitor', run: openPage('/') },
  '/login': {
    as: 'visitor',
    run: async (page, check) => {
      await page.goto('/login');
      await visible(page.getByRole('link', { name: 'Sign in' }).or(page.getByRole('button', { name: 'Sign in' })));
      await check();
      await page.goto('/login?error=access_denied');
      await visible(page.getByRole('alert'));
      await check('with a sign-in error');
    },
  },
  '/404': {
    as: 'visitor',
    run: async (page, check) => {
      await page.goto('/404');
      await text(page, "The page you are looking for isn't here");
      await check();
    },
  },
  '/register': {
    as: 'newcomer',
    run: async (page, check) => {
      await page.goto('/register');
      await visible(page.getByRole('button', { name: 'Register' }));
      await check();
      await page.getByRole('button', { name: 'Register' }).click();
      await visible(page.getByText('Field is required'));
      await check('with its messages');
    },
  },
  '/application-in-review': {
    as: 'applicant',
    run: async (page, check) => {
      await page.goto('/application-in-review');
      await text(page, /allow 2 days/i);
      await check();
    },
  },
  // Every demo role opens a page: /app and /app/home go on to the role's first page.
  '/app': { redirectsTo: '/app/loadboard' },
  '/app/home': { redirectsTo: '/app/loadboard' },
  '/app/loadboard': {
    as: 'admin',
    run: async (page, check) => {
      await openBoard(page);
      const table = page.getByRole('table', { name: 'Loads' });
      const first = table.locator('tbody tr:not([data-spacer])').first();
      await visible(first);
      boardLoad = ((await first.locator('td').first().locator('p, span').first().textContent()) ?? '').trim();
      await check('table view');
      await page.getByRole('button', { name: 'Card view' }).click();
      await visible(page.getByRole('article').first());
      await check('card view');
      await page.getByRole('button', { name: 'Table view' }).click();
      await visible(table);
      await page.getByRole('button', { name: 'Add Load' }).click();
      await visible(page.getByRole('dialog'));
      await networkQuiet(page);
      await check('add load dialog');
    },
  },
  // Opens the board with that load's dialog (a link from load history, an import, a search).
  '/app/loadboard/:loadNumber': {
    as: 'admin',
    run: async (page, check) => {
      expect(boardLoad, 'the board listed a load').not.toBe('');
      await page.goto(`/app/loadboard/${encodeURIComponent(boardLoad)}`);
      await visible(page.getByRole('dialog', { name: `Edit load ${boardLoad}` }));
      await networkQuiet(page);
      await check('edit load dialog');
    },
  },
  '/app/accounting/weekly-printview': {
    as: 'admin',
    run: async (page, check) => {
      await openBoard(page);
      await page.getByRole('button', { name: /print/i }).first().click();
      await waitForPath(page, '/app/accounting/weekly-printview');
      await visible(page.locator('.weekly-report-paper'));
      await networkQuiet(page);
      await check();
    },
  },
  '/app/dashboard-driver': { checkedIn: 'driver-dashboard.test.ts' },
  '/app/load-history': { as: 'admin', run: openPage('/app/load-history', 'Load History') },
  '/app/user-admin': {
    as: 'admin',
    run: async (page, check) => {
      await page.goto('/app/user-admin');
      await visible(page.getByRole('row').filter({ hasText: DEMO.dispatcher }));
      await settled(page);
      await check();
      await openUserEditor(page, DEMO.driver);
      await check('edit user dialog');
    },
  },
  '/app/broker-admin': {
    as: 'admin',
    run: async (page, check) => {
      await page.goto('/app/broker-admin');
      await settled(page, 'Broker Management');
      await visible(page.getByRole('table').locator('tbody tr').first());
      await check();
      await page.getByRole('button', { name: 'Add broker' }).click();
      await visible(page.getByRole('dialog'));
      await networkQuiet(page);
      await check('add broker dialog');
    },
  },
  '/app/system-admin': {
    as: 'admin',
    run: async (page, check) => {
      await page.goto('/app/system-admin');
      await settled(page, 'System Management');
      await check('Work Weeks tab');
      for (const [tab, name] of [
        ['service', 'Service'],
        ['permissions', 'Roles & Permissions'],
      ]) {
        await page.getByRole('tab', { name }).click();
        await page.waitForURL((url) => url.searchParams.get('tab') === tab);
        await settled(page);
        await check(`${name} tab`);
      }
    },
  },
  '/app/accounting/expenses': { as: 'admin', run: openPage('/app/accounting/expenses') },
  '/app/accounting/settlements': { checkedIn: 'settlements.test.ts' },
  '/app/accounting/load-import': { as: 'admin', run: openPage('/app/accounting/load-import') },
  '/app/accounting/payment-import': { as: 'admin', run: openPage('/app/accounting/payment-import') },
  '/app/accounting/fuel-import': { checkedIn: 'fuel.test.ts' },
  '/app/accounting/iftamiles-import': { checkedIn: 'fuel.test.ts' },
  '/app/accounting/ifta-report': { checkedIn: 'fuel.test.ts' },
  '/app/relay/search-dashboard': { checkedIn: 'relay.test.ts' },
  '/app/relay/cookie-admin': { checkedIn: 'relay.test.ts' },
  '/app/relay/loadsearch': { as: 'admin', run: openPage('/app/relay/loadsearch') },
};

/** The driver's own views: the board read-only, with a load open as text. */
const DRIVER_EXTRAS = async (page: Page, check: TCheck) => {
  await openBoard(page);
  const first = page.getByRole('table', { name: 'Loads' }).locator('tbody tr:not([data-spacer])').first();
  await visible(first);
  await check('/app/loadboard as a driver');
  await first.getByRole('button', { name: /^View load / }).click();
  await visible(page.getByRole('dialog', { name: /^Load / }));
  await networkQuiet(page);
  await check('/app/loadboard as a driver, a load open read-only');
};

const source = (file: string) => fs.readFileSync(new URL(`../../apps/web/src/${file}`, import.meta.url), 'utf8');

/** Every path the router declares: router.tsx's routes and app-pages.tsx's pages, with `paths.x` resolved. */
function routerPaths() {
  const table = Object.fromEntries([...source('lib/paths.ts').matchAll(/^\s+(\w+): '([^']+)',$/gm)].map((m) => [m[1], m[2]]));
  const resolve = (expr: string) => {
    const value = expr.startsWith('`') ? expr.slice(1, -1).replace(/\$\{paths\.(\w+)\}/g, (_m, key) => table[key]) : table[expr.slice('paths.'.length)];
    if (!value || value.includes('${')) throw new Error(`cannot read the route ${expr}`);
    return value;
  };
  const declared = [source('app/router.tsx'), source('app/app-pages.tsx')].flatMap((text) =>
    [...text.matchAll(/\bpath: (paths\.\w+|`[^`]+`|'\/[^']*')/g)].map((m) => (m[1].startsWith("'") ? m[1].slice(1, -1) : resolve(m[1]))),
  );
  return [...new Set(declared)].sort();
}

describe('axe on every page of the router, light and dark', () => {
  it('the pages checked are exactly the routes the router declares', () => {
    const routes = routerPaths();
    expect(routes.length).toBeGreaterThan(20);
    expect(Object.keys(PAGES).sort()).toEqual(routes);
    for (const [path, entry] of Object.entries(PAGES)) {
      if ('redirectsTo' in entry) expect(routes).toContain(entry.redirectsTo);
      if ('checkedIn' in entry) {
        const test = fs.readFileSync(new URL(entry.checkedIn, import.meta.url), 'utf8');
        expect(test, `${entry.checkedIn} runs axe on ${path}`).toContain('seriousA11yViolations');
        expect(test).toContain(path);
        // In both themes and at both widths (support/shoot.ts).
        expect(test).toContain('SHOT_VARIANTS');
      }
    }
  });

  const b = useBrowser();
  const contexts: BrowserContext[] = [];
  afterAll(async () => {
    for (const c of contexts) await c.close();
  });
  const signedInAs = async (role: TRole, width = 1280) => {
    const context = await b.newContext({ width, theme: 'light', colorScheme: 'light' });
    contexts.push(context);
    const page = await context.newPage();
    if (role === 'admin') await signIn(page, DEMO.admin);
    if (role === 'driver') await signIn(page, DEMO.driver);
    if (role === 'applicant') await signIn(page, DEMO.applicant);
    if (role === 'newcomer') {
      await signIn(page, newEmail('a11y'));
      await waitForPath(page, '/register');
    }
    return page;
  };

  /** Runs every check of one role in both themes (one signed-in page, the theme switched in storage). */
  const runRole = async (role: TRole, extra?: (page: Page, check: TCheck) => Promise<void>) => {
    const page = await signedInAs(role);
    if (role === 'visitor') await page.goto('/');
    const entries = Object.entries(PAGES).flatMap(([path, entry]) => ('as' in entry && entry.as === role ? [{ path, run: entry.run }] : []));
    const runs = [...entries, ...(extra ? [{ path: '', run: extra }] : [])];
    const findings: string[] = [];
    for (const theme of THEMES) {
      await page.evaluate((value) => window.localStorage.setItem('theme', value), theme);
      for (const { path, run } of runs) {
        await run(page, async (state) => {
          const shown = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
          // The body's background says which theme is on screen (white or near-black).
          const dark = /rgb\((\d+)/.exec(shown)?.[1];
          expect(Number(dark) < 100 ? 'dark' : 'light', `${path} ${state ?? ''} shows the ${theme} theme`).toBe(theme);
          const found = await seriousA11yViolations(page);
          if (found.length) findings.push(`${theme} ${path} ${state ?? ''}\n${describeFindings(found)}`);
        });
      }
    }
    return findings.join('\n\n');
  };

  it('public pages', async () => {
    expect(await runRole('visitor')).toBe('');
  });

  it('register and application-in-review', async () => {
    expect(await runRole('newcomer')).toBe('');
    expect(await runRole('applicant')).toBe('');
  });

  it('every page inside /app as the administrator, with its dialogs and tabs', { timeout: 400_000 }, async () => {
    expect(await runRole('admin')).toBe('');
  });

  it('the driver: their dashboard, and the board read-only with a load open', async () => {
    expect(await runRole('driver', DRIVER_EXTRAS)).toBe('');
  });

  it('the phone drawer', async () => {
    const context = await b.newContext({ width: 390, theme: 'light', colorScheme: 'light' });
    contexts.push(context);
    const phone = await context.newPage();
    await signIn(phone, DEMO.admin);
    for (const theme of THEMES) {
      await phone.evaluate((value) => window.localStorage.setItem('theme', value), theme);
      await phone.goto('/app/user-admin');
      await visible(phone.getByRole('table', { name: 'Users' }));
      await phone.getByRole('button', { name: 'Open menu' }).click();
      await visible(phone.getByRole('navigation', { name: 'Main menu' }));
      await phone.waitForTimeout(300);
      const found = await seriousA11yViolations(phone);
      expect(found, `${theme}: ${describeFindings(found)}`).toEqual([]);
    }
  });
});
