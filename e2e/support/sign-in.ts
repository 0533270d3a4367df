import type { Page } from 'playwright-core';
import { networkQuiet } from './network';

const isAppPage = (url: URL) => !/^\/(oidc|auth)(\/|$)/.test(url.pathname) && url.pathname !== '/login';

/** The sign-in button on the app's /login page. */
export function signInButton(page: Page) {
  return page.getByRole('button', { name: /sign in/i }).or(page.getByRole('link', { name: /sign in/i })).first();
}

/**
 * Opens the built-in provider's page from /login: the app's sign-in button, then the provider's
 * form with `login` and `password`. Resolves once that form shows.
 */
export async function openProviderPage(page: Page) {
  await page.goto('/login');
  await signInButton(page).click();
  await page.waitForURL(/\/oidc\/interaction\//);
  await page.locator('input[name="login"]').waitFor();
}

/**
 * Signs in through the real OpenID Connect flow and resolves once the browser is back on an app
 * page (which one depends on the person's onboarding state). Returns that page's path.
 */
export async function signIn(page: Page, email: string): Promise<string> {
  await openProviderPage(page);
  await page.locator('input[name="login"]').fill(email);
  await page.locator('input[name="password"]').fill('any password');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL(isAppPage, { timeout: 30_000 });
  await networkQuiet(page);
  return new URL(page.url()).pathname;
}

/** A new email nobody has used: a person with no company and no role. */
export function newEmail(tag = 'new') {
  return `${tag}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@e2e.haulboard.test`;
}

export const DEMO = {
  admin: 'admin@demo.haulboard.test',
  dispatcher: 'dispatcher@demo.haulboard.test',
  driver: 'driver@demo.haulboard.test',
  applicant: 'applicant@demo.haulboard.test',
  secondAdmin: 'admin@second.haulboard.test',
} as const;

export const COMPANY = { demo: 'Demo Freight LLC', second: 'Second Haul Inc' } as const;
