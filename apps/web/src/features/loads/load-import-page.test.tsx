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
  startDay: '2025-07-15',
  brokerRead: 'Amazon Relay',
  brokerMatch: 'exact',
  driverRead: 'Sam Carter',
  driverMatch: 'exact',
  needs: [],
};

const HEADERS = ['Load #', 'Pickup', 'Delivery', 'Rate', 'Driver'];
/** The server's answer to a file it does not recognise: its header, first rows and our fields. */
const mappingAnswer: TLoadImport = {
  newLoads: [],
  existingLoads: [],
  source: 'loads.csv',
  problems: [],
  skipped: [],
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
  skipped: [],
  mappingStep: null,
};

const lookups = {
  'GET /api/Lookup/GetWorkWeekList': { json: WEEKS },
  'GET /api/Lookup/GetCompanyDrivers': { json: [{ label: '101 - Sam Carter', value: 7 }] },
  'GET /api/Lookup/GetLoadStatusList': { json: [{ label: 'Booked', value: 1 }, { label: 'Delivered', value: 4 }] },
  'GET /api/Lookup/GetBrokerList': { json: [{ label: 'Amazon Relay', value: 3 }] },
  'GET /api/Lookup/GetStates': { json: [{ label: 'California', value: 5 }, { label: 'Texas', value: 45 }] },
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
    // The toast says it, and the page keeps what the save did.
    expect((await screen.findByRole('status', { name: 'Import result' })).textContent).toBe('1 load imported successfully');
    const saved = calls.find((c) => c.path === '/api/Accounting/SaveImportedLoads')?.body as { loads: Record<string, unknown>[]; brokers: unknown[]; refused: string[] };
    expect(saved.loads.map((l) => [l.loadNumber, l.payout, l.originCity, l.brokerId])).toEqual([['XL-1001', 1250, 'Dallas', 3]]);
    expect(saved.brokers).toEqual([]);
    expect(saved.refused).toEqual(['Row 6: the payout "abc" is not an amount']);
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

/** A sheet naming a broker and a driver nobody matches (two spellings of one broker), a row outside the week and one refused. */
const needing: TLoadImport = {
  newLoads: [
    { ...sheetLoad, loadNumber: 'XL-2001' },
    {
      ...sheetLoad,
      loadNumber: 'XL-2004',
      brokerId: 0,
      brokerName: '',
      brokerRead: 'Acme Freight',
      brokerMatch: 'none',
      driverRead: 'Bob Unknown',
      driverMatch: 'none',
      loadDrivers: [],
      loadDriverNames: '',
      needs: ['broker', 'driver'],
    },
    { ...sheetLoad, loadNumber: 'XL-2005', brokerId: 0, brokerName: '', brokerRead: 'acme  freight', brokerMatch: 'none', needs: ['broker'] },
  ],
  existingLoads: [],
  source: 'named.csv',
  problems: ['Row 8: the payout "abc" is not an amount'],
  skipped: [{ loadNumber: 'XL-2006', reason: 'dated 2025-07-06, outside week 29 (2025-07-14 – 2025-07-20)' }],
  mappingStep: null,
};
const RESULT = 'INFO 3 loads imported, broker Acme Freight created, 1 skipped (outside the week), 1 refused (Row 8: the payout "abc" is not an amount)';

describe('load import page: brokers and drivers the file names that match none', () => {
  it('marks the rows, offers a picker per name (or Create broker), keeps Import disabled until every row is resolved, and shows what the save did', async () => {
    const calls = mockApi({
      'POST /api/Auth/GetUserDetails': { json: userFixture('admin') },
      ...lookups,
      'POST /api/Accounting/UploadTrips': { json: needing },
      'POST /api/Accounting/SaveImportedLoads': { text: RESULT },
      'GET /api/Accounting': { json: { ...needing, newLoads: [], existingLoads: needing.newLoads } },
    });
    renderApp('/app/accounting/load-import');
    await chooseWeek();
    upload('named.csv');
    const list = await screen.findByRole('region', { name: 'New Loads' });
    expect(within(list).getAllByText('Needs a broker')).toHaveLength(2);
    expect(within(list).getAllByText('Needs a driver')).toHaveLength(1);
    expect(screen.getByRole('alert', { name: 'Skipped rows' }).textContent).toContain('XL-2006: dated 2025-07-06, outside week 29 (2025-07-14 – 2025-07-20)');
    expect(screen.getByRole('alert', { name: 'Refused rows' }).textContent).toContain('Row 8: the payout "abc" is not an amount');
    const importButton = screen.getByRole('button', { name: 'Import Loads' }) as HTMLButtonElement;
    expect(importButton.disabled).toBe(true);

    const choices = screen.getByRole('region', { name: 'Brokers and drivers to choose' });
    // One picker for both spellings of Acme Freight; nothing picked for the person.
    expect(within(choices).getByText('2 loads: XL-2004, XL-2005')).toBeTruthy();
    expect(choices.textContent).toContain('2 loads need a broker or driver chosen');
    fireEvent.mouseDown(within(within(choices).getByRole('group', { name: 'Broker “Acme Freight”' })).getByRole('combobox', { name: /^Broker/ }));
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Create broker “Acme Freight”…', 'Your brokers', 'Amazon Relay']);
    fireEvent.click(options[0]);
    const dialog = await screen.findByRole('dialog', { name: 'Create broker' });
    expect((within(dialog).getByRole('textbox', { name: /^Broker name/ }) as HTMLInputElement).value).toBe('Acme Freight');
    for (const [label, value] of [
      ['Address', '1 Dock St'],
      ['City', 'Chicago'],
      ['Zip code', '60601'],
      ['Phone number', '3125550100'],
      ['Email', 'ops@acme.test'],
    ]) {
      const input = within(dialog).getByRole('textbox', { name: new RegExp(`^${label}`) });
      fireEvent.change(input, { target: { value } });
      fireEvent.blur(input);
    }
    const use = within(dialog).getByRole('button', { name: 'Use this broker' }) as HTMLButtonElement;
    await waitFor(() => expect(use.disabled).toBe(false));
    fireEvent.click(use);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Create broker' })).toBeNull());
    expect(choices.textContent).toContain('New broker: Acme Freight');
    expect(importButton.disabled).toBe(true);

    fireEvent.mouseDown(within(within(choices).getByRole('group', { name: 'Driver “Bob Unknown”' })).getByRole('combobox', { name: /^Driver/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'No driver' }));
    await waitFor(() => expect(importButton.disabled).toBe(false));
    expect(choices.textContent).toContain('Every load has its broker and driver.');
    fireEvent.click(importButton);

    expect((await screen.findByRole('status', { name: 'Import result' })).textContent).toBe(RESULT.replace(/^INFO /, ''));
    const saved = calls.find((c) => c.path === '/api/Accounting/SaveImportedLoads')?.body as Record<string, any>;
    expect(saved.loads.map((l: any) => [l.loadNumber, l.brokerId, l.brokerRead, l.driverRead, l.loadDrivers])).toEqual([
      ['XL-2001', 3, 'Amazon Relay', 'Sam Carter', [7]],
      ['XL-2004', null, 'Acme Freight', 'Bob Unknown', []],
      ['XL-2005', null, 'acme  freight', 'Sam Carter', [7]],
    ]);
    expect(saved.brokers).toEqual([
      {
        name: 'Acme Freight',
        create: { brokerName: 'Acme Freight', brokerAddress: '1 Dock St', brokerCity: 'Chicago', brokerStateId: 5, brokerZipCode: '60601', phoneNumber: '3125550100', email: 'ops@acme.test', mcNumber: null },
      },
    ]);
    expect(saved.drivers).toEqual([{ name: 'Bob Unknown', driverId: null }]);
    expect(saved.skipped).toEqual(['XL-2006: dated 2025-07-06, outside week 29 (2025-07-14 – 2025-07-20)']);
    expect(saved.refused).toEqual(['Row 8: the payout "abc" is not an amount']);
  });
});
