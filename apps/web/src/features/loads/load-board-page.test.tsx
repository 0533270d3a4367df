import '../../test/setup';
import type { TLoad, TPermission } from '@haulboard/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { mockApi, userFixture } from '../../test/api-mock';
import { renderApp } from '../../test/render-app';

beforeAll(() => import('./load-board-page'), 120_000);

const monday = dayjs().startOf('day').subtract((dayjs().day() + 6) % 7, 'day');
const mdy = (d: dayjs.Dayjs) => d.format('MM/DD/YYYY');
const WEEKS = [
  { label: `Week 46 (${mdy(monday.subtract(7, 'day'))} - ${mdy(monday.subtract(1, 'day'))})`, value: 98 },
  { label: `Week 47 (${mdy(monday)} - ${mdy(monday.add(6, 'day'))})`, value: 99 },
];

const load = (over: Partial<TLoad> = {}): TLoad => ({
  loadId: 1,
  loadNumber: 'LD-100',
  brokerId: 3,
  brokerName: 'Blue Heron Freight Brokers',
  loadStartDate: monday.add(1, 'day').hour(8).toISOString(),
  loadEndDate: monday.add(2, 'day').hour(17).toISOString(),
  weekId: 99,
  originStateId: 45,
  originCity: 'Dallas',
  originStateName: 'Texas',
  destinationStateId: 5,
  destinationCity: 'Fresno',
  destinationStateName: 'California',
  tripLength: 1234.5,
  numberOfStops: 2,
  pricePerMile: 2.35,
  payout: 2901.08,
  loadStatusId: 1,
  loadStatusName: 'Booked',
  loadDrivers: [7],
  loadDriverNames: 'Sam Carter',
  drivers: [{ userId: 7, name: 'Sam Carter', unitNumber: '101' }],
  isDispute: false,
  comments: null,
  companyName: 'Demo Freight LLC',
  createdBy: 'Dana Reyes',
  createdOn: '2026-11-16T10:00:00.000Z',
  updatedBy: 'Dana Reyes',
  updatedOn: '2026-11-16T10:00:00.000Z',
  ...over,
});

const unpaid = load({ loadId: 2, loadNumber: 'LD-200', payout: 0, loadDrivers: [], loadDriverNames: '', drivers: [], isDispute: true });

const lookups = {
  'GET /api/Lookup/GetWorkWeekList': { json: WEEKS },
  'GET /api/Lookup/GetCompanyDrivers': { json: [{ label: '101 - Sam Carter', value: 7 }, { label: '102 - Maria Lopez', value: 8 }] },
  'GET /api/Lookup/GetLoadStatusList': { json: [{ label: 'Booked', value: 1 }, { label: 'Delivered', value: 4 }] },
  'GET /api/Lookup/GetBrokerList': { json: [{ label: 'Blue Heron Freight Brokers', value: 3 }] },
  'GET /api/Lookup/GetStates': { json: [{ label: 'California', value: 5 }, { label: 'Texas', value: 45 }] },
};

const boardUser = (board: TPermission['accessType'], dashboard: TPermission['accessType'] | null = 'DenyDelete') =>
  userFixture('dispatcher', {
    userPermissibleObjects: [
      { objectName: 'LoadBoardPage', accessType: board, isMenuVisible: true },
      ...(dashboard ? [{ objectName: 'DriverDashboardPage' as const, accessType: dashboard, isMenuVisible: true }] : []),
    ],
  });

const api = (extra: Record<string, unknown> = {}, me = boardUser('Write'), rows = [load(), unpaid]) =>
  mockApi({
    'POST /api/Auth/GetUserDetails': { json: me },
    'POST /api/Load/GetFilteredLoadsPage': { json: { rows, total: rows.length, totalPayout: '2901.08', page: 0, pageSize: 100 } },
    ...lookups,
    ...(extra as object),
  });

const row = async (text: string) => (await screen.findByText(text)).closest('tr')!;

describe('load board (spec §2 loadboard)', () => {
  it('opens on this week, keeps the filter in the URL and shows the exact Total', async () => {
    const calls = api();
    const app = renderApp('/app/loadboard');
    await waitFor(() => expect(app.location()).toBe('/app/loadboard?year=' + dayjs().year() + '&weekId=99'));
    expect((await screen.findByTestId('board-total')).textContent).toBe('$2,901.08');
    await waitFor(() => expect(calls.some((c) => c.path === '/api/Load/GetFilteredLoadsPage')).toBe(true));
    const body = calls.find((c) => c.path === '/api/Load/GetFilteredLoadsPage')!.body as Record<string, unknown>;
    expect(body).toMatchObject({ weekId: 99, driverId: 0, page: 0, pageSize: 100 });
    expect((await row('LD-100')).textContent).toContain('Dallas, TX');
  });

  it('an empty list says "No loads yet" only without filters; a search, driver or end date with no match says so', async () => {
    api({}, boardUser('Write'), []);
    const app = renderApp('/app/loadboard?weekId=0');
    expect(await screen.findByText('No loads yet')).toBeTruthy();
    for (const query of ['weekId=0&search=Heron', 'weekId=0&driverId=7', `weekId=0&endDate=${monday.format('YYYY-MM-DD')}`]) {
      await app.router.navigate(`/app/loadboard?${query}`);
      expect(await screen.findByText('No loads match these filters')).toBeTruthy();
      expect(screen.queryByText('No loads yet')).toBeNull();
    }
  });

  it('a list that cannot be read shows the error with Retry and a dash for the Total, not a placeholder', async () => {
    api({ 'POST /api/Load/GetFilteredLoadsPage': { status: 400, json: { statusCode: 400, code: 'BAD_REQUEST', message: 'The filter could not be read' } } });
    renderApp('/app/loadboard?weekId=99');
    expect(await screen.findByRole('button', { name: 'Retry' })).toBeTruthy();
    expect((await screen.findByTestId('board-total')).textContent).toBe('—');
    expect(within(screen.getByRole('status', { name: 'Total payout' })).queryByText(/loads?$/)).toBeNull();
  });

  it('a failed list is the error with Retry, not an empty table; Retry brings the loads', async () => {
    let failing = true;
    const calls = api({
      'POST /api/Load/GetFilteredLoadsPage': () =>
        failing
          ? { status: 400, json: { statusCode: 400, code: 'BAD_REQUEST', message: 'The loads are unavailable' } }
          : { json: { rows: [load()], total: 1, totalPayout: '2901.08', page: 0, pageSize: 100 } },
    });
    renderApp('/app/loadboard?weekId=99');
    const retry = await screen.findByRole('button', { name: 'Retry' });
    expect(screen.getByRole('alert').textContent).toContain('The loads are unavailable');
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByText(/No loads|could not be read/)).toBeNull();
    const asked = calls.filter((c) => c.path === '/api/Load/GetFilteredLoadsPage').length;
    failing = false;
    fireEvent.click(retry);
    expect((await row('LD-100')).textContent).toContain('Dallas, TX');
    expect(calls.filter((c) => c.path === '/api/Load/GetFilteredLoadsPage').length).toBe(asked + 1);
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it('marks a load without payout or driver with labels, and a dispute with a chip', async () => {
    api();
    renderApp('/app/loadboard?weekId=99');
    const r = await row('LD-200');
    expect(within(r).getByText('No payout')).toBeTruthy();
    expect(within(r).getByText('No driver')).toBeTruthy();
    expect(within(r).getByText('Dispute')).toBeTruthy();
    expect(within(await row('LD-100')).queryByText('No payout')).toBeNull();
  });

  it('offers add, edit and delete by access level; the driver filter only with DenyDelete on the dashboard', async () => {
    api({}, boardUser('Read', 'Read'));
    renderApp('/app/loadboard?weekId=99');
    await row('LD-100');
    expect(screen.queryByRole('button', { name: 'Add Load' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Delete load/ })).toBeNull();
    expect(screen.getAllByRole('button', { name: /View load/ }).length).toBe(2);
    expect(screen.queryByRole('combobox', { name: /Driver/ })).toBeNull();
  });

  it('adds a load: Save waits for a valid form, payout is PPM × miles in exact cents', async () => {
    const calls = api({ 'POST /api/Load/AddUpdateLoad': { text: 'Load updated successfully' } }, boardUser('DenyDelete'));
    renderApp('/app/loadboard?weekId=99&year=' + dayjs().year());
    fireEvent.click(await screen.findByRole('button', { name: 'Add Load' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add load' });
    const save = within(dialog).getByRole('button', { name: 'Save' });
    expect(save.hasAttribute('disabled')).toBe(true);
    fireEvent.blur(within(dialog).getByLabelText(/Load number/));
    expect(await within(dialog).findByText('Field is required')).toBeTruthy();
    const fill = (label: RegExp, value: string) => fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });
    const choose = async (label: RegExp, option: string) => {
      fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: label }));
      fireEvent.click(await screen.findByRole('option', { name: option }));
    };
    fill(/Load number/, 'LD-300');
    await choose(/^Status/, 'Booked');
    await choose(/^Broker/, 'Blue Heron Freight Brokers');
    fill(/Start date/, monday.add(1, 'day').format('YYYY-MM-DDT08:00'));
    fill(/End date/, monday.add(2, 'day').format('YYYY-MM-DDT17:00'));
    fill(/Origin city/, 'Dallas');
    await choose(/^Origin state/, 'Texas');
    fill(/Destination city/, 'Fresno');
    await choose(/^Destination state/, 'California');
    fill(/Trip length/, '1234.5');
    fill(/Number of stops/, '2');
    fill(/Price per mile/, '2.35');
    await waitFor(() => expect((within(dialog).getByLabelText(/Payout/) as HTMLInputElement).value).toBe('2901.08'));
    await choose(/^Driver/, '101 - Sam Carter');
    await waitFor(() => expect(save.hasAttribute('disabled')).toBe(false));
    fireEvent.click(save);
    expect(await screen.findByText('Load updated successfully')).toBeTruthy();
    const body = calls.find((c) => c.path === '/api/Load/AddUpdateLoad')!.body as Record<string, unknown>;
    expect(body).toMatchObject({ loadId: 0, loadNumber: 'LD-300', weekId: 99, payout: 2901.08, loadDrivers: [7], tripLength: 1234.5 });
    expect(body.updatedOn).toBeUndefined();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('edits with the version, duplicates as a new load, and keeps the dialog open on a refusal', async () => {
    let reply = { status: 409, text: 'ERROR Load number LD-100 already exists' };
    const calls = api({ 'POST /api/Load/AddUpdateLoad': () => reply });
    renderApp('/app/loadboard?weekId=99');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit load LD-100' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit load LD-100' });
    const duplicate = within(dialog).getByRole('button', { name: 'Duplicate' });
    await waitFor(() => expect(duplicate.hasAttribute('disabled')).toBe(false));
    fireEvent.click(duplicate);
    expect(await screen.findByText('Load number LD-100 already exists')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Edit load LD-100' })).toBeTruthy();
    const first = calls.filter((c) => c.path === '/api/Load/AddUpdateLoad')[0].body as Record<string, unknown>;
    expect(first.loadId).toBe(0);
    expect(first.updatedOn).toBeUndefined();

    reply = { status: 200, text: 'Load updated successfully' };
    fireEvent.change(within(dialog).getByLabelText(/Comments/), { target: { value: 'Lumper paid' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const edit = calls.filter((c) => c.path === '/api/Load/AddUpdateLoad')[1].body as Record<string, unknown>;
    expect(edit).toMatchObject({ loadId: 1, updatedOn: '2026-11-16T10:00:00.000Z', comments: 'Lumper paid' });
  });

  it('asks before deleting and reports the deletion', async () => {
    const calls = api({ 'DELETE /api/Load': { text: 'Load deleted successfully' } });
    renderApp('/app/loadboard?weekId=99');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete load LD-100' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete load' });
    expect(confirm.textContent).toContain('Are you sure you want to delete LD-100');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Load deleted successfully')).toBeTruthy();
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/Load?id=1')).toBe(true);
  });

  it('/app/loadboard/:loadNumber filters to that load and opens it when it is the only match', async () => {
    const calls = api({}, boardUser('Write'), [load()]);
    const app = renderApp('/app/loadboard/LD-100');
    expect(await screen.findByRole('dialog', { name: 'Edit load LD-100' })).toBeTruthy();
    expect(app.location()).toBe('/app/loadboard?loadNumber=LD-100&weekId=0');
    const body = calls.find((c) => c.path === '/api/Load/GetFilteredLoadsPage')!.body as Record<string, unknown>;
    expect(body).toMatchObject({ loadNumber: 'LD-100', weekId: 0 });
  });
});

describe('a load dialog a dispatcher can trust (issue #8)', () => {
  const slowText = (text: string) => () => new Promise<{ text: string }>((resolve) => setTimeout(() => resolve({ text }), 60));
  const saves = <C extends { path: string }>(calls: C[]) => calls.filter((c) => c.path === '/api/Load/AddUpdateLoad');

  it('a 10,000-character city says "At most 100 characters" as it is typed, and Save sends nothing', async () => {
    const calls = api({ 'POST /api/Load/AddUpdateLoad': { text: 'Load updated successfully' } });
    renderApp('/app/loadboard?weekId=99');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit load LD-100' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit load LD-100' });
    const city = within(dialog).getByLabelText(/Origin city/) as HTMLInputElement;
    city.focus();
    fireEvent.change(city, { target: { value: 'D'.repeat(10_000) } });
    expect(await within(dialog).findByText('At most 100 characters')).toBeTruthy();
    expect(city.value).toHaveLength(10_000);
    const save = within(dialog).getByRole('button', { name: 'Save' });
    await waitFor(() => expect(save.hasAttribute('disabled')).toBe(true));
    fireEvent.click(save);
    // Enter in a field submits the form even while the button is disabled: still nothing is sent.
    fireEvent.submit(city.closest('form')!);
    await new Promise((r) => setTimeout(r, 100));
    expect(saves(calls)).toHaveLength(0);
    expect(screen.getByRole('dialog', { name: 'Edit load LD-100' })).toBeTruthy();
  });

  it('a doubled Save or Duplicate sends one request, with the dialog’s idempotency key', async () => {
    const calls = api({ 'POST /api/Load/AddUpdateLoad': slowText('Load updated successfully') });
    renderApp('/app/loadboard?weekId=99');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit load LD-100' }));
    let dialog = await screen.findByRole('dialog', { name: 'Edit load LD-100' });
    const duplicate = within(dialog).getByRole('button', { name: 'Duplicate' });
    await waitFor(() => expect(duplicate.hasAttribute('disabled')).toBe(false));
    fireEvent.click(duplicate);
    fireEvent.click(duplicate);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(saves(calls)).toHaveLength(1);
    expect((saves(calls)[0].body as { loadId: number }).loadId).toBe(0);
    const key = saves(calls)[0].headers['idempotency-key'];
    expect(key).toMatch(/\S{16,}/);

    fireEvent.click(screen.getByRole('button', { name: 'Edit load LD-100' }));
    dialog = await screen.findByRole('dialog', { name: 'Edit load LD-100' });
    const save = within(dialog).getByRole('button', { name: 'Save' });
    await waitFor(() => expect(save.hasAttribute('disabled')).toBe(false));
    fireEvent.click(save);
    fireEvent.click(save);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(saves(calls)).toHaveLength(2);
    expect(saves(calls)[1].headers['idempotency-key']).not.toBe(key);
  });

  it('a load of a week closed for settlements shows a lock and opens read-only with the reason', async () => {
    const weeks = WEEKS.map((w, i) => ({
      ...w,
      year: monday.year(),
      number: 46 + i,
      startDate: monday.add(7 * (i - 1), 'day').format('YYYY-MM-DD'),
      endDate: monday.add(7 * i - 1, 'day').format('YYYY-MM-DD'),
      isClosed: w.value === 99,
    }));
    api({ 'GET /api/Lookup/GetWorkWeekList': { json: weeks } });
    renderApp('/app/loadboard');
    const locked = await screen.findByRole('button', { name: 'View load LD-100 (its week is closed for settlements)' });
    expect(screen.queryByRole('button', { name: 'Delete load LD-100' })).toBeNull();
    fireEvent.click(locked);
    const dialog = await screen.findByRole('dialog');
    expect((await within(dialog).findByTestId('closed-week-lock')).textContent).toContain(`Week 47 of ${monday.year()} is closed for settlements`);
    expect(within(dialog).queryByRole('button', { name: 'Save' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Duplicate' })).toBeNull();
  });
});
