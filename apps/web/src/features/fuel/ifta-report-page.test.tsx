import '../../test/setup';
import type { TIftaReport, TIftaReturn } from '@haulboard/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { mockApi, userFixture } from '../../test/api-mock';
import { renderApp } from '../../test/render-app';

beforeAll(() => import('./ifta-report-page'), 120_000);

const row = (unitNumber: string | null, stateCode: string, stateName: string, miles: number, gallons: number, mpg: number | null) => ({
  unitNumber,
  stateCode,
  stateName,
  miles,
  gallons,
  mpg,
  taxPaidGallons: gallons,
  isIfta: true,
});

const report: TIftaReport = {
  totalGallons: 1230,
  totalMiles: 8353,
  averageMPG: 6.79,
  unitReports: [
    row('101', 'OK', 'Oklahoma', 1891, 0, null),
    row('101', 'TX', 'Texas', 4212, 121, 34.81),
    row('102', 'TX', 'Texas', 2250, 1109, 2.03),
  ],
  checks: ['Unit 102 averages 2.03 MPG, outside 4 to 10: check its miles and fuel.'],
  period: 'Q3 2025 (07/01/2025 - 09/30/2025)',
};
const summary: TIftaReport = {
  ...report,
  unitReports: [row(null, 'OK', 'Oklahoma', 1891, 0, null), row(null, 'TX', 'Texas', 6462, 1230, 5.25)],
};
const DRIVERS = [
  { label: '101 - Sam Carter', value: 31, unitNumber: '101' },
  { label: '102 - Maria Lopez', value: 32, unitNumber: '102' },
];
const STATES = [
  { label: 'Oklahoma', value: 36 },
  { label: 'Texas', value: 43 },
];

const api = () =>
  mockApi({
    'POST /api/Auth/GetUserDetails': { json: userFixture('dispatcher') },
    'POST /api/Accounting/GetIftaReport': { json: report },
    'POST /api/Accounting/GetIftaReportSummary': { json: summary },
    'GET /api/Lookup/GetIftaDrivers': { json: DRIVERS },
    'GET /api/Lookup/GetStates': { json: STATES },
    'GET /api/Lookup/GetWorkWeekList': { json: [] },
  });

  const worksheet: TIftaReturn = {
    year: 2025,
    quarter: 3,
    period: 'Q3 2025 (07/01/2025 - 09/30/2025)',
    dueDate: '2025-10-31',
    licensee: 'Demo Freight LLC',
    iftaAccountNumber: 'TX-123',
    fuelType: 'Diesel',
    totalMiles: 9403,
    totalGallons: '1361',
    fleetMpg: '6.91',
    nonIftaMiles: 0,
    lines: [
      { stateCode: 'NM', stateName: 'New Mexico', rate: '0.2100', surchargeRate: '0.0000', totalMiles: 1000, taxableMiles: 1000, taxableGallons: '145', taxPaidGallons: '310', netTaxableGallons: '-165', tax: '-34.65', surcharge: '0.00', lineTotal: '-34.65' },
    ],
    totalTaxableGallons: '145',
    totalTaxPaidGallons: '310',
    totalTax: '-34.65',
    totalSurcharge: '0.00',
    grandTotal: '-34.65',
    rates: { fileName: '3Q2025.csv', jurisdictions: 5, isSample: false, uploadedOn: '2025-10-02T10:00:00.000Z', uploadedBy: 'Alex Morgan' },
    settings: { mpgRounding: 'round2', gallonsRounding: 'whole', iftaAccountNumber: 'TX-123' },
    checks: [],
  };

describe('IFTA report page (spec §2 accounting/ifta-report)', () => {
  it('shows the totals, the checks, the Summary Report by state and one section per unit', async () => {
    const calls = api();
    renderApp('/app/accounting/ifta-report?year=2025&quarter=3');
    expect(await screen.findByRole('heading', { name: 'IFTA report' })).toBeTruthy();
    const totals = await screen.findByRole('region', { name: 'Totals' });
    expect(within(totals).getByRole('group', { name: 'Total gallons' }).textContent).toContain('1,230');
    expect(within(totals).getByRole('group', { name: 'Total miles' }).textContent).toContain('8,353');
    expect(within(totals).getByRole('group', { name: 'MPG' }).textContent).toContain('6.79');
    expect(screen.getByText('Q3 2025 (07/01/2025 - 09/30/2025)')).toBeTruthy();
    expect(screen.getByText(/Unit 102 averages 2.03 MPG/)).toBeTruthy();

    const summaryTable = await screen.findByRole('table', { name: 'Summary Report' });
    const texas = within(summaryTable).getByText('Texas').closest('tr')!;
    expect(within(texas).getAllByRole('cell').map((c) => c.textContent)).toEqual(['Texas', '6,462', '1,230', '5.25', '1,230']);
    expect(within(summaryTable).getByText('Oklahoma').closest('tr')?.textContent).toContain('—');

    const unit101 = screen.getByRole('table', { name: 'Unit 101' });
    expect(within(unit101).getAllByRole('row')).toHaveLength(3);
    expect(within(screen.getByRole('table', { name: 'Unit 102' })).getByText('2.03')).toBeTruthy();
    expect(calls.find((c) => c.path === '/api/Accounting/GetIftaReport')?.body).toEqual({ year: 2025, quarter: 3, weekId: 0, stateId: 0, driverIdList: [] });
  });

  it('filters by several drivers and a state, kept in the URL', async () => {
    const calls = api();
    const view = renderApp('/app/accounting/ifta-report?year=2025&quarter=3');
    await screen.findByRole('table', { name: 'Summary Report' });
    const drivers = screen.getByRole('combobox', { name: 'Drivers' });
    for (const name of ['101 - Sam Carter', '102 - Maria Lopez']) {
      fireEvent.mouseDown(drivers);
      fireEvent.keyDown(drivers, { key: 'ArrowDown' });
      fireEvent.click(await screen.findByRole('option', { name }));
    }
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'State' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Texas' }));
    await waitFor(() => expect(view.location()).toBe('/app/accounting/ifta-report?year=2025&quarter=3&drivers=31%2C32&state=43'));
    await waitFor(() =>
      expect(calls.filter((c) => c.path === '/api/Accounting/GetIftaReportSummary').at(-1)?.body).toEqual({
        year: 2025,
        quarter: 3,
        weekId: 0,
        stateId: 43,
        driverIdList: [31, 32],
      }),
    );
  });

  it('reports any dates: both chosen, they go to the server and stay in the URL', async () => {
    const calls = api();
    const view = renderApp('/app/accounting/ifta-report?year=2025&quarter=3');
    await screen.findByRole('table', { name: 'Summary Report' });
    fireEvent.change(screen.getByLabelText('Start date'), { target: { value: '2025-07-01' } });
    fireEvent.change(screen.getByLabelText('End date'), { target: { value: '2025-07-15' } });
    await waitFor(() => expect(view.location()).toBe('/app/accounting/ifta-report?year=2025&quarter=3&from=2025-07-01&to=2025-07-15'));
    await waitFor(() =>
      expect(calls.filter((c) => c.path === '/api/Accounting/GetIftaReport').at(-1)?.body).toEqual({
        year: 2025,
        quarter: 3,
        weekId: 0,
        stateId: 0,
        driverIdList: [],
        startDate: '2025-07-01',
        endDate: '2025-07-15',
      }),
    );
  });

  it('the Return worksheet tab shows the quarter per jurisdiction with the refund, and the dispatcher gets no upload', async () => {
    const calls = mockApi({
      'POST /api/Auth/GetUserDetails': { json: userFixture('dispatcher') },
      'POST /api/Accounting/GetIftaReturn': { json: worksheet },
      'GET /api/Lookup/GetWorkWeekList': { json: [] },
    });
    renderApp('/app/accounting/ifta-report?year=2025&quarter=3&view=return');
    const table = await screen.findByRole('table', { name: 'Return worksheet' });
    const nm = within(table).getByText('NM').closest('tr')!;
    expect(within(nm).getAllByRole('cell').map((c) => c.textContent)).toEqual(['NM New Mexico', '0.2100', '1,000', '1,000', '145', '310', '-165', '-$34.65', '', '-$34.65']);
    expect(within(screen.getByRole('region', { name: 'Return totals' })).getByRole('group', { name: 'Refund' }).textContent).toContain('$34.65');
    expect(screen.getByText(/IFTA account TX-123 · Q3 2025/)).toBeTruthy();
    expect(screen.queryByLabelText('Tax-rate matrix file')).toBeNull();
    expect(calls.find((c) => c.path === '/api/Accounting/GetIftaReturn')?.body).toEqual({ year: 2025, quarter: 3 });
  });

  it('return settings: the shared form asks before discarding a change on Escape, and saves what was chosen', async () => {
    const calls = mockApi({
      'POST /api/Auth/GetUserDetails': { json: userFixture('admin') },
      'POST /api/Accounting/GetIftaReturn': { json: worksheet },
      'POST /api/Accounting/IftaReturnSettings': { text: 'Return settings saved' },
      'GET /api/Lookup/GetWorkWeekList': { json: [] },
    });
    renderApp('/app/accounting/ifta-report?year=2025&quarter=3&view=return');
    fireEvent.click(await screen.findByRole('button', { name: 'Rounding' }));
    const dialog = await screen.findByRole('dialog', { name: 'Return settings' });
    const account = within(dialog).getByLabelText('IFTA account number') as HTMLInputElement;
    expect(account.value).toBe('TX-123');
    fireEvent.change(account, { target: { value: 'TX-999' } });
    fireEvent.keyDown(dialog, { key: 'Escape' });
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Discard your changes?' })).getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Discard your changes?' })).toBeNull());
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: /Gallons/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Three decimals' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Return settings' })).toBeNull());
    expect(calls.find((c) => c.path === '/api/Accounting/IftaReturnSettings')?.body).toEqual({ mpgRounding: 'round2', gallonsRounding: 'thousandths', iftaAccountNumber: 'TX-999' });
  });
});
