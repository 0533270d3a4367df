import '../../test/setup';
import type { TSettlementWeek, TStatementReply } from '@haulboard/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { mockApi, userFixture } from '../../test/api-mock';
import { renderApp } from '../../test/render-app';

beforeAll(() => import('./settlements-page'), 120_000);

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
/** Last week (the last full one, the default) and this week. */
const WEEKS = [week(98, 46, monday.subtract(7, 'day')), week(99, 47, monday)];
const lastYear = monday.subtract(7, 'day').year();

const weekPart = { weekId: 98, year: WEEKS[0].year, number: 46, startDate: WEEKS[0].startDate, endDate: WEEKS[0].endDate };

const openWeek: TSettlementWeek = {
  week: weekPart,
  isClosed: false,
  history: [],
  drivers: [
    { userId: 31, name: 'Sam Carter', unitNumber: '101', statementNumber: null, gross: '3901.09', totalAdditions: '48.75', totalDeductions: '1232.34', net: '2717.50' },
    { userId: 32, name: 'Maria Lopez', unitNumber: '102', statementNumber: null, gross: '1000.00', totalAdditions: '0.00', totalDeductions: '100.00', net: '900.00' },
  ],
  // 3,901.09 + 1,000.00 = 4,901.09; 2,717.50 + 900.00 = 3,617.50
  totals: { gross: '4901.09', totalAdditions: '48.75', totalDeductions: '1332.34', net: '3617.50' },
};

/** Sam's week by hand: 3,901.09 + 48.75 − (612.34 fuel + 470.00 expenses + 150.00 fee = 1,232.34) = 2,717.50. */
const samStatement: TStatementReply = {
  statementNumber: null,
  revision: null,
  carrier: { companyId: 1, name: 'Demo Freight LLC' },
  payee: { userId: 31, name: 'Sam Carter' },
  unitNumber: '101',
  week: weekPart,
  payDate: iso(monday.add(4, 'day')),
  loads: [
    {
      loadId: 1,
      loadNumber: '5707356',
      companyName: 'Demo Freight LLC',
      startDate: `${WEEKS[0].startDate}T08:00:00.000Z`,
      endDate: `${WEEKS[0].startDate}T20:00:00.000Z`,
      origin: 'Dallas, TX',
      destination: 'Houston, TX',
      rate: '2.50',
      payout: '1000.01',
      loadPayout: '2000.01',
      teammate: 'Maria Lopez',
      tripLength: '240.0',
      loadStatusName: 'Delivered',
      comments: null,
    },
  ],
  additions: [{ expenseId: 5, expenseName: 'Toll reimbursement', expenseTypeName: 'Reimbursement', amount: '48.75', expenseDate: WEEKS[0].startDate, isReimbursement: true, occurrence: null }],
  expenses: [{ expenseId: 6, expenseName: 'Trailer rent', expenseTypeName: 'Trailer rent', amount: '470.00', expenseDate: WEEKS[0].startDate, isReimbursement: false, occurrence: 'Occurrence 3' }],
  fuel: [
    { fuelTransactionId: 7, fuelDate: WEEKS[0].startDate, unitNumber: '101', productName: 'Diesel', location: "Love's #263, Amarillo", stateCode: 'TX', quantity: '120.500', amount: '412.34' },
    { fuelTransactionId: 8, fuelDate: WEEKS[0].startDate, unitNumber: '101', productName: 'Cash advance', location: null, stateCode: 'TX', quantity: '0.000', amount: '200.00' },
  ],
  administrationFee: '150.00',
  feeBasis: '$150.00 per week × 1 week',
  gross: '3901.09',
  totalAdditions: '48.75',
  totalFuel: '612.34',
  totalExpense: '470.00',
  totalDeductions: '1232.34',
  net: '2717.50',
  lineCounts: { loads: 1, additions: 1, expenses: 1, fuel: 2 },
  ytd: { gross: '50000.00', deductions: '12000.00', additions: '100.00', net: '38100.00', escrow: '600.00' },
  closed: null,
};

function api(me = userFixture('admin'), extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'POST /api/Auth/GetUserDetails': { json: me },
    'GET /api/Lookup/GetWorkWeekList': { json: WEEKS },
    'GET /api/Settlement/Week': { json: openWeek },
    'GET /api/Settlement/Statement': { json: samStatement },
    'GET /api/Settlement/CloseChecklist': { json: { weekId: 98, isClosed: false, items: [] } },
    ...extra,
  });
}

describe('settlements page', () => {
  it('opens on the last full week; an administrator sees every driver and the totals, and closes the week after its checklist', async () => {
    const checklist = {
      weekId: 98,
      isClosed: false,
      items: [
        {
          kind: 'loadsNotRevenue',
          title: 'Loads still in a status that is not revenue',
          lines: ['Load L-7: Booked'],
          count: 1,
          link: { page: 'loadBoard', query: { year: String(lastYear), weekId: '98' } },
        },
        { kind: 'negativeNet', title: 'Drivers whose net is negative (carried to their next open week)', lines: ['Ann Bell: net -$150.00'], count: 1, link: { page: 'settlements', query: { weekId: '98' } } },
      ],
    };
    const calls = api(userFixture('admin'), {
      'POST /api/Settlement/CloseWeek': { text: 'Week 46 closed: 2 statements frozen' },
      'GET /api/Settlement/CloseChecklist': { json: checklist },
    });
    const app = renderApp('/app/accounting/settlements');
    await waitFor(() => expect(app.location()).toBe(`/app/accounting/settlements?year=${lastYear}&weekId=98`));
    const table = await screen.findByRole('table', { name: 'Driver settlements' });
    const rows = within(table).getAllByRole('row');
    expect(rows[1].textContent).toContain('Sam Carter');
    expect(rows[1].textContent).toContain('Draft');
    expect(rows.at(-1)!.textContent).toContain('$4,901.09');
    expect(rows.at(-1)!.textContent).toContain('$3,617.50');
    expect(screen.getByTestId('week-status').textContent).toMatch(/^Open/);

    fireEvent.click(screen.getByRole('button', { name: 'Close week' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('freezes every driver');
    const item = await within(dialog).findByRole('listitem', { name: 'Loads still in a status that is not revenue' });
    expect(item.textContent).toContain('Load L-7: Booked');
    expect(within(item).getByRole('link', { name: 'Open the load board of the week' }).getAttribute('href')).toBe(`/app/loadboard?year=${lastYear}&weekId=98`);
    const closeButton = within(dialog).getByRole('button', { name: 'Close with the confirmed items open' });
    expect((closeButton as HTMLButtonElement).disabled).toBe(true);
    for (const box of within(dialog).getAllByRole('checkbox', { name: 'Close anyway' })) fireEvent.click(box);
    await waitFor(() => expect((closeButton as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(closeButton);
    expect(await screen.findByText('Week 46 closed: 2 statements frozen')).toBeTruthy();
    expect(calls.find((c) => c.path === '/api/Settlement/CloseWeek')?.body).toEqual({ weekId: 98, confirmed: ['loadsNotRevenue', 'negativeNet'] });
  });

  it("never shows one week's figures, statement numbers or Reopen under another week while it loads", async () => {
    const closedWeek: TSettlementWeek = {
      ...openWeek,
      isClosed: true,
      history: [{ action: 'closed', on: '2026-11-20T10:00:00.000Z', by: 'Pat Jones', revision: 1 }],
      drivers: openWeek.drivers.map((d, i) => ({ ...d, statementNumber: `S-2026-46-00${i + 1}` })),
    } as TSettlementWeek;
    const nextWeek: TSettlementWeek = {
      ...openWeek,
      week: { ...weekPart, weekId: 99, number: 47, startDate: WEEKS[1].startDate, endDate: WEEKS[1].endDate },
      drivers: [{ ...openWeek.drivers[0], gross: '10.00', totalAdditions: '0.00', totalDeductions: '0.00', net: '10.00' }],
      totals: { gross: '10.00', totalAdditions: '0.00', totalDeductions: '0.00', net: '10.00' },
    };
    let release: () => void = () => {};
    const later = new Promise<void>((r) => {
      release = r;
    });
    api(userFixture('admin'), {
      'GET /api/Settlement/Week': async (_body: unknown, url: URL) => {
        if (url.searchParams.get('weekId') === '99') {
          await later;
          return { json: nextWeek };
        }
        return { json: closedWeek };
      },
    });
    const app = renderApp(`/app/accounting/settlements?year=${WEEKS[0].year}&weekId=98`);
    expect(await screen.findByRole('button', { name: 'Reopen week' })).toBeTruthy();
    expect(screen.getByText('S-2026-46-001')).toBeTruthy();

    await act(() => app.router.navigate(`/app/accounting/settlements?year=${WEEKS[1].year}&weekId=99`));
    expect(await screen.findByLabelText('Loading the week')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Reopen week' })).toBeNull();
    expect(screen.queryByText('S-2026-46-001')).toBeNull();
    expect(screen.queryByText(/\$4,901\.09/)).toBeNull();

    await act(async () => release());
    const table = await screen.findByRole('table', { name: 'Driver settlements' });
    expect(within(table).getAllByRole('row').at(-1)!.textContent).toContain('$10.00');
    expect(screen.getByRole('button', { name: 'Close week' })).toBeTruthy();
  });

  it('a refusal of the server shows as an error toast', async () => {
    api(userFixture('admin'), { 'POST /api/Settlement/CloseWeek': { text: 'ERROR Week 46 is already closed' } });
    renderApp('/app/accounting/settlements?year=2026&weekId=98');
    fireEvent.click(await screen.findByRole('button', { name: 'Close week' }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('Nothing is open in this week: it is ready to close.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close week' }));
    const toast = await screen.findByText('Week 46 is already closed');
    expect(toast.closest('.Toastify__toast--error')).not.toBeNull();
  });

  it('a dispatcher sees the week without Close; a driver’s name opens their statement', async () => {
    const calls = api(userFixture('dispatcher'));
    const app = renderApp('/app/accounting/settlements?year=2026&weekId=98');
    const link = await screen.findByRole('link', { name: 'Sam Carter' });
    expect(screen.queryByRole('button', { name: 'Close week' })).toBeNull();
    expect(screen.getByRole('button', { name: 'All statements (PDF)' })).toBeTruthy();
    fireEvent.click(link);
    await waitFor(() => expect(app.location()).toBe('/app/accounting/settlements?year=2026&weekId=98&driverId=31'));
    const sheet = await screen.findByTestId('settlement-statement');
    expect(within(sheet).getByText('Draft statement')).toBeTruthy();
    expect(within(sheet).getByTestId('statement-net').textContent).toBe('$2,717.50');
    expect(sheet.textContent).toContain('Team load with Maria Lopez');
    expect(sheet.textContent).toContain('$150.00 per week × 1 week');
    expect(within(within(sheet).getByRole('table', { name: 'Fuel' })).getByText('Cash advance')).toBeTruthy();
    const asked = calls.filter((c) => c.path.startsWith('/api/Settlement/Statement')).at(-1)!;
    expect(new URL(asked.path, 'http://x').searchParams.get('driverId')).toBe('31');
    expect(screen.getByRole('link', { name: 'All drivers' })).toBeTruthy();
  });

  it('says when a list was cut to its first lines, with the totals over all of them', async () => {
    api(userFixture('driver'), { 'GET /api/Settlement/Statement': { json: { ...samStatement, lineCounts: { ...samStatement.lineCounts, fuel: 10_000 } } } });
    renderApp('/app/accounting/settlements?year=2026&weekId=98');
    const sheet = await screen.findByTestId('settlement-statement');
    const notices = within(sheet).getAllByTestId('lines-cut');
    expect(notices.map((n) => n.textContent)).toEqual(['Showing 2 of 10,000 fuel-card lines; the totals count them all, and the PDF has every line.']);
    expect(sheet.textContent).toContain('Total deductions · 10,002 lines');
  });

  it('a driver sees their own statement for the week directly, without the week table', async () => {
    const calls = api(userFixture('driver'));
    renderApp('/app/accounting/settlements?year=2026&weekId=98');
    const sheet = await screen.findByTestId('settlement-statement');
    expect(within(sheet).getByText('Sam Carter')).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Driver settlements' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Download PDF' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Print' })).toBeTruthy();
    expect(calls.some((c) => c.path.startsWith('/api/Settlement/Week'))).toBe(false);
    const asked = calls.find((c) => c.path.startsWith('/api/Settlement/Statement'))!;
    expect(new URL(asked.path, 'http://x').searchParams.get('driverId')).toBeNull();
  });

  it('splits Total fuel beneath it into diesel, DEF, reefer fuel, and cash advances and fees', async () => {
    const split = [
      { label: 'Diesel', amount: '412.34' },
      { label: 'DEF', amount: '0.00' },
      { label: 'Reefer fuel', amount: '0.00' },
      { label: 'Cash advances and fees', amount: '200.00' },
    ];
    api(userFixture('driver'), { 'GET /api/Settlement/Statement': { json: { ...samStatement, fuelSplit: split } } });
    renderApp('/app/accounting/settlements?year=2026&weekId=98');
    const sheet = await screen.findByTestId('settlement-statement');
    const rows = within(sheet).getAllByTestId('fuel-split').map((r) => r.textContent);
    expect(rows).toEqual(['Diesel\u2212$412.34', 'DEF\u2212$0.00', 'Reefer fuel\u2212$0.00', 'Cash advances and fees\u2212$200.00']);
    // Beneath the spec's Total fuel, which stays.
    expect(within(sheet).getByText('Total fuel')).toBeTruthy();
  });

  it('a closed week with a negative net says where the balance went; the addition line names the week', async () => {
    const carried: TStatementReply = {
      ...samStatement,
      statementNumber: 'S-000012',
      revision: 1,
      closed: { closedOn: '2026-11-23T09:14:00.000Z', closedBy: 'Alex Morgan' },
      additions: [
        ...samStatement.additions,
        {
          expenseId: 0,
          expenseName: 'Negative balance carried to week 47 of 2026 (11/23/2026 - 11/29/2026)',
          expenseTypeName: 'Carried balance',
          amount: '120.00',
          expenseDate: '2026-11-23',
          isReimbursement: true,
          occurrence: null,
        },
      ],
      net: '0.00',
      carry: { toWeekId: 99, toWeek: '47 of 2026 (11/23/2026 - 11/29/2026)', amount: '120.00' },
    };
    api(userFixture('driver'), { 'GET /api/Settlement/Statement': { json: carried } });
    renderApp('/app/accounting/settlements?year=2026&weekId=98');
    const sheet = await screen.findByTestId('settlement-statement');
    expect(within(sheet).getByTestId('statement-carry').textContent).toBe(
      'Negative balance of $120.00 carried to week 47 of 2026 (11/23/2026 - 11/29/2026), deducted there.',
    );
    expect(sheet.textContent).toContain('Negative balance carried to week 47 of 2026');
  });
});

