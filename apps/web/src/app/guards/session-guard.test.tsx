import '../../test/setup';
import { MSG, TEXT } from '@haulboard/contract';
import { screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { mockApi, unauthenticated, userAdminOnly, userFixture } from '../../test/api-mock';
import { preloadPages, renderApp } from '../../test/render-app';
import { guardRedirect } from './session-guard';

beforeAll(preloadPages, 120_000);

const lookups = {
  'GET /api/Lookup/GetCompanyList': { json: [{ label: 'Demo Freight LLC', value: 1 }] },
  'GET /api/auth/GetUsers': { json: [] },
};

describe('spec §2 route guards, as a table', () => {
  it.each([
    ['not signed in, inside /app', 'member', 'signedOut', '/app/user-admin', '/login?returnTo=%2Fapp%2Fuser-admin'],
    ['signed in, no company and no role', 'member', 'noCompany', '/app/home', '/register'],
    ['signed in, company but no role', 'member', 'inReview', '/app/home', '/application-in-review'],
    ['signed in and visiting /login', 'signedOut', 'member', '/login', '/'],
    ['applicant visiting /login', 'signedOut', 'inReview', '/login', '/'],
    ['/register with a company', 'noCompany', 'inReview', '/register', '/application-in-review'],
    ['/register with a role', 'noCompany', 'member', '/register', '/app/home'],
    ['/register signed out', 'noCompany', 'signedOut', '/register', '/login?returnTo=%2Fregister'],
    ['/application-in-review without a company', 'inReview', 'noCompany', '/application-in-review', '/register'],
    ['/application-in-review with a role', 'inReview', 'member', '/application-in-review', '/app/home'],
  ] as const)('%s', (_what, required, current, here, target) => {
    expect(guardRedirect(required, current, here)).toBe(target);
  });

  it('lets each state through to its own area', () => {
    for (const s of ['signedOut', 'noCompany', 'inReview', 'member'] as const) expect(guardRedirect(s, s, '/x')).toBeNull();
  });
});

describe('the guards in the real route tree', () => {
  it('sends a signed-out visitor of /app to /login, remembering the page', async () => {
    mockApi({ 'POST /api/Auth/GetUserDetails': unauthenticated });
    const app = renderApp('/app/user-admin');
    expect(await screen.findByRole('link', { name: 'Sign in' })).toHaveProperty('href', 'http://localhost:3000/auth/login?returnTo=%2Fapp%2Fuser-admin');
    expect(app.location()).toBe('/login?returnTo=%2Fapp%2Fuser-admin');
  });

  it('sends a person without a company to /register', async () => {
    mockApi({ 'POST /api/Auth/GetUserDetails': { json: userFixture('noCompany') }, ...lookups });
    const app = renderApp('/app/user-admin');
    expect(await screen.findByRole('heading', { name: 'Register with your company' })).toBeTruthy();
    expect(app.location()).toBe('/register');
  });

  it('sends an applicant to /application-in-review, and keeps them off /register', async () => {
    mockApi({ 'POST /api/Auth/GetUserDetails': { json: userFixture('inReview') } });
    const app = renderApp('/register');
    expect(await screen.findByText(TEXT.inReview)).toBeTruthy();
    expect(app.location()).toBe('/application-in-review');
  });

  it('tells a person the company deactivated that their access was removed, not that they await approval', async () => {
    mockApi({ 'POST /api/Auth/GetUserDetails': { json: { ...userFixture('inReview'), accessRemoved: true } } });
    renderApp('/app/home');
    expect(await screen.findByText(TEXT.accessRemoved)).toBeTruthy();
    expect(screen.getByRole('heading', { name: TEXT.accessRemovedTitle })).toBeTruthy();
    expect(screen.queryByText(TEXT.inReview)).toBeNull();
  });

  it('refreshes the session from the server on entering the app, so an approved applicant gets in', async () => {
    window.localStorage.setItem('user', JSON.stringify(userFixture('inReview')));
    const calls = mockApi({ 'POST /api/Auth/GetUserDetails': { json: userAdminOnly() }, ...lookups });
    const app = renderApp('/application-in-review');
    expect(await screen.findByRole('heading', { name: 'User Management' })).toBeTruthy();
    expect(app.location()).toBe('/app/user-admin');
    // The legacy body carries the stored email; the server answers for the cookie.
    expect(calls.find((c) => c.path === '/api/Auth/GetUserDetails')?.body).toMatchObject({ email: 'inReview@example.test' });
    expect(JSON.parse(window.localStorage.getItem('user')!).roleId).toBe(1);
  });

  it('sends a signed-in person visiting /login on to /', async () => {
    mockApi({ 'POST /api/Auth/GetUserDetails': { json: userAdminOnly() }, ...lookups });
    const app = renderApp('/login');
    await screen.findByRole('heading', { name: 'User Management' });
    // '/' passes a member on into the app.
    expect(app.location()).toBe('/app/user-admin');
  });

  it('shows /register only to a person with no company and no role', async () => {
    mockApi({ 'POST /api/Auth/GetUserDetails': { json: userFixture('noCompany') }, ...lookups });
    renderApp('/register');
    expect(await screen.findByRole('heading', { name: 'Register with your company' })).toBeTruthy();
  });

  it('sends unknown paths under /app to /404 with the spec text', async () => {
    mockApi({ 'POST /api/Auth/GetUserDetails': { json: userAdminOnly() } });
    const app = renderApp('/app/no-such-page');
    expect(await screen.findByText(MSG.notFound)).toBeTruthy();
    expect(app.location()).toBe('/404');
  });

  it('guards a page by its page name: a driver cannot open user admin', async () => {
    mockApi({ 'POST /api/Auth/GetUserDetails': { json: userFixture('driver') } });
    renderApp('/app/user-admin');
    expect(await screen.findByText('You do not have access to this page')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'User Management' })).toBeNull();
  });

  it('sends a member whose session ended on the server to /login', async () => {
    window.localStorage.setItem('user', JSON.stringify(userFixture('admin')));
    mockApi({ 'POST /api/Auth/GetUserDetails': unauthenticated });
    const app = renderApp('/app/user-admin');
    await screen.findByRole('link', { name: 'Sign in' });
    expect(app.location()).toBe('/login?returnTo=%2Fapp%2Fuser-admin');
    expect(window.localStorage.getItem('user')).toBeNull();
  });

  it('offers a retry when the server cannot be reached', async () => {
    mockApi({ 'POST /api/Auth/GetUserDetails': () => Promise.reject(new TypeError('Failed to fetch')) });
    renderApp('/app/user-admin');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy(), { timeout: 8000 });
    expect(screen.getByText(/cannot be reached/)).toBeTruthy();
  });
});
