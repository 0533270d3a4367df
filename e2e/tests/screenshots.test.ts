import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO, newEmail, openProviderPage, openUserEditor, SHOT_VARIANTS, shoot, signIn, text, useBrowser, visible, waitForPath } from '../support';

/**
 * Issue #2 proof: every page of this issue at 1280 and 390 px, light and dark, saved under
 * e2e/test-results/screenshots/<page>-<width>-<theme>.png for people to look at.
 */
const VARIANTS = SHOT_VARIANTS;

describe.each(VARIANTS)('screenshots at $width px, $theme', ({ width, theme }) => {
  const b = useBrowser();
  const contexts: BrowserContext[] = [];
  const open = async () => {
    const context = await b.newContext({ width, theme, colorScheme: theme });
    contexts.push(context);
    return context.newPage();
  };
  afterAll(async () => {
    for (const c of contexts) await c.close();
  });
  const expectTheme = async (page: Page) => {
    expect(await page.evaluate(() => window.localStorage.getItem('theme'))).toBe(theme);
  };

  it('public pages: welcome, login, login with an error, the provider’s page, 404', async () => {
    const page = await open();
    await page.goto('/');
    await visible(page.getByRole('heading', { level: 1 }));
    await expectTheme(page);
    await shoot(page, 'welcome');

    await page.goto('/login');
    await visible(page.getByRole('link', { name: 'Sign in' }).or(page.getByRole('button', { name: 'Sign in' })));
    await shoot(page, 'login');

    await openProviderPage(page);
    await shoot(page, 'provider-sign-in');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await waitForPath(page, '/login');
    await visible(page.getByRole('alert'));
    await shoot(page, 'login-error');

    await page.goto('/404');
    await text(page, "The page you are looking for isn't here");
    await shoot(page, 'not-found');
  });

  it('register, empty and with its messages', async () => {
    const page = await open();
    await signIn(page, newEmail('shot'));
    await waitForPath(page, '/register');
    await visible(page.getByRole('button', { name: 'Register' }));
    await shoot(page, 'register');
    await page.getByRole('button', { name: 'Register' }).click();
    await visible(page.getByText('Field is required'));
    await shoot(page, 'register-errors');
  });

  it('application in review', async () => {
    const page = await open();
    await signIn(page, DEMO.applicant);
    await waitForPath(page, '/application-in-review');
    await text(page, /allow 2 days/i);
    await shoot(page, 'application-in-review');
  });

  it('app home of a dispatcher', async () => {
    const page = await open();
    await signIn(page, DEMO.dispatcher);
    await page.goto('/app/home');
    await waitForPath(page, /^\/app\//);
    await visible(page.getByRole('main'));
    await shoot(page, 'app-home');
  });

  it('user admin, its edit dialog, and the phone drawer', async () => {
    const page = await open();
    await signIn(page, DEMO.admin);
    await page.goto('/app/user-admin');
    await visible(page.getByRole('row').filter({ hasText: DEMO.dispatcher }));
    await shoot(page, 'user-admin');

    const dialog = await openUserEditor(page, DEMO.driver);
    await visible(dialog.getByRole('button', { name: 'Save' }));
    await shoot(page, 'user-admin-edit');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });

    if (width <= 768) {
      await page.getByRole('button', { name: 'Open menu' }).click();
      await visible(page.getByRole('navigation', { name: 'Main menu' }));
      await page.waitForTimeout(400); // the drawer slides in
      await shoot(page, 'app-drawer');
    }
  });
});
