import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, newEmail, pathOf, signIn, text, useBrowser, waitForPath } from '../support';

/** Spec §2 route-guard table, row by row, in the browser. */
describe('route guards', () => {
  const b = useBrowser();
  const contexts: BrowserContext[] = [];
  const open = async () => {
    const context = await b.newContext();
    contexts.push(context);
    return context.newPage();
  };
  afterAll(async () => {
    for (const c of contexts) await c.close();
  });

  describe('not signed in', () => {
    let page: Page;
    beforeAll(async () => {
      page = await open();
    });

    for (const path of ['/app/home', '/app/user-admin', '/app', '/register', '/application-in-review']) {
      it(`${path} redirects to /login`, async () => {
        await page.goto(path);
        await waitForPath(page, '/login');
      });
    }

    it('/ is the welcome page and leads to sign-in', async () => {
      await page.goto('/');
      await page.getByRole('link', { name: 'Sign in' }).first().click();
      await waitForPath(page, '/login');
    });

    it('after signing in, the person comes back to the page they asked for', async () => {
      await page.goto('/app/user-admin');
      await waitForPath(page, '/login');
      await page.getByRole('link', { name: 'Sign in' }).or(page.getByRole('button', { name: 'Sign in' })).first().click();
      await page.locator('input[name="login"]').fill(DEMO.admin);
      await page.locator('input[name="password"]').fill('x');
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await waitForPath(page, '/app/user-admin', 30_000);
    });
  });

  describe('signed in, no company and no role', () => {
    let page: Page;
    beforeAll(async () => {
      page = await open();
      await signIn(page, newEmail('guard'));
    });

    it('signing in lands on /register', async () => {
      expect(pathOf(page)).toBe('/register');
    });

    for (const path of ['/app/home', '/app/user-admin', '/application-in-review', '/']) {
      it(`${path} redirects to /register`, async () => {
        await page.goto(path);
        await waitForPath(page, '/register');
      });
    }

    it('/login redirects away (to / and on to /register)', async () => {
      await page.goto('/login');
      await waitForPath(page, '/register');
    });
  });

  describe('signed in, company but no role', () => {
    let page: Page;
    beforeAll(async () => {
      page = await open();
      await signIn(page, DEMO.applicant);
    });

    it('signing in lands on /application-in-review', async () => {
      expect(pathOf(page)).toBe('/application-in-review');
      await text(page, /allow 2 days/i);
    });

    for (const path of ['/app/home', '/app/user-admin', '/register', '/']) {
      it(`${path} redirects to /application-in-review`, async () => {
        await page.goto(path);
        await waitForPath(page, '/application-in-review');
      });
    }
  });

  describe('signed in with a role', () => {
    let page: Page;
    const trail: string[] = [];
    beforeAll(async () => {
      page = await open();
      await signIn(page, DEMO.dispatcher);
      page.on('framenavigated', (frame) => {
        if (frame === page.mainFrame()) trail.push(new URL(frame.url()).pathname);
      });
    });

    it('visiting /login redirects to /', async () => {
      trail.length = 0;
      await page.goto('/login');
      await waitForPath(page, /^\/app\//);
      // The address bar passes through '/' before the welcome page sends a member into the app.
      expect(trail).toContain('/');
      expect(await page.getByRole('link', { name: 'Sign in' }).count()).toBe(0);
    });

    for (const path of ['/register', '/application-in-review']) {
      it(`${path} is not reachable`, async () => {
        await page.goto(path);
        await waitForPath(page, /^\/app\//);
      });
    }
  });
});
