import type { TCompanyCookie, TPermission } from '@haulboard/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { mockApi, userFixture } from '../../test/api-mock';
import { renderApp } from '../../test/render-app';
import { media } from '../../test/setup';

beforeAll(() => import('./cookie-admin-page'), 120_000);

const long = (seed: string, n: number) => Array.from({ length: n }, (_, i) => seed[i % seed.length]).join('');

const working: TCompanyCookie = {
  companyCookieId: 4,
  cookie: long('session-id=123-4567890; ', 100),
  csrfToken: long('gABCDEFxyz', 50),
  cookieSource: 'Chrome, dispatch laptop',
  createdOn: '2026-11-20T14:05:00.000Z',
  isInUse: true,
  status: 'working',
  lastCheckedOn: '2026-11-23T09:00:00.000Z',
  lastError: null,
};
const expired: TCompanyCookie = {
  ...working,
  companyCookieId: 3,
  cookie: 'ubid-main=131-00; at-main=Atza|old',
  csrfToken: 'hOld',
  cookieSource: 'Firefox',
  isInUse: false,
  status: 'expired',
  lastError: 'The board answered 401: the session has expired',
};

const cookieAdmin = (accessType: TPermission['accessType']) =>
  userFixture('dispatcher', { userPermissibleObjects: [{ objectName: 'CookieAdminPage', accessType, isMenuVisible: true }] });

const api = (extra: Record<string, unknown> = {}, me = userFixture('admin')) =>
  mockApi({
    'POST /api/Auth/GetUserDetails': { json: me },
    'GET /api/CookieAdmin': { json: [working, expired] },
    ...(extra as object),
  });

describe('cookie administration (spec §2 relay/cookie-admin, §5 cookie form, §6, §8)', () => {
  it('lists id, the cookie cut to 100 characters, the token to 50, source, created and in use Yes/No', async () => {
    // A longer value than the server sends is still cut to the spec's lengths.
    api({ 'GET /api/CookieAdmin': { json: [{ ...working, cookie: `${working.cookie}TAIL`, csrfToken: `${working.csrfToken}TAIL` }, expired] } });
    renderApp('/app/relay/cookie-admin');
    expect(await screen.findByRole('heading', { name: 'Cookie Administration' })).toBeTruthy();
    const row = (await screen.findByText('Chrome, dispatch laptop')).closest('tr')!;
    const cells = within(row).getAllByRole('cell').map((c) => c.textContent);
    expect(cells).toEqual(expect.arrayContaining(['4', working.cookie, working.csrfToken, 'Chrome, dispatch laptop', 'YesWorking']));
    expect(row.textContent).not.toContain('TAIL');
    expect(row.textContent).toMatch(/11\/20\/2026\d\d:05/);
    const old = screen.getByText('Firefox').closest('tr')!;
    expect(within(old).getAllByRole('cell').map((c) => c.textContent)).toContain('NoExpired');
  });

  it('on a phone, one column holds the id, in use, status, both previews, source and date', async () => {
    media.width = 390;
    try {
      api();
      renderApp('/app/relay/cookie-admin');
      const row = (await screen.findByText(/Chrome, dispatch laptop/)).closest('tr')!;
      for (const text of ['ID 4 · In use Yes', 'Working', working.cookie, working.csrfToken]) expect(row.textContent).toContain(text);
      expect(within(row).getByRole('button', { name: 'Delete cookie ID 4' })).toBeTruthy();
    } finally {
      media.width = 1280;
    }
  });

  it('adds a cookie: the spec’s messages, Save waits for a valid form, then "Company Cookie updated successfully"', async () => {
    const calls = api({ 'POST /api/CookieAdmin': { text: 'Company Cookie updated successfully' } });
    renderApp('/app/relay/cookie-admin');
    fireEvent.click(await screen.findByRole('button', { name: /Add cookie/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Add cookie' });
    const save = within(dialog).getByRole('button', { name: 'Save' });
    for (const label of [/^Cookie\b(?! source)/, /CSRF token/, /Cookie source/]) fireEvent.blur(within(dialog).getByLabelText(label));
    expect(await within(dialog).findByText('Cookie is required')).toBeTruthy();
    expect(within(dialog).getByText('CsrfToken is required')).toBeTruthy();
    expect(within(dialog).getByText('Cookie Source is required')).toBeTruthy();
    expect(save.hasAttribute('disabled')).toBe(true);

    fireEvent.change(within(dialog).getByLabelText(/^Cookie\b(?! source)/), { target: { value: 'session-id=1; at-main=Atza|new' } });
    fireEvent.change(within(dialog).getByLabelText(/CSRF token/), { target: { value: 'gNewToken' } });
    fireEvent.change(within(dialog).getByLabelText(/Cookie source/), { target: { value: 'Chrome' } });
    await waitFor(() => expect(save.hasAttribute('disabled')).toBe(false));
    fireEvent.click(save);
    expect(await screen.findByText('Company Cookie updated successfully')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((c) => c.method === 'POST' && c.path === '/api/CookieAdmin')?.body).toEqual({
      companyCookieId: 0,
      cookie: 'session-id=1; at-main=Atza|new',
      csrfToken: 'gNewToken',
      cookieSource: 'Chrome',
    });
    await waitFor(() => expect(calls.filter((c) => c.method === 'GET' && c.path === '/api/CookieAdmin').length).toBe(2));
  });

  it('asks "Are you sure you want to delete cookie ID {id}" and deletes on Confirm', async () => {
    const calls = api({ 'DELETE /api/CookieAdmin': { text: 'Company Cookie deleted successfully' } });
    renderApp('/app/relay/cookie-admin');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete cookie ID 3' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete cookie' });
    expect(confirm.textContent).toContain('Are you sure you want to delete cookie ID 3');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Company Cookie deleted successfully')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/api/CookieAdmin?Id=3']);
  });

  it('says plainly when no stored session works any more', async () => {
    api({ 'GET /api/CookieAdmin': { json: [expired] } });
    renderApp('/app/relay/cookie-admin');
    expect(await screen.findByText(/None of the stored sessions works/)).toBeTruthy();
  });

  it('with DenyDelete: add, no delete; with Read: neither', async () => {
    api({}, cookieAdmin('DenyDelete'));
    const first = renderApp('/app/relay/cookie-admin');
    expect(await screen.findByRole('button', { name: /Add cookie/ })).toBeTruthy();
    await screen.findByText('Firefox');
    expect(screen.queryByRole('button', { name: /^Delete cookie/ })).toBeNull();
    first.unmount();

    api({}, cookieAdmin('Read'));
    renderApp('/app/relay/cookie-admin');
    expect(await screen.findByText('Firefox')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Add cookie/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Delete cookie/ })).toBeNull();
  });
});
