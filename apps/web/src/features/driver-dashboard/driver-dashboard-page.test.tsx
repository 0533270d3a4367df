import '../../test/setup';
import type { TDriverDashboard } from '@haulboard/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { mockApi, userFixture } from '../../test/api-mock';
import { renderApp } from '../../test/render-app';
import { media } from '../../test/setup';

beforeAll(() => import('./driver-dashboard-page'), 120_000);

const monday = dayjs().startOf('day').subtract((dayjs().day() + 6) % 7, 'day');
const iso = (d: dayjs.Dayjs) => d.format('YYYY-MM-DD');
const mdy = (d: dayjs.Dayjs) => d.format('MM/DD/YYYY');
const week = (value: number, number: number, start: dayjs.Dayjs) => ({
  label: `Week ${number} (${mdy(start)} - ${mdy(start.add(6, 'day'))})`,
  value,
  year: start.year(),
  number,
  startDate: iso(start),
  endDate: iso(start.add(6, 'day')),
});
const WEEKS = [week(98, 46, monday.subtract(7, 'day')), week(99, 47, monday)];
const DRIVERS = [
  { label: '101 - Sam Carter', value: 31, unitNumber: '101' },
  { label: '102 - Maria Lopez', value: 32, unitNumber: '102' },
];

const company = { companyId: 1, companyName: 'Demo Freight LLC', gross: '18250.40' };
const noDriver = (period = WEEKS[1].label): TDriverDashboard => ({
  companyGrossList: [company],
  totalGross: '0.00',
  totalExpense: '0.00',
  totalAdditions: '0.00',
  totalFuel: '0.00',
  administrationFee: '0.00',
  feeBasis: 'No administration fee',
  netIncome: '0.00',
  driverLoadList: [],
  driverExpenseList: [],
  driverFuelList: [],
  lineCounts: { loads: 0, expenses: 0, fuel: 0 },
  driver: null,
  period,
});

/** Sam's week, worked by hand: gross 2,901.08 + 1,000.01 (half of a 2,000.01 team load, odd cent his) = 3,901.09. */
const samWeek: TDriverDashboard = {
  ...noDriver(),
  totalGross: '3901.09',
  totalExpense: '470.00',
  totalAdditions: '48.75',
  totalFuel: '612.34',
  fuelSplit: [
    { label: 'Diesel', amount: '412.34' },
    { label: 'DEF', amount: '0.00' },
    { label: 'Reefer fuel', amount: '0.00' },
    { label: 'Cash advances and fees', amount: '200.00' },
  ],
  administrationFee: '150.00',
  feeBasis: '$150.00 per week × 1 week',
  // 3,901.09 + 48.75 − 470.00 − 612.34 − 150.00
  netIncome: '2717.50',
  driver: { userId: 31, name: 'Sam Carter', unitNumber: '101' },
  driverLoadList: [
    {
      loadId: 1,
      loadNumber: 'LD-100',
      companyName: 'Demo Freight LLC',
      startDate: monday.hour(8).toISOString(),
      endDate: monday.add(1, 'day').hour(17).toISOString(),
      origin: 'Dallas, TX',
      destination: 'Fresno, CA',
      rate: '2.35',
      payout: '2901.08',
      loadPayout: '2901.08',
      teammate: null,
      tripLength: '1234.5',
      loadStatusName: 'Delivered',
      comments: null,
    },
    {
      loadId: 2,
      loadNumber: 'LD-200',
      companyName: 'Demo Freight LLC',
      startDate: monday.add(2, 'day').hour(8).toISOString(),
      endDate: monday.add(3, 'day').hour(17).toISOString(),
      origin: 'Fresno, CA',
      destination: 'Reno, NV',
      rate: '3.00',
      payout: '1000.01',
      loadPayout: '2000.01',
      teammate: 'Maria Lopez',
      tripLength: '666.67',
      loadStatusName: 'TONU',
      comments: 'Team run',
    },
  ],
  driverExpenseList: [
    { expenseId: 5, expenseName: 'Trailer rent', expenseTypeName: 'Trailer rent', amount: '250.00', expenseDate: iso(monday), isReimbursement: false, occurrence: 'Occurrence 12' },
    { expenseId: 6, expenseName: 'Occupational accident insurance', expenseTypeName: 'Insurance', amount: '220.00', expenseDate: iso(monday), isReimbursement: false, occurrence: null },
    { expenseId: 7, expenseName: 'Toll reimbursement', expenseTypeName: 'Reimbursement', amount: '48.75', expenseDate: iso(monday.add(3, 'day')), isReimbursement: true, occurrence: null },
  ],
  driverFuelList: [
    { fuelTransactionId: 9, fuelDate: iso(monday.add(1, 'day')), unitNumber: '101', productName: 'Diesel', location: 'Love’s #301, Amarillo', stateCode: 'TX', quantity: '120.512', amount: '512.34' },
    // Late fuel: dated in an earlier, closed week and deducted in this one.
    {
      fuelTransactionId: 10,
      fuelDate: iso(monday.add(2, 'day')),
      unitNumber: '101',
      productName: 'Cash advance',
      location: null,
      stateCode: 'NM',
      quantity: '0',
      amount: '100.00',
      lateFrom: 'Late fuel from week 12 of 2026',
    },
  ],
  lineCounts: { loads: 2, expenses: 3, fuel: 2 },
};

const api = (me = userFixture('dispatcher'), answer: (url: URL) => TDriverDashboard = (url) => (url.searchParams.get('driverId') === '31' || me.roleId === 3 ? samWeek : noDriver())) =>
  mockApi({
    'POST /api/Auth/GetUserDetails': { json: me },
    'GET /api/Lookup/GetWorkWeekList': { json: WEEKS },
    'GET /api/Lookup/GetCompanyDrivers': { json: DRIVERS },
    'GET /api/DriverDashboard/GetDriversGrossIncome': (_body, url) => ({ json: answer(url) }),
  });

const dashboardCalls = (calls: { path: string }[]) =>
  calls.filter((c) => c.path.startsWith('/api/DriverDashboard/GetDriversGrossIncome')).map((c) => new URL(c.path, 'http://x').searchParams);
const figure = (label: string) => within(screen.getByRole('region', { name: label })).getByTestId('figure').textContent;

describe('driver dashboard (spec §2 dashboard-driver, §6)', () => {
  it('opens on this week; a dispatcher sees the company gross and is asked to choose a driver', async () => {
    const calls = api();
    const app = renderApp('/app/dashboard-driver');
    await waitFor(() => expect(app.location()).toBe(`/app/dashboard-driver?year=${dayjs().year()}&weekId=99`));
    expect(await screen.findByText(/Choose a driver in the filters/)).toBeTruthy();
    expect(figure('Company gross')).toBe('$18,250.40');
    expect(screen.queryByRole('region', { name: 'NET' })).toBeNull();
    const sent = dashboardCalls(calls).at(-1)!;
    expect(sent.get('week')).toBe('99');
    expect(sent.get('driverId')).toBeNull();
  });

  it('a dispatcher picks a driver and sees exact figures, team shares, linked load numbers, additions and fuel', async () => {
    const calls = api();
    const app = renderApp('/app/dashboard-driver?year=2026&weekId=99');
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: 'Driver' }));
    fireEvent.click(await screen.findByRole('option', { name: '101 - Sam Carter' }));
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(app.location()).toBe('/app/dashboard-driver?year=2026&weekId=99&driverId=31'));
    expect(await screen.findByText('Sam Carter · Unit 101')).toBeTruthy();
    expect(dashboardCalls(calls).at(-1)!.get('driverId')).toBe('31');

    expect(figure('Total Gross')).toBe('$3,901.09');
    expect(figure('Additions')).toBe('$48.75');
    expect(figure('Total Expense')).toBe('$470.00');
    expect(figure('Total Fuel')).toBe('$612.34');
    // Beneath Total Fuel, what was bought.
    const split = screen.getByLabelText('Total Fuel by product');
    expect(split.textContent).toBe('Diesel$412.34DEF$0.00Reefer fuel$0.00Cash advances and fees$200.00');
    expect(figure('Administration Fee')).toBe('$150.00');
    expect(screen.getByText('$150.00 per week × 1 week')).toBeTruthy();
    expect(figure('NET')).toBe('$2,717.50');
    expect(figure('Company gross')).toBe('$18,250.40');

    const loads = screen.getByRole('table', { name: 'Executed loads' });
    expect(within(loads).getByRole('link', { name: 'LD-100' }).getAttribute('href')).toBe('/app/loadboard/LD-100');
    const team = within(loads).getByText('LD-200').closest('tr')!;
    for (const text of ['Maria Lopez', '$1,000.01', 'of $2,000.01', 'TONU', 'Fresno, CA']) expect(team.textContent).toContain(text);
    expect(screen.getByText('2 loads · Gross $3,901.09')).toBeTruthy();

    const expenses = screen.getByRole('table', { name: 'Expenses' });
    expect(within(expenses).getByText('Toll reimbursement').closest('tr')!.textContent).toContain('+$48.75');
    expect(within(expenses).getByText('Trailer rent · Occurrence 12')).toBeTruthy();
    expect(within(expenses).getAllByText('−$250.00').length).toBe(1);
    const fuel = screen.getByRole('table', { name: 'Fuel' });
    expect(within(fuel).getByText('Cash advance').closest('tr')!.textContent).toContain('−$100.00');
    expect(within(fuel).getByText('Late fuel from week 12 of 2026').closest('tr')!.textContent).toContain('Cash advance');
    expect(within(fuel).getByText('Diesel').closest('tr')!.textContent).not.toContain('Late fuel');
    expect(screen.getByText('Total fuel −$612.34')).toBeTruthy();
  });

  it('says when the lists were cut to their first lines, and counts every load', async () => {
    api(userFixture('driver'), () => ({ ...samWeek, lineCounts: { loads: 700, expenses: 3, fuel: 12_000 } }));
    renderApp('/app/dashboard-driver?year=2026&weekId=99');
    expect(await screen.findByText('700 loads · Gross $3,901.09')).toBeTruthy();
    expect(screen.getAllByTestId('lines-cut').map((n) => n.textContent)).toEqual([
      'Showing 2 of 700 loads; the totals count them all.',
      'Showing 2 of 12,000 fuel-card lines; the totals count them all.',
    ]);
  });

  it('keeps a driver chosen before Search when figures arrive meanwhile', async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    mockApi({
      'POST /api/Auth/GetUserDetails': { json: userFixture('dispatcher') },
      'GET /api/Lookup/GetWorkWeekList': { json: WEEKS },
      'GET /api/Lookup/GetCompanyDrivers': { json: DRIVERS },
      'GET /api/DriverDashboard/GetDriversGrossIncome': async (_body, url) => {
        if (!url.searchParams.has('driverId')) await held;
        return { json: url.searchParams.get('driverId') === '31' ? samWeek : noDriver() };
      },
    });
    const app = renderApp('/app/dashboard-driver?year=2026&weekId=99');
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: 'Driver' }));
    fireEvent.click(await screen.findByRole('option', { name: '101 - Sam Carter' }));
    release();
    expect(await screen.findByText(/Choose a driver in the filters/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(app.location()).toBe('/app/dashboard-driver?year=2026&weekId=99&driverId=31'));
  });

  it('a driver sees their own figures: no driver select, no company gross, load numbers not links', async () => {
    // Even if the server sent company figures, roleId 3 does not see them.
    const calls = api(userFixture('driver'));
    renderApp('/app/dashboard-driver?year=2026&weekId=99');
    expect(await screen.findByText('Sam Carter · Unit 101')).toBeTruthy();
    expect(figure('NET')).toBe('$2,717.50');
    expect(screen.queryByRole('combobox', { name: 'Driver' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Company gross' })).toBeNull();
    const loads = screen.getByRole('table', { name: 'Executed loads' });
    expect(within(loads).getByText('LD-100').closest('a')).toBeNull();
    expect(within(loads).queryAllByRole('link')).toHaveLength(0);
    expect(dashboardCalls(calls).every((q) => !q.has('driverId'))).toBe(true);
  });

  it('a date range replaces the week; Clear goes back to this week; Refresh asks again', async () => {
    const calls = api();
    const app = renderApp('/app/dashboard-driver?year=2026&weekId=99&driverId=31');
    await screen.findByText('Sam Carter · Unit 101');
    fireEvent.change(screen.getByLabelText('Start date'), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByLabelText('End date'), { target: { value: '2026-11-15' } });
    expect(screen.getByRole('combobox', { name: 'Week' }).textContent).toBe('By dates');
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(app.location()).toBe('/app/dashboard-driver?year=2026&weekId=0&driverId=31&startDate=2026-11-01&endDate=2026-11-15'));
    await waitFor(() => expect(dashboardCalls(calls).at(-1)!.toString()).toBe('startDate=2026-11-01&endDate=2026-11-15&driverId=31'));

    const before = dashboardCalls(calls).length;
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(dashboardCalls(calls).length).toBe(before + 1));

    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(app.location()).toBe(`/app/dashboard-driver?year=${dayjs().year()}&weekId=99`));
  });

  it('says which rule the period uses: a week by work week, dates by the load\'s end date, a year by its work weeks', async () => {
    api();
    const app = renderApp('/app/dashboard-driver?year=2026&weekId=99&driverId=31');
    await screen.findByText('Sam Carter · Unit 101');
    const rule = () => screen.getByTestId('period-rule').textContent;
    expect(rule()).toBe('A week selects loads by their work week.');
    fireEvent.change(screen.getByLabelText('Start date'), { target: { value: '2026-11-01' } });
    expect(rule()).toBe("Dates select loads by the load's end date.");
    await app.router.navigate('/app/dashboard-driver?year=2026&weekId=0&driverId=31');
    await waitFor(() => expect(rule()).toBe('A whole year selects loads by their work weeks in that year.'));
  });

  it('says so when the driver has no loads, expenses or fuel in the period', async () => {
    api(userFixture('dispatcher'), () => ({ ...noDriver(), driver: { userId: 32, name: 'Maria Lopez', unitNumber: null } }));
    renderApp('/app/dashboard-driver?year=2026&weekId=98&driverId=32');
    expect(await screen.findByText(/No executed loads for Maria Lopez in this period/)).toBeTruthy();
    expect(screen.getByText('No expenses or reimbursements for Maria Lopez in this period.')).toBeTruthy();
    expect(screen.getByText('Maria Lopez has no unit number, so no fuel-card transactions are charged.')).toBeTruthy();
  });

  it('shows the executed loads as cards at phone width', async () => {
    media.width = 390;
    api();
    renderApp('/app/dashboard-driver?year=2026&weekId=99&driverId=31');
    const list = await screen.findByRole('list', { name: 'Executed loads' });
    const team = within(list).getByRole('article', { name: 'Load LD-200' });
    for (const text of ['Maria Lopez', '$1,000.01', 'of $2,000.01']) expect(team.textContent).toContain(text);
    expect(within(list).getByRole('link', { name: 'LD-100' })).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Executed loads' })).toBeNull();
  });
});

describe('driver dashboard: the settlement statement', () => {
  it('offers the statement when one week and a driver are chosen', async () => {
    api();
    renderApp('/app/dashboard-driver?year=2026&weekId=99&driverId=31');
    const link = await screen.findByRole('link', { name: 'Statement' });
    expect(link.getAttribute('href')).toBe('/app/accounting/settlements?year=2026&weekId=99&driverId=31');
  });

  it('offers none for a whole year or without a driver', async () => {
    api();
    renderApp('/app/dashboard-driver?year=2026&weekId=99');
    expect(await screen.findByText(/Choose a driver in the filters/)).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Statement' })).toBeNull();
  });

  it('a driver gets their own statement of the week', async () => {
    api(userFixture('driver'));
    renderApp('/app/dashboard-driver?year=2026&weekId=99');
    const link = await screen.findByRole('link', { name: 'Statement' });
    expect(link.getAttribute('href')).toBe('/app/accounting/settlements?year=2026&weekId=99');
  });
});
