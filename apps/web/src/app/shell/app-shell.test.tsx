import '../../test/setup';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { mockApi, userAdminOnly } from '../../test/api-mock';
import { preloadPages, renderApp } from '../../test/render-app';
import { media } from '../../test/setup';

beforeAll(preloadPages, 120_000);

const twoCompanies = userAdminOnly({
  userCompanies: [
    { label: 'Demo Freight LLC', value: 1 },
    { label: 'Second Haul Inc', value: 2 },
  ],
});

describe('the app shell (spec §2 Layout)', () => {
  it('shows full name, role and the one company as text, and the company in the top bar', async () => {
    mockApi({ 'POST /api/Auth/GetUserDetails': { json: userAdminOnly() }, 'GET /api/auth/GetUsers': { json: [] } });
    renderApp('/app/user-admin');
    const card = await screen.findByTestId('user-card');
    expect(within(card).getByText('Pat Jones')).toBeTruthy();
    expect(within(card).getByText('Administrator')).toBeTruthy();
    expect(within(card).getByText('Demo Freight LLC')).toBeTruthy();
    expect(within(card).queryByRole('combobox')).toBeNull();
    expect(screen.getByTestId('top-bar-company').textContent).toBe('Demo Freight LLC');
    expect(within(screen.getByRole('navigation', { name: 'Main menu' })).getByRole('link', { name: 'User Admin' })).toBeTruthy();
  });

  it('switches company from the sidebar: keeps the returned user and goes to /', async () => {
    const second = { ...twoCompanies, company: 'Second Haul Inc', companyId: 2 };
    // Like the server: once switched, the session's user is the one in the new company.
    let current = twoCompanies;
    const calls = mockApi({
      'POST /api/Auth/GetUserDetails': () => ({ json: current }),
      'GET /api/auth/GetUsers': { json: [] },
      'POST /api/Auth/ChangeUserCompany': () => {
        current = second;
        return { json: second };
      },
    });
    renderApp('/app/user-admin');
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: 'Company' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Second Haul Inc' }));
    await waitFor(() => expect(screen.getByTestId('top-bar-company').textContent).toBe('Second Haul Inc'));
    expect(calls.find((c) => c.path === '/api/Auth/ChangeUserCompany')?.body).toEqual({ label: 'Second Haul Inc', value: 2 });
    expect(JSON.parse(window.localStorage.getItem('user')!).companyId).toBe(2);
  });

  it('shows a failed company switch on the page', async () => {
    mockApi({
      'POST /api/Auth/GetUserDetails': { json: twoCompanies },
      'GET /api/auth/GetUsers': { json: [] },
      'POST /api/Auth/ChangeUserCompany': { status: 404, json: { statusCode: 404, code: 'NOT_FOUND', message: 'The company was not found' } },
    });
    renderApp('/app/user-admin');
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: 'Company' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Second Haul Inc' }));
    expect(await screen.findByText('The company was not found')).toBeTruthy();
  });

  it('collapses the sidebar on wide screens', async () => {
    mockApi({ 'POST /api/Auth/GetUserDetails': { json: userAdminOnly() }, 'GET /api/auth/GetUsers': { json: [] } });
    renderApp('/app/user-admin');
    await screen.findByTestId('user-card');
    fireEvent.click(screen.getByRole('button', { name: 'Collapse menu' }));
    expect(screen.queryByTestId('user-card')).toBeNull();
    expect(screen.getByRole('button', { name: 'Expand menu' })).toBeTruthy();
  });

  it('is a drawer opened from the top bar at phone width', async () => {
    media.width = 390;
    mockApi({ 'POST /api/Auth/GetUserDetails': { json: userAdminOnly() }, 'GET /api/auth/GetUsers': { json: [] } });
    renderApp('/app/user-admin');
    const open = await screen.findByRole('button', { name: 'Open menu' });
    expect(screen.queryByRole('presentation')).toBeNull();
    fireEvent.click(open);
    const drawer = await screen.findByRole('presentation');
    expect(within(drawer).getByText('Pat Jones')).toBeTruthy();
  });

  it('toggles the theme and stores it under "theme"', async () => {
    mockApi({ 'POST /api/Auth/GetUserDetails': { json: userAdminOnly() }, 'GET /api/auth/GetUsers': { json: [] } });
    renderApp('/app/user-admin');
    fireEvent.click(await screen.findByRole('button', { name: 'Switch to dark theme' }));
    expect(window.localStorage.getItem('theme')).toBe('dark');
    fireEvent.click(screen.getByRole('button', { name: 'Switch to light theme' }));
    expect(window.localStorage.getItem('theme')).toBe('light');
  });
});
