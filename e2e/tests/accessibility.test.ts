import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import {
  DEMO,
  describeFindings,
  newEmail,
  openUserEditor,
  seriousA11yViolations,
  signIn,
  type TTheme,
  text,
  useBrowser,
  visible,
  waitForPath,
} from '../support';

/** axe (WCAG 2.1 AA) finds no serious or critical problem on this pages, in either theme. */
describe.each(['light', 'dark'] as TTheme[])('accessibility, %s theme', (theme) => {
  const b = useBrowser();
  const contexts: BrowserContext[] = [];
  const open = async (width = 1280) => {
    const context = await b.newContext({ width, theme, colorScheme: theme });
    contexts.push(context);
    return context.newPage();
  };
  afterAll(async () => {
    for (const c of contexts) await c.close();
  });
  const check = async (page: Page) => {
    const findings = await seriousA11yViolations(page);
    expect(findings, describeFindings(findings)).toEqual([]);
  };

  it('welcome page', async () => {
    const page = await open();
    await page.goto('/');
    await visible(page.getByRole('heading', { level: 1 }));
    await check(page);
  });

  it('login page, with a sign-in error', async () => {
    const page = await open();
    await page.goto('/login?error=access_denied');
    await visible(page.getByRole('alert'));
    await check(page);
  });

  it('404 page', async () => {
    const page = await open();
    await page.goto('/404');
    await text(page, "The page you are looking for isn't here");
    await check(page);
  });

  it('register page with its messages', async () => {
    const page = await open();
    await signIn(page, newEmail('a11y'));
    await waitForPath(page, '/register');
    await page.getByRole('button', { name: 'Register' }).click();
    await visible(page.getByText('Field is required'));
    await check(page);
  });

  it('application in review', async () => {
    const page = await open();
    await signIn(page, DEMO.applicant);
    await text(page, /allow 2 days/i);
    await check(page);
  });

  it('user admin and its edit dialog, and the phone drawer', async () => {
    const page = await open();
    await signIn(page, DEMO.admin);
    await page.goto('/app/user-admin');
    await visible(page.getByRole('row').filter({ hasText: DEMO.dispatcher }));
    await check(page);
    await openUserEditor(page, DEMO.driver);
    await check(page);

    const phone = await open(390);
    await signIn(phone, DEMO.admin);
    await waitForPath(phone, /^\/app\//);
    await phone.getByRole('button', { name: 'Open menu' }).click();
    await visible(phone.getByRole('navigation', { name: 'Main menu' }));
    await phone.waitForTimeout(300);
    await check(phone);
  });
});
