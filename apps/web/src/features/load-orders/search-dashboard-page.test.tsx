import type { TLoadOrder, TOrderEvent, TPermission } from '@haulboard/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, userFixture } from '../../test/api-mock';
import { renderApp } from '../../test/render-app';
import { media } from '../../test/setup';

// The chime is counted, not played (jsdom has no Web Audio).
const sound = vi.hoisted(() => ({ beep: vi.fn(), unlockSound: vi.fn() }));
vi.mock('./live/beep', () => sound);

beforeAll(() => import('./search-dashboard-page'), 120_000);
afterEach(() => vi.useRealTimers());

const DALLAS = { label: 'DALLAS, TX', latitude: 32.7767, longitude: -96.797 };
const MEMPHIS = { label: 'MEMPHIS, TN', latitude: 35.1495, longitude: -90.049 };

const active: TLoadOrder = {
  loadOrderId: 21,
  loadOrderStatusId: 1,
  workType: 'Any',
  origin: DALLAS,
  originRadius: 25,
  destination: [MEMPHIS],
  destinationRadius: 50,
  excludedDestinations: [],
  excludedStates: ['NY'],
  numberOfStops: 3,
  minPickupTime: 10,
  pickupTimeWithin: 2,
  loadStartDate: '2026-11-24T13:00:00.000Z',
  loadEndDate: null,
  loadingType: 'Any',
  ppm: 2,
  payout: 0,
  minDistance: 0,
  maxDistance: 0,
  driver1: 31,
  driver1Name: 'Sam Carter',
  driver2: null,
  driver2Name: null,
  timeZone: 'EST',
  orderActionType: 1,
  refreshRate: 5,
  state: 'searching',
  stateReason: null,
  lastSearchOn: null,
  searches: 0,
  matchesSeen: 0,
  bookedLoadNumber: null,
  createdBy: 'Pat Jones',
  createdOn: '2026-11-23T10:00:00.000Z',
  updatedOn: '2026-11-23T10:00:00.000Z',
};
const cancelled: TLoadOrder = {
  ...active,
  loadOrderId: 17,
  loadOrderStatusId: 0,
  origin: MEMPHIS,
  destination: [],
  driver2: 32,
  driver2Name: 'Maria Lopez',
  state: 'cancelled',
  stateReason: 'Cancelled by a dispatcher',
};
const DRIVERS = [
  { label: '101 - Sam Carter', value: 31 },
  { label: '102 - Maria Lopez', value: 32 },
];
const CITIES = [
  { label: 'DALLAS, TX', value: 'DALLAS, TX', name: 'DALLAS', stateCode: 'TX', latitude: 32.7767, longitude: -96.797 },
  { label: 'DALLAS, GA', value: 'DALLAS, GA', name: 'DALLAS', stateCode: 'GA', latitude: 33.9237, longitude: -84.8408 },
];
const TIMELINE: TOrderEvent[] = [
  {
    at: '2026-11-23T10:00:09.000Z',
    kind: 'search',
    text: 'Searched: 56 found (56 read in 2 pages), 1 matching, 412 ms',
    workOpportunityId: null,
    search: { outcome: 'ok', httpStatus: null, results: 56, total: 56, pages: 2, matches: 1, latencyMs: 412, coalesced: false },
  },
  { at: '2026-11-23T10:00:07.000Z', kind: 'search', text: 'Search failed: HTTP 503', workOpportunityId: null, search: { outcome: 'unavailable', httpStatus: 503, results: null, total: null, pages: null, matches: null, latencyMs: null, coalesced: false } },
  { at: '2026-11-23T10:00:05.000Z', kind: 'edited', text: 'Order edited', workOpportunityId: null, search: null },
  { at: '2026-11-23T10:00:00.000Z', kind: 'placed', text: 'Order placed', workOpportunityId: null, search: null },
];

const dashboard = (accessType: TPermission['accessType']) =>
  userFixture('dispatcher', { userPermissibleObjects: [{ objectName: 'SearchDashboardPage', accessType, isMenuVisible: true }] });

const api = (extra: Record<string, unknown> = {}, me = userFixture('admin')) =>
  mockApi({
    'POST /api/Auth/GetUserDetails': { json: me },
    'GET /api/LoadOrder': { json: [active, cancelled] },
    'GET /api/LoadOrder/GetCompanyDrivers': { json: DRIVERS },
    'GET /api/LoadOrder/GetCities': (_body: unknown, url: URL) =>
      (url.searchParams.get('value') ?? '').length < 2 ? { text: 'ERROR Type at least 2 letters of a city' } : { json: CITIES },
    'GET /api/LoadOrder/Timeline': { json: TIMELINE },
    'GET /api/LoadOrder/Alerts': { json: { cursor: 0, alerts: [] } },
    ...(extra as object),
  });

async function choose(scope: HTMLElement, label: RegExp, option: string | RegExp) {
  fireEvent.mouseDown(within(scope).getByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

describe('search dashboard (spec §2 relay/search-dashboard, §4 order status, §5, §8, §9)', () => {
  it('shows active orders with their state from the server, and the history folded away', async () => {
    api();
    renderApp('/app/relay/search-dashboard');
    expect(await screen.findByRole('heading', { name: 'Search Dashboard' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Active Orders' });
    const row = (await within(table).findByText('Sam Carter')).closest('tr')!;
    for (const text of ['DALLAS, TX (25 mi) → MEMPHIS, TN (50 mi)', 'Alert', 'Searching', 'No search yet', 'Excluding NY']) expect(row.textContent).toContain(text);
    expect(screen.queryByRole('table', { name: 'Order History' })).toBeNull();
    const toggle = screen.getByRole('button', { name: 'Order History (1)' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    const history = await screen.findByRole('table', { name: 'Order History' });
    const old = within(history).getByText('Sam Carter & Maria Lopez').closest('tr')!;
    expect(old.textContent).toContain('Cancelled');
    expect(old.textContent).toContain('Cancelled by a dispatcher');
    expect(within(old).queryByRole('button', { name: /^Cancel / })).toBeNull();
    expect(within(old).getByRole('button', { name: 'Timeline of order #17' })).toBeTruthy();
  });

  it('on a phone, one column holds the order, its route and its state, the actions stacked beside it', async () => {
    media.width = 390;
    api();
    renderApp('/app/relay/search-dashboard');
    const table = await screen.findByRole('table', { name: 'Active Orders' });
    const row = (await within(table).findByText(/#21 · Sam Carter/)).closest('tr')!;
    for (const text of ['Alert · $2.00/mi', 'DALLAS, TX (25 mi) → MEMPHIS, TN (50 mi)', 'Searching', 'No search yet']) expect(row.textContent).toContain(text);
    expect(within(row).getByRole('button', { name: 'Cancel order #21' })).toBeTruthy();
  });

  it('says plainly when the last check found no working board session, with a link to Cookie Administration', async () => {
    api({ 'GET /api/CookieAdmin/Status': { json: { working: false, checkedOn: null, sessions: 0 } } });
    renderApp('/app/relay/search-dashboard');
    const warning = await screen.findByRole('alert', { name: 'Load board session' });
    expect(warning.textContent).toBe('No working load board session. None is stored. Add a working one in Cookie Administration.');
    expect(within(warning).getByRole('link', { name: 'Cookie Administration' }).getAttribute('href')).toBe('/app/relay/cookie-admin');
  });

  it('says plainly when orders are paused, with a link to Cookie Administration', async () => {
    api({ 'GET /api/LoadOrder': { json: [{ ...active, state: 'paused', stateReason: 'Session expired' }] } });
    renderApp('/app/relay/search-dashboard');
    const alert = await screen.findByText(/1 order is paused: Session expired/);
    expect(within(alert.closest('[role="alert"]')!).getByRole('link', { name: 'Cookie Administration' }).getAttribute('href')).toBe('/app/relay/cookie-admin');
    const row = screen.getByRole('table', { name: 'Active Orders' }).querySelector('tbody tr')!;
    expect(row.textContent).toContain('Paused');
    expect(row.textContent).toContain('Session expired');
  });

  it('refreshes the list every 5 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const calls = api();
    renderApp('/app/relay/search-dashboard');
    await screen.findByRole('table', { name: 'Active Orders' });
    const lists = () => calls.filter((c) => c.method === 'GET' && c.path === '/api/LoadOrder').length;
    await waitFor(() => expect(lists()).toBe(1));
    await act(() => vi.advanceTimersByTimeAsync(5000));
    await waitFor(() => expect(lists()).toBe(2));
    await act(() => vi.advanceTimersByTimeAsync(5000));
    await waitFor(() => expect(lists()).toBe(3));
  });

  it('a plain-text list answer is an error toast and an empty list (spec §8)', async () => {
    api({ 'GET /api/LoadOrder': { text: 'ERROR The order list is unavailable' } });
    renderApp('/app/relay/search-dashboard');
    const toast = await screen.findByText('The order list is unavailable');
    expect(toast.closest('.Toastify__toast')?.className).toContain('--error');
    expect(await screen.findByText('No active orders')).toBeTruthy();
  });

  it('places an order: the defaults, "First name is required", the city search, then the confirmation', async () => {
    const calls = api({ 'POST /api/LoadOrder/PlaceOrder': { text: 'Order placed successfully' } });
    renderApp('/app/relay/search-dashboard');
    fireEvent.click(await screen.findByRole('button', { name: /Add order/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Add order' });
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Place order' }).hasAttribute('disabled')).toBe(false));
    // Spec §9 defaults.
    const shown = (label: RegExp) => within(dialog).getByRole('combobox', { name: label }).textContent;
    expect(shown(/Work type/)).toBe('Any');
    expect(shown(/Origin radius/)).toBe('25 mi');
    expect(shown(/^Stops/)).toBe('3');
    expect(shown(/Loading type/)).toBe('Any');
    expect(shown(/Time zone/)).toBe('EST');
    expect(shown(/Order action/)).toBe('Alert');
    expect((within(dialog).getByLabelText(/Minimum rate per mile/) as HTMLInputElement).value).toBe('2');
    expect((within(dialog).getByLabelText(/Refresh rate/) as HTMLInputElement).value).toBe('0.5');
    expect(within(dialog).getByText('NY')).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Place order' }));
    expect(await within(dialog).findByText('First name is required')).toBeTruthy();
    expect(within(dialog).getByText('Choose a city')).toBeTruthy();

    // Origin: a single-selection location; the search needs its city.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Choose origin' }));
    const where = await screen.findByRole('dialog', { name: 'Origin' });
    fireEvent.click(within(where).getByRole('button', { name: 'Done' }));
    expect(await within(where).findByText('Brokers name is required')).toBeTruthy();
    fireEvent.change(within(where).getByRole('combobox', { name: /City/ }), { target: { value: 'dall' } });
    fireEvent.click(await screen.findByRole('option', { name: 'DALLAS, GA' }));
    fireEvent.change(within(where).getByRole('combobox', { name: /City/ }), { target: { value: 'dall' } });
    fireEvent.click(await screen.findByRole('option', { name: 'DALLAS, TX' }));
    // One entry: the second city replaced the first.
    expect(within(where).queryByText('DALLAS, GA')).toBeNull();
    expect(within(where).getByText('DALLAS, TX')).toBeTruthy();
    fireEvent.click(within(where).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Origin' })).toBeNull());
    expect((within(dialog).getByLabelText(/^Origin\s*\*?$/) as HTMLInputElement).value).toBe('DALLAS, TX');

    // Destinations: multiple-selection, many entries.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Choose destinations' }));
    const to = await screen.findByRole('dialog', { name: 'Destinations' });
    for (const city of ['DALLAS, TX', 'DALLAS, GA']) {
      fireEvent.change(within(to).getByRole('combobox', { name: /City/ }), { target: { value: 'dall' } });
      fireEvent.click(await screen.findByRole('option', { name: city }));
    }
    fireEvent.click(within(to).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Destinations' })).toBeNull());
    expect((within(dialog).getByLabelText(/^Destinations/) as HTMLInputElement).value).toBe('DALLAS, TX · DALLAS, GA');

    await choose(dialog, /Driver 1/, '101 - Sam Carter');
    await choose(dialog, /Order action/, 'Book & Assign');
    fireEvent.change(within(dialog).getByLabelText(/Load start time/), { target: { value: '2026-11-24T08:00' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Place order' }));
    const confirm = await screen.findByRole('dialog', { name: 'Place order' });
    expect(confirm.textContent).toContain('Are you sure you want to submit your order for 101 - Sam Carter');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Order placed successfully')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((c) => c.path === '/api/LoadOrder/PlaceOrder')?.body).toMatchObject({
      loadOrderId: 0,
      origin: DALLAS,
      destination: [CITIES[0], CITIES[1]].map(({ label, latitude, longitude }) => ({ label, latitude, longitude })),
      originRadius: 25,
      excludedStates: ['NY'],
      numberOfStops: 3,
      ppm: 2,
      driver1: 31,
      driver2: null,
      orderActionType: 3,
      timeZone: 'EST',
      // 08:00 in EST (New York, UTC-5 in November).
      loadStartDate: '2026-11-24T13:00:00.000Z',
      loadEndDate: null,
      refreshRate: 0.5,
    });
  });

  it('a city search answered with ERROR text is an error toast and no cities (spec §8)', async () => {
    api({ 'GET /api/LoadOrder/GetCities': { text: 'ERROR The city data is unavailable' } });
    renderApp('/app/relay/search-dashboard');
    fireEvent.click(await screen.findByRole('button', { name: /Add order/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Add order' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Choose origin' }));
    const where = await screen.findByRole('dialog', { name: 'Origin' });
    fireEvent.change(within(where).getByRole('combobox', { name: /City/ }), { target: { value: 'dall' } });
    const toast = await screen.findByText('The city data is unavailable');
    expect(toast.closest('.Toastify__toast')?.className).toContain('--error');
    expect(await screen.findByText('No city found')).toBeTruthy();
  });

  it('edits an order with its version and resets its refresh rate to 0.5 (spec §4)', async () => {
    const calls = api({ 'POST /api/LoadOrder/PlaceOrder': { text: 'Order updated successfully' } });
    renderApp('/app/relay/search-dashboard');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit order #21' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit order #21' });
    expect((within(dialog).getByLabelText(/Refresh rate/) as HTMLInputElement).value).toBe('0.5');
    expect((within(dialog).getByLabelText(/Load start time/) as HTMLInputElement).value).toBe('2026-11-24T08:00');
    await waitFor(() => expect(within(dialog).getByRole('combobox', { name: /Driver 1/ }).textContent).toBe('101 - Sam Carter'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    const confirm = await screen.findByRole('dialog', { name: 'Save order' });
    expect(confirm.textContent).toContain('Are you sure you want to submit your order for 101 - Sam Carter');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Order updated successfully')).toBeTruthy();
    expect(calls.find((c) => c.path === '/api/LoadOrder/PlaceOrder')?.body).toMatchObject({
      loadOrderId: 21,
      refreshRate: 0.5,
      updatedOn: active.updatedOn,
      loadStartDate: active.loadStartDate,
      destination: [MEMPHIS],
    });
  });

  it('Escape on a changed order asks before discarding it; an unchanged one just closes (issue 8 #6)', async () => {
    api();
    renderApp('/app/relay/search-dashboard');
    fireEvent.click(await screen.findByRole('button', { name: 'Add order' }));
    let dialog = await screen.findByRole('dialog', { name: 'Add order' });
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add order' })).toBeNull());
    expect(screen.queryByRole('dialog', { name: 'Discard your changes?' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Add order' }));
    dialog = await screen.findByRole('dialog', { name: 'Add order' });
    fireEvent.change(within(dialog).getByLabelText(/Minimum payout/), { target: { value: '1500' } });
    fireEvent.keyDown(dialog, { key: 'Escape' });
    const ask = await screen.findByRole('dialog', { name: 'Discard your changes?' });
    fireEvent.click(within(ask).getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Discard your changes?' })).toBeNull());
    expect((within(dialog).getByLabelText(/Minimum payout/) as HTMLInputElement).value).toBe('1500');
    fireEvent.keyDown(dialog, { key: 'Escape' });
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Discard your changes?' })).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add order' })).toBeNull());
  });

  it('cancels an active order after confirming: "Order cancelled successfully"', async () => {
    const calls = api({ 'DELETE /api/LoadOrder': { text: 'Order cancelled successfully' } });
    renderApp('/app/relay/search-dashboard');
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel order #21' }));
    const confirm = await screen.findByRole('dialog', { name: 'Cancel order' });
    expect(confirm.textContent).toContain('Are you sure you want to cancel order #21');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Order cancelled successfully')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/api/LoadOrder?id=21']);
  });

  it('shows an order’s timeline, newest first', async () => {
    const calls = api();
    renderApp('/app/relay/search-dashboard');
    fireEvent.click(await screen.findByRole('button', { name: 'Timeline of order #21' }));
    const dialog = await screen.findByRole('dialog', { name: 'Timeline of order #21' });
    const items = await within(dialog).findAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual([expect.stringContaining('Searched: 56 found'), expect.stringContaining('Order edited'), expect.stringContaining('Order placed')]);
    // Two searches in a row are one line; what the last one found is under it.
    expect(items[0].textContent).toContain('2 searches since');
    expect(within(items[0]).getByText('56 results in 2 pages · 1 matching · 412 ms · board: OK')).toBeTruthy();
    expect(within(dialog).queryByText(/board: unavailable/)).toBeNull();
    expect(calls.some((c) => c.path === '/api/LoadOrder/Timeline?id=21')).toBe(true);
  });

  it('with DenyDelete: add and edit, no cancel; with Read: only the timeline', async () => {
    api({}, dashboard('DenyDelete'));
    const first = renderApp('/app/relay/search-dashboard');
    expect(await screen.findByRole('button', { name: 'Edit order #21' })).toBeTruthy();
    expect(screen.getByRole('button', { name: /Add order/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Cancel order/ })).toBeNull();
    first.unmount();

    api({}, dashboard('Read'));
    renderApp('/app/relay/search-dashboard');
    expect(await screen.findByRole('button', { name: 'Timeline of order #21' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Add order/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Edit order/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Cancel order/ })).toBeNull();
  });
});

/** A stand-in for the browser's EventSource: the test plays the server's events. */
class FakeEventSource extends EventTarget {
  static CONNECTING = 0;
  static OPEN = 1;
  static CLOSED = 2;
  static last: FakeEventSource | null = null;
  readyState = 0;
  constructor(readonly url: string) {
    super();
    FakeEventSource.last = this;
  }
  close() {
    this.readyState = 2;
  }
  open() {
    this.readyState = 1;
    this.dispatchEvent(new Event('open'));
  }
  emit(type: string, data: unknown, id = '') {
    this.dispatchEvent(new MessageEvent(type, { data: JSON.stringify(data), lastEventId: id }));
  }
}

describe('pushed changes (server-sent events)', () => {
  const ALERT = {
    id: 901,
    orderId: 21,
    at: '2026-11-23T10:01:00.000Z',
    text: 'Match: DALLAS, TX → MEMPHIS, TN $1,250.00',
    drivers: 'Sam Carter',
    origin: 'DALLAS, TX',
    destination: 'MEMPHIS, TN',
    pickupAt: '2026-11-24T14:00:00.000Z',
    payout: '1250.00',
    distance: 452,
    link: 'https://relay.example/loadboard/wo-1',
  };
  beforeEach(async () => (await import('./live/order-stream')).resetOrderStream());
  afterEach(async () => {
    (await import('./live/order-stream')).resetOrderStream();
    vi.unstubAllGlobals();
  });

  it('shows each pushed alert once, with its link, and fetches the list again on a change', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    const calls = api();
    renderApp('/app/relay/search-dashboard');
    await screen.findByRole('button', { name: 'Timeline of order #21' });
    const source = FakeEventSource.last as FakeEventSource;
    expect(source.url).toBe('/api/LoadOrder/Events');
    act(() => source.open());
    expect(await screen.findByRole('status', { name: 'Updates: Live' })).toBeTruthy();

    const listed = calls.filter((c) => c.path === '/api/LoadOrder').length;
    act(() => source.emit('orders', { cursor: 5 }, '5'));
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/LoadOrder').length).toBe(listed + 1));

    act(() => source.emit('alert', ALERT, '901'));
    act(() => source.emit('alert', ALERT, '901'));
    const alerts = await screen.findAllByRole('alert');
    const match = alerts.filter((a) => a.textContent?.includes('Match for Sam Carter'));
    expect(match).toHaveLength(1);
    expect(match[0].textContent).toContain('DALLAS, TX → MEMPHIS, TN');
    expect(match[0].textContent).toContain('$1,250.00');
    expect(within(match[0]).getByRole('link', { name: /Open on the board/ }).getAttribute('href')).toBe(ALERT.link);
    fireEvent.click(within(match[0]).getByRole('button', { name: 'Dismiss the matches for order #21' }));
    await waitFor(() => expect(screen.queryByText('Match for Sam Carter')).toBeNull());
    // Dismissed and already seen: the same alert replayed after a reconnect stays away.
    act(() => source.emit('alert', ALERT, '901'));
    expect(screen.queryByText('Match for Sam Carter')).toBeNull();
  });

  it('announces a booking like a match: the card names the load and the driver, with the chime (Book & Assign)', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    api();
    renderApp('/app/relay/search-dashboard');
    await screen.findByRole('button', { name: 'Timeline of order #21' });
    const source = FakeEventSource.last as FakeEventSource;
    act(() => source.open());
    sound.beep.mockClear();
    const BOOKED = { ...ALERT, id: 905, kind: 'booked', loadNumber: '114-22', text: 'Booked DALLAS, TX → MEMPHIS, TN, $1,250.00: trip 114-22, load 114-22 created', link: '/app/loadboard/114-22' };
    act(() => source.emit('alert', { ...ALERT, kind: 'alert', loadNumber: null }, '901'));
    act(() => source.emit('alert', BOOKED, '905'));
    const card = (await screen.findByText('Booked 114-22 for Sam Carter')).closest('[role="alert"]') as HTMLElement;
    expect(card.textContent).toContain('DALLAS, TX → MEMPHIS, TN');
    expect(card.textContent).toContain('$1,250.00');
    expect(within(card).getByRole('link', { name: 'Open the load' }).getAttribute('href')).toBe('/app/loadboard/114-22');
    // Its own card, not counted among the order's matches.
    expect(screen.getByText('Match for Sam Carter')).toBeTruthy();
    await waitFor(() => expect(sound.beep).toHaveBeenCalled());
    fireEvent.click(within(card).getByRole('button', { name: 'Dismiss the booking of order #21' }));
    await waitFor(() => expect(screen.queryByText('Booked 114-22 for Sam Carter')).toBeNull());
  });

  it('falls back to polling when the stream is refused', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    api();
    renderApp('/app/relay/search-dashboard');
    await screen.findByRole('button', { name: 'Timeline of order #21' });
    const source = FakeEventSource.last as FakeEventSource;
    act(() => {
      source.readyState = 2;
      source.dispatchEvent(new Event('error'));
    });
    expect(await screen.findByRole('status', { name: 'Updates: Refreshing every 5 s' })).toBeTruthy();
  });

  it('still shows alerts, once each, when the stream is refused and the page polls', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    let polls = 0;
    const calls = api({
      'GET /api/LoadOrder/Alerts': (_body: unknown, url: URL) => {
        polls++;
        // The first poll starts from now; later ones find the match (twice: shown once).
        return { json: url.searchParams.has('after') ? { cursor: 901, alerts: [ALERT] } : { cursor: 900, alerts: [] } };
      },
    });
    renderApp('/app/relay/search-dashboard');
    await screen.findByRole('button', { name: 'Timeline of order #21' });
    const source = FakeEventSource.last as FakeEventSource;
    act(() => {
      source.readyState = 2;
      source.dispatchEvent(new Event('error'));
    });
    await waitFor(() => expect(polls).toBeGreaterThanOrEqual(1));
    const alerts = await screen.findAllByRole('alert', {}, { timeout: 7000 });
    expect(alerts.filter((a) => a.textContent?.includes('Match for Sam Carter'))).toHaveLength(1);
    expect(calls.some((c) => c.path === '/api/LoadOrder/Alerts?after=900')).toBe(true);
    await waitFor(() => expect(polls).toBeGreaterThanOrEqual(3), { timeout: 12_000 });
    expect(screen.getAllByRole('alert').filter((a) => a.textContent?.includes('Match for Sam Carter'))).toHaveLength(1);
  }, 20_000);
});
