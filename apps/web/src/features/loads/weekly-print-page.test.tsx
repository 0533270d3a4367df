import '../../test/setup';
import type { TLoad } from '@haulboard/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { mockApi, userFixture } from '../../test/api-mock';
import { renderApp } from '../../test/render-app';

beforeAll(() => import('./weekly-print-page'), 120_000);

const base = {
  brokerId: 3,
  brokerName: 'Blue Heron Freight Brokers',
  loadStartDate: '2026-11-17T14:00:00.000Z',
  loadEndDate: '2026-11-18T20:00:00.000Z',
  weekId: 99,
  originStateId: 45,
  originCity: 'Dallas',
  originStateName: 'Texas',
  destinationStateId: 5,
  destinationCity: 'Fresno',
  destinationStateName: 'California',
  numberOfStops: 2,
  loadStatusId: 1,
  loadStatusName: 'Booked',
  isDispute: false,
  comments: null,
  companyName: 'Demo Freight LLC',
  createdBy: null,
  createdOn: '2026-11-16T10:00:00.000Z',
  updatedBy: null,
  updatedOn: '2026-11-16T10:00:00.000Z',
};
const loads: TLoad[] = [
  { ...base, loadId: 1, loadNumber: 'A-1', tripLength: 1000, pricePerMile: 2.5, payout: 2500, loadDrivers: [7], loadDriverNames: 'Sam Carter', drivers: [{ userId: 7, name: 'Sam Carter', unitNumber: '101' }] },
  { ...base, loadId: 2, loadNumber: 'T-2', tripLength: 500, pricePerMile: 2.01, payout: 1005.01, loadDrivers: [7, 8], loadDriverNames: 'Sam Carter, Maria Lopez', drivers: [{ userId: 7, name: 'Sam Carter', unitNumber: '101' }, { userId: 8, name: 'Maria Lopez', unitNumber: '102' }] },
];

describe('weekly print view (spec §2 accounting/weekly-printview)', () => {
  it('prints the filtered loads by driver with subtotals, a grand total and the week', async () => {
    const calls = mockApi({
      'POST /api/Auth/GetUserDetails': { json: userFixture('dispatcher') },
      'POST /api/Load/GetFilteredLoads': { json: loads },
      'GET /api/Lookup/GetCompanyDrivers': { json: [{ label: '101 - Sam Carter', value: 7 }, { label: '102 - Maria Lopez', value: 8 }] },
      'GET /api/Lookup/GetWorkWeekList': { json: [{ label: 'Week 47 (11/16/2026 - 11/22/2026)', value: 99 }] },
    });
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    renderApp('/app/accounting/weekly-printview?year=2026&weekId=99');
    expect(await screen.findByText('2026 Week 47')).toBeTruthy();
    expect(screen.getByText('11/16/2026 – 11/22/2026')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Demo Freight LLC' })).toBeTruthy();
    const sam = screen.getByRole('region', { name: '101 - Sam Carter' });
    expect(within(sam).getByText('Subtotal · 2 loads').closest('tr')!.textContent).toContain('$3,002.51');
    const maria = screen.getByRole('region', { name: '102 - Maria Lopez' });
    expect(within(maria).getByText('Subtotal · 1 load').closest('tr')!.textContent).toContain('$502.50');
    expect(screen.getByTestId('report-grand-total').textContent).toBe('$3,505.01');
    expect(calls.find((c) => c.path === '/api/Load/GetFilteredLoads')!.body).toMatchObject({ weekId: 99 });
    // Not a menu entry: reached from Print only.
    expect(screen.queryByRole('link', { name: /Weekly report/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalled();
  });
});
