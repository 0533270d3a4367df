import '../../test/setup';
import { BOARD_BROKER_ID, LOAD_IMPORT_TEXT, type TImportedLoad } from '@haulboard/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { mockApi, userFixture } from '../../test/api-mock';
import { renderApp } from '../../test/render-app';

beforeAll(() => import('./load-import-page'), 120_000);

const WEEKS = [{ label: 'Week 29 (07/14/2025 - 07/20/2025)', value: 29 }];

const load = (over: Partial<TImportedLoad>): TImportedLoad => ({
  loadId: 0,
  loadNumber: 'T-114MNOPQR',
  tripId: 'T-114MNOPQR',
  boardLoadIds: ['115LXQ9ZD'],
  brokerId: 3,
  brokerName: 'Amazon Relay',
  loadStartDate: '2025-07-20T03:10:00.000Z',
  loadEndDate: '2025-07-20T06:30:00.000Z',
  weekId: 29,
  originStateId: 5,
  originCity: 'Tracy',
  originStateName: 'California',
  destinationStateId: 5,
  destinationCity: 'Long Beach',
  destinationStateName: 'California',
  tripLength: 320,
  numberOfStops: 2,
  pricePerMile: 2.19,
  payout: 700,
  loadStatusId: 4,
  loadStatusName: 'Delivered',
  loadDrivers: [7],
  loadDriverNames: 'Sam Carter',
  isDispute: false,
  comments: null,
  boardStatus: 'Completed',
  note: null,
  startDay: '2025-07-19',
  brokerRead: 'Amazon Relay',
  brokerMatch: 'board',
  driverRead: '101',
  driverMatch: 'unit',
  needs: [],
  ...over,
});

const NEW = load({});
const SECOND = load({ loadNumber: 'T-116ZZZ', tripId: 'T-116ZZZ', payout: 1234.5, pricePerMile: 3.1, loadDriverNames: 'Maria Lopez, "Big" Joe', note: 'Facility XYZ1 is not known' });
const EXISTING = load({ loadId: 55, loadNumber: '=T-115STUVWX', tripId: 'T-115STUVWX', originCity: 'Long Beach', destinationCity: 'Tracy', tripLength: 310, pricePerMile: 2.1, payout: 650, boardStatus: 'Scheduled', loadDriverNames: '' });

function api(options: { status?: { working: boolean; checkedOn: string | null; sessions: number }; search?: unknown; user?: ReturnType<typeof userFixture> }) {
  return mockApi({
    'POST /api/Auth/GetUserDetails': { json: options.user ?? userFixture('admin') },
    'GET /api/Lookup/GetWorkWeekList': { json: WEEKS },
    'GET /api/Lookup/GetCompanyDrivers': { json: [{ label: '101 - Sam Carter', value: 7 }] },
    'GET /api/Lookup/GetLoadStatusList': { json: [{ label: 'Delivered', value: 4 }] },
    'GET /api/Lookup/GetBrokerList': { json: [{ label: 'Amazon Relay', value: 3 }] },
    'GET /api/Lookup/GetStates': { json: [{ label: 'California', value: 5 }] },
    'GET /api/CookieAdmin/Status': { json: options.status ?? { working: true, checkedOn: '2026-11-25T15:00:00.000Z', sessions: 1 } },
    ...(options.search ? { 'GET /api/Accounting': options.search } : {}),
  });
}

async function chooseWeekAndSearch() {
  fireEvent.mouseDown(await screen.findByRole('combobox', { name: /Week/ }));
  fireEvent.click(await screen.findByRole('option', { name: /Week 29/ }));
  fireEvent.click(screen.getByRole('button', { name: 'Search' }));
}

describe('load import (spec §2 accounting/load-import)', () => {
  it('warns before any search when no load board session works, with a link to Cookie Administration', async () => {
    const calls = api({ status: { working: false, checkedOn: '2026-11-25T14:30:00.000Z', sessions: 2 } });
    renderApp('/app/accounting/load-import');
    const warning = await screen.findByRole('alert', { name: 'Load board session' });
    expect(warning.textContent).toMatch(/^No working load board session\. The load board accepted none of the stored sessions at the last check \(.+\)\. Add a working one in Cookie Administration\.$/);
    expect(within(warning).getByRole('link', { name: 'Cookie Administration' }).getAttribute('href')).toBe('/app/relay/cookie-admin');
    expect(calls.some((c) => c.path.startsWith('/api/Accounting'))).toBe(false);
  });

  it('says nothing when a session works', async () => {
    const calls = api({});
    renderApp('/app/accounting/load-import');
    expect(await screen.findByRole('button', { name: 'Search' })).toBeTruthy();
    await waitFor(() => expect(calls.some((c) => c.path === '/api/CookieAdmin/Status')).toBe(true));
    await new Promise((r) => setTimeout(r, 100));
    expect(screen.queryByRole('alert', { name: 'Load board session' })).toBeNull();
  });

  it("shows the server's no-board answer as that warning, not as an error", async () => {
    api({ search: { status: 409, text: LOAD_IMPORT_TEXT.noBoard } });
    renderApp('/app/accounting/load-import');
    await chooseWeekAndSearch();
    const warning = await screen.findByRole('alert', { name: 'Load board session' });
    expect(warning.textContent).toBe(
      'The board cannot be read now: no working session is stored (Cookie Admin). Upload the trips file instead. Open Cookie Administration',
    );
    expect(within(warning).getByRole('link', { name: 'Open Cookie Administration' }).getAttribute('href')).toBe('/app/relay/cookie-admin');
    expect(screen.queryAllByRole('alert').filter((a) => a.className.includes('Error'))).toEqual([]);
  });

  it('names Cookie Administration without a link for someone who may not open it', async () => {
    const dispatcher = userFixture('dispatcher');
    api({ status: { working: false, checkedOn: null, sessions: 0 }, user: dispatcher });
    renderApp('/app/accounting/load-import');
    const warning = await screen.findByRole('alert', { name: 'Load board session' });
    expect(warning.textContent).toBe('No working load board session. None is stored. An administrator can add a working one in Cookie Administration.');
    expect(within(warning).queryByRole('link')).toBeNull();
  });

  it("offers the board's broker a save will add when the company does not have it yet (the week read writes nothing)", async () => {
    const pending = load({ brokerId: BOARD_BROKER_ID });
    api({ search: { json: { newLoads: [pending], existingLoads: [], source: 'the board', problems: [], skipped: [], mappingStep: null } } });
    renderApp('/app/accounting/load-import');
    await chooseWeekAndSearch();
    // The board's broker is no unknown broker: nothing to choose before importing.
    await screen.findByRole('button', { name: `Edit ${pending.loadNumber}` });
    expect(screen.queryByText('Needs a broker')).toBeNull();
    fireEvent.click(await screen.findByRole('button', { name: `Edit ${pending.loadNumber}` }));
    const broker = await screen.findByRole('combobox', { name: /Broker/ });
    await waitFor(() => expect(broker.textContent).toBe('Amazon Relay (added when the loads are saved)'));
  });

  it('exports both lists as CSV (Export Loads), formula characters neutralised', async () => {
    api({ search: { json: { newLoads: [NEW, SECOND], existingLoads: [EXISTING], source: 'the board', problems: [], skipped: [], mappingStep: null } } });
    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return 'blob:export';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderApp('/app/accounting/load-import');
    await chooseWeekAndSearch();
    expect(await screen.findByRole('table', { name: 'New Loads' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Export Loads' }));
    await waitFor(() => expect(blobs).toHaveLength(1));
    const lines = (await blobs[0].text()).split('\r\n');
    expect(lines[0]).toBe('List,Load Number,Trip ID,Start,End,Origin,Destination,Miles,Stops,Rate Per Mile,Payout,Drivers,Board Status,Note');
    expect(lines[1]).toBe('New,T-114MNOPQR,T-114MNOPQR,2025-07-20T03:10:00.000Z,2025-07-20T06:30:00.000Z,"Tracy, CA","Long Beach, CA",320,2,2.19,700.00,Sam Carter,Completed,');
    expect(lines[2]).toBe(
      'New,T-116ZZZ,T-116ZZZ,2025-07-20T03:10:00.000Z,2025-07-20T06:30:00.000Z,"Tracy, CA","Long Beach, CA",320,2,3.10,1234.50,"Maria Lopez, ""Big"" Joe",Completed,Facility XYZ1 is not known',
    );
    expect(lines[3]).toBe("Existing,'=T-115STUVWX,T-115STUVWX,2025-07-20T03:10:00.000Z,2025-07-20T06:30:00.000Z,\"Long Beach, CA\",\"Tracy, CA\",310,2,2.10,650.00,,Scheduled,");
    expect(lines).toHaveLength(5);
    expect(lines[4]).toBe('');
  });
});
