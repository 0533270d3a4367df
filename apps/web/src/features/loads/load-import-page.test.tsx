import '../../test/setup';
import { LOAD_IMPORT_TEXT, type TImportedLoad, type TLoadImport } from '@haulboard/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { mockApi, userFixture } from '../../test/api-mock';
import { renderApp } from '../../test/render-app';

beforeAll(() => import('./load-import-page'), 120_000);

const WEEKS = [{ label: 'Week 29 (07/14/2025 - 07/20/2025)', value: 29 }];

const sheetLoad: TImportedLoad = {
  loadId: 0,
  loadNumber: 'XL-1001',
  tripId: '',
  boardLoadIds: [],
  brokerId: 3,
  brokerName: 'Amazon Relay',
  loadStartDate: '2025-07-15T08:00:00.000Z',
  loadEndDate: '2025-07-15T17:30:00.000Z',
  weekId: 29,
  originStateId: 45,
  originCity: 'Dallas',
  originStateName: 'Texas',
  destinationStateId: 45,
  destinationCity: 'Houston',
  destinationStateName: 'Texas',
  tripLength: 239,
  numberOfStops: 2,
  pricePerMile: 5.23,
  payout: 1250,
  loadStatusId: 4,
  loadStatusName: 'Delivered',
  loadDrivers: [7],
  loadDriverNames: 'Sam Carter',
  isDispute: false,
  comments: null,
  boardStatus: 'Completed',
  note: null,
};

const HEADERS = ['Load #', 'Pickup', 'Delivery', 'Rate', 'Driver'];
/** The server's answer to a file it does not recognise: its header, first rows and our fields. */
const mappingAnswer: TLoadImport = {
  newLoads: [],
  existingLoads: [],
  source: 'loads.csv',
  problems: [],
  mappingStep: {
    headers: HEADERS,
    sampleRows: [['XL-1001', '07/15/2025 08:00', '07/15/2025 17:30', '$1,250.00', 'Sam Carter']],
    fields: [
      { key: 'loadNumber', label: 'Load number', required: true, hint: null },
      { key: 'startDate', label: 'Start date (and time)', required: true, hint: null },
      { key: 'payout', label: 'Payout', required: true, hint: null },
      { key: 'driver', label: 'Driver name or unit', required: false, hint: null },
    ],
  },
};
const listsAnswer: TLoadImport = {
  newLoads: [sheetLoad, { ...sheetLoad, loadNumber: 'XL-1002', payout: 980.4 }],
  existingLoads: [],
  source: 'loads.csv',
  problems: ['Row 6: the payout "abc" is not an amount'],
  mappingStep: null,
};

const lookups = {
  'GET /api/Lookup/GetWorkWeekList': { json: WEEKS },
  'GET /api/Lookup/GetCompanyDrivers': { json: [{ label: '101 - Sam Carter', value: 7 }] },
  'GET /api/Lookup/GetLoadStatusList': { json: [{ label: 'Booked', value: 1 }, { label: 'Delivered', value: 4 }] },
  'GET /api/Lookup/GetBrokerList': { json: [{ label: 'Amazon Relay', value: 3 }] },
  'GET /api/Lookup/GetStates': { json: [{ label: 'Texas', value: 45 }] },
  'GET /api/Imports/Presets': { json: [] },
};

const chooseWeek = async () => {
  fireEvent.mouseDown(await screen.findByRole('combobox', { name: 'Week' }));
  fireEvent.click(await screen.findByRole('option', { name: /Week 29/ }));
};
const upload = (name = 'loads.csv') =>
  fireEvent.change(screen.getByLabelText('Trips file or loads spreadsheet'), { target: { files: [new File(['Load #,Pickup\nXL-1001,07/15/2025'], name, { type: 'text/csv' })] } });

describe('load import page: a loads spreadsheet through the column mapping', () => {
  it('a file the server does not recognise opens the mapping step; the mapping goes with the file again and the rows become the new loads to import', async () => {
    const calls = mockApi({
      'POST /api/Auth/GetUserDetails': { json: userFixture('admin') },
      ...lookups,
      'POST /api/Accounting/UploadTrips': (body) => ({ json: (body as Record<string, string>).mapping ? listsAnswer : mappingAnswer }),
      'POST /api/Accounting/SaveImportedLoads': { text: '1 load imported successfully' },
      'GET /api/Accounting': { json: { ...listsAnswer, newLoads: [], existingLoads: [sheetLoad], problems: [] } },
    });
    renderApp('/app/accounting/load-import');
    expect(await screen.findByRole('heading', { name: 'Load Import' })).toBeTruthy();
    await chooseWeek();
    upload();

    const step = await screen.findByRole('region', { name: 'Column mapping for loads.csv' });
    expect(step.textContent).toContain(LOAD_IMPORT_TEXT.mapColumns);
    expect(screen.queryByRole('region', { name: 'New Loads' })).toBeNull();
    const apply = within(step).getByRole('button', { name: 'Apply mapping' }) as HTMLButtonElement;
    expect(apply.disabled).toBe(true);
    for (const [field, column] of [
      ['Load number', 'Load #'],
      ['Start date \\(and time\\)', 'Pickup'],
      ['Payout', 'Rate'],
    ]) {
      fireEvent.mouseDown(within(step).getByRole('combobox', { name: new RegExp(`^${field}`) }));
      fireEvent.click(await screen.findByRole('option', { name: column }));
    }
    // Each chosen column shows an example from the file.
    expect(step.textContent).toContain('e.g. $1,250.00');
    expect(apply.disabled).toBe(false);
    fireEvent.click(apply);

    const list = await screen.findByRole('region', { name: 'New Loads' });
    expect(within(list).getByText('XL-1001')).toBeTruthy();
    expect(screen.queryByRole('region', { name: /Column mapping for/ })).toBeNull();
    expect(screen.getByText('Row 6: the payout "abc" is not an amount')).toBeTruthy();
    const uploads = calls.filter((c) => c.path === '/api/Accounting/UploadTrips').map((c) => c.body as Record<string, string>);
    expect(uploads).toHaveLength(2);
    expect(uploads[0]).toEqual({ WeekId: '29', File: 'file:loads.csv' });
    expect(uploads[1].File).toBe('file:loads.csv');
    expect(JSON.parse(uploads[1].mapping)).toEqual({ loadNumber: 'Load #', startDate: 'Pickup', payout: 'Rate' });

    // Removed here, then imported like the board's trips.
    fireEvent.click(within(list).getByRole('button', { name: 'Remove XL-1002' }));
    await waitFor(() => expect(within(list).queryByText('XL-1002')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Import Loads' }));
    expect(await screen.findByText('1 load imported successfully')).toBeTruthy();
    const saved = calls.find((c) => c.path === '/api/Accounting/SaveImportedLoads')?.body as Record<string, unknown>[];
    expect(saved.map((l) => [l.loadNumber, l.payout, l.originCity])).toEqual([['XL-1001', 1250, 'Dallas']]);
  });

  it('Cancel leaves the mapping step without reading the file', async () => {
    const calls = mockApi({
      'POST /api/Auth/GetUserDetails': { json: userFixture('admin') },
      ...lookups,
      'POST /api/Accounting/UploadTrips': { json: mappingAnswer },
    });
    renderApp('/app/accounting/load-import');
    await chooseWeek();
    upload();
    const step = await screen.findByRole('region', { name: 'Column mapping for loads.csv' });
    fireEvent.click(within(step).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: /Column mapping for/ })).toBeNull());
    expect(calls.filter((c) => c.path === '/api/Accounting/UploadTrips')).toHaveLength(1);
  });
});
