import '../../test/setup';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { mockApi, userFixture } from '../../test/api-mock';
import { renderApp } from '../../test/render-app';

beforeAll(() => import('./load-search-page'), 120_000);

const DALLAS = { label: 'DALLAS, TX', value: 'DALLAS, TX', name: 'DALLAS', stateCode: 'TX', latitude: 32.78, longitude: -96.8 };
const row = (id: string, payout: string, ratePerMile: string, pickupTime: string) => ({
  id,
  route: `DALLAS, TX → HOUSTON, TX`,
  origin: 'DALLAS, TX',
  destination: 'HOUSTON, TX',
  pickupTime,
  deliveryTime: '2026-11-18T20:00:00.000Z',
  stopCount: 2,
  miles: 239.4,
  payout,
  ratePerMile,
  deadheadMiles: 12.5,
  loadingType: 'Preloaded',
  workType: 'One way',
  equipmentType: 'FIFTY_THREE_FOOT_TRUCK',
  stops: [
    { sequence: 1, type: 'PICKUP', code: 'DFW6', city: 'DALLAS', state: 'TX', postalCode: '75241', arrival: pickupTime, departure: null, loadingType: 'PRELOADED', unloadingType: null },
    { sequence: 2, type: 'DROPOFF', code: 'HOU2', city: 'HOUSTON', state: 'TX', postalCode: '77032', arrival: '2026-11-18T20:00:00.000Z', departure: null, loadingType: null, unloadingType: 'DROP' },
  ],
});

type TStatus = { working: boolean; checkedOn: string | null; sessions: number };
const WORKING: TStatus = { working: true, checkedOn: '2026-11-25T15:00:00.000Z', sessions: 1 };

const api = (search: { json?: unknown; text?: string }, status: TStatus = WORKING, user = userFixture('admin')) =>
  mockApi({
    'POST /api/Auth/GetUserDetails': { json: user },
    'GET /api/CookieAdmin/Status': { json: status },
    'GET /api/Lookup/GetWorkWeekList': { json: [{ label: 'Week 47 (11/16/2026 - 11/22/2026)', value: 99 }] },
    'GET /api/LoadOrder/GetCities': (_b: unknown, url: URL) =>
      url.searchParams.get('value')?.toUpperCase().startsWith('ZZ') ? { text: 'ERROR The city data is unavailable' } : { json: [DALLAS] },
    'POST /api/LoadSearch/Search': search,
  });

async function fill() {
  fireEvent.mouseDown(await screen.findByRole('combobox', { name: /Week/ }));
  fireEvent.click(await screen.findByRole('option', { name: /Week 47/ }));
  const city = screen.getByRole('combobox', { name: /Origin city/ });
  fireEvent.change(city, { target: { value: 'dall' } });
  fireEvent.click(await screen.findByRole('option', { name: 'DALLAS, TX' }));
}

describe('load search (spec §2 relay/loadsearch)', () => {
  it('asks for a week and a city, searches, sorts by payout and opens a row’s stops', async () => {
    const calls = api({ json: { rows: [row('a', '500.00', '2.09', '2026-11-17T14:00:00.000Z'), row('b', '900.55', '3.76', '2026-11-18T09:00:00.000Z')], total: 2, truncated: false } });
    renderApp('/app/relay/loadsearch');
    fireEvent.click(await screen.findByRole('button', { name: 'Search' }));
    expect((await screen.findAllByText('Field is required')).length).toBe(2);
    await fill();
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    const table = await screen.findByRole('table', { name: 'Available loads' });
    expect(await within(table).findByText('$900.55')).toBeTruthy();
    const body = calls.find((c) => c.path === '/api/LoadSearch/Search')?.body as any;
    expect(body).toEqual({ weekId: 99, origin: { label: 'DALLAS, TX', latitude: 32.78, longitude: -96.8 }, radius: 50 });
    fireEvent.click(within(table).getByRole('button', { name: /Payout/ }));
    fireEvent.click(within(table).getByRole('button', { name: /Payout/ }));
    await waitFor(() => expect(within(table).getAllByRole('row')[1].textContent).toContain('$900.55'));
    fireEvent.click(within(table).getByText('$900.55'));
    const dialog = await screen.findByRole('dialog', { name: /Stops/ });
    expect(within(dialog).getByText(/1\. Pickup · DFW6 · DALLAS, TX 75241/)).toBeTruthy();
    expect(within(dialog).getByText(/2\. Drop-off · HOU2 · HOUSTON, TX 77032/)).toBeTruthy();
  });

  it('opened from an alert’s link: fills the week and city, searches at once and opens the matched load', async () => {
    const calls = api({ json: { rows: [row('a', '500.00', '2.09', '2026-11-17T14:00:00.000Z'), row('wo-77', '900.55', '3.76', '2026-11-18T09:00:00.000Z')], total: 2, truncated: false } });
    renderApp('/app/relay/loadsearch?origin=DALLAS%2C+TX&lat=32.78&lng=-96.8&year=2026&week=99&wo=wo-77');
    const dialog = await screen.findByRole('dialog', { name: /Stops/ });
    expect(within(dialog).getByText(/900\.55/)).toBeTruthy();
    const body = calls.find((c) => c.path === '/api/LoadSearch/Search')?.body as any;
    expect(body).toEqual({ weekId: 99, origin: { label: 'DALLAS, TX', latitude: 32.78, longitude: -96.8 }, radius: 50 });
    expect(calls.some((c) => c.path.startsWith('/api/Lookup/GetWorkWeekList') && c.path.includes('2026'))).toBe(true);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect((screen.getByRole('combobox', { name: /Origin city/ }) as HTMLInputElement).value).toBe('DALLAS, TX');
    expect(screen.getByRole('combobox', { name: /Week/ }).textContent).toMatch(/Week 47/);
  });

  it('opened from an alert whose load is gone: says so; without a week it fills the city and waits', async () => {
    api({ json: { rows: [row('a', '500.00', '2.09', '2026-11-17T14:00:00.000Z')], total: 1, truncated: false } });
    const first = renderApp('/app/relay/loadsearch?origin=DALLAS%2C+TX&lat=32.78&lng=-96.8&year=2026&week=99&wo=wo-gone');
    expect(await screen.findByText('The load from the alert is no longer on the board.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    first.unmount();
    const calls = api({ json: { rows: [], total: 0, truncated: false } });
    renderApp('/app/relay/loadsearch?origin=DALLAS%2C+TX&lat=32.78&lng=-96.8&wo=wo-77');
    expect(((await screen.findByRole('combobox', { name: /Origin city/ })) as HTMLInputElement).value).toBe('DALLAS, TX');
    await new Promise((r) => setTimeout(r, 100));
    expect(calls.some((c) => c.path === '/api/LoadSearch/Search')).toBe(false);
  });

  it('says plainly when no session works, with a link to Cookie Administration', async () => {
    api({ text: 'ERROR No load board session works: the stored cookie has expired or none is stored. Add a new one in Cookie Administration.' });
    renderApp('/app/relay/loadsearch');
    await fill();
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    const warning = await screen.findByRole('alert', { name: 'Load board session' });
    expect(warning.textContent).toBe(
      'No load board session works: the stored cookie has expired or none is stored. Add a new one in Cookie Administration. Open Cookie Administration',
    );
    expect(within(warning).getByRole('link', { name: 'Open Cookie Administration' }).getAttribute('href')).toBe('/app/relay/cookie-admin');
  });

  it('says so before any search when the last check found no working session', async () => {
    const calls = api({ json: { rows: [], total: 0, truncated: false } }, { working: false, checkedOn: null, sessions: 0 });
    renderApp('/app/relay/loadsearch');
    const warning = await screen.findByRole('alert', { name: 'Load board session' });
    expect(warning.textContent).toBe('No working load board session. None is stored. Add a working one in Cookie Administration.');
    expect(within(warning).getByRole('link', { name: 'Cookie Administration' }).getAttribute('href')).toBe('/app/relay/cookie-admin');
    expect(calls.some((c) => c.path === '/api/LoadSearch/Search')).toBe(false);
  });

  it('names Cookie Administration without a link for a dispatcher, who may not open it', async () => {
    api({ json: { rows: [], total: 0, truncated: false } }, { working: false, checkedOn: '2026-11-25T14:30:00.000Z', sessions: 2 }, userFixture('dispatcher'));
    renderApp('/app/relay/loadsearch');
    const warning = await screen.findByRole('alert', { name: 'Load board session' });
    expect(warning.textContent).toMatch(/^No working load board session\. The load board accepted none of the stored sessions at the last check \(.+\)\. An administrator can add a working one in Cookie Administration\.$/);
    expect(within(warning).queryByRole('link')).toBeNull();
  });

  it('shows an ERROR answer of the city search as an error toast with an empty list', async () => {
    api({ json: { rows: [], total: 0, truncated: false } });
    renderApp('/app/relay/loadsearch');
    const city = await screen.findByRole('combobox', { name: /Origin city/ });
    fireEvent.change(city, { target: { value: 'zzq' } });
    expect(await screen.findByText('The city data is unavailable')).toBeTruthy();
    expect(screen.queryByRole('option', { name: 'DALLAS, TX' })).toBeNull();
  });
});
