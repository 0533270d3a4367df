import '../../test/setup';
import type { TFuelRecord, TImportPreview, TImportRecord } from '@haulboard/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { mockApi, userFixture } from '../../test/api-mock';
import { renderApp } from '../../test/render-app';

beforeAll(() => import('./fuel-import-page'), 120_000);

const diesel: TFuelRecord = {
  fuelTransactionId: 1,
  fuelDate: '2025-07-14',
  fuelTime: '06:42',
  unitNumber: '101',
  driverId: 31,
  driverName: 'Sam Carter',
  quantity: '1101.250',
  amount: '3699.10',
  unitPrice: '3.899',
  paidPrice: '3.499',
  discount: '48.20',
  currency: 'USD',
  fuelStateCode: 'TX',
  fuelStateName: 'Texas',
  city: 'AMARILLO',
  location: 'PILOT #436',
  product: 'diesel',
  productName: 'Diesel',
  isIfta: true,
  taxPaid: true,
  vendor: 'EFS (WEX)',
  cardLast4: '0001',
  importId: 5,
};
const def: TFuelRecord = { ...diesel, fuelTransactionId: 2, quantity: '8.200', amount: '32.79', product: 'def', productName: 'DEF', isIfta: false, fuelTime: '06:44' };

const preview: TImportPreview = {
  previewId: 'p-1',
  kind: 'fuel',
  fileName: 'fuel_efs_2025Q3.csv',
  layout: 'EFS (WEX)',
  headers: ['Card #', 'Tran Date', 'Unit', 'State/ Prov', 'Item', 'Qty', 'Amt'],
  sampleRows: [['7083050099990001', '07/14/2025', '101', 'TX', 'ULSD', '120.50', '421.63']],
  fields: [
    { key: 'date', label: 'Date (and time)', required: true, hint: null },
    { key: 'unit', label: 'Unit', required: true, hint: null },
    { key: 'quantity', label: 'Gallons', required: true, hint: null },
  ],
  mapping: { date: 'Tran Date', unit: 'Unit', quantity: 'Qty' },
  rowsRead: 6,
  newRows: 4,
  duplicates: 2,
  changed: 0,
  unknownUnits: [],
  fleetUnits: [],
  unitMap: null,
  flagged: 1,
  refused: 1,
  skipped: 1,
  columns: [
    { key: 'date', label: 'Date' },
    { key: 'unit', label: 'Unit' },
  ],
  rows: [
    { rowNumber: 6, status: 'refused', reason: 'The date "13/45/2025" is not a date', values: { date: '13/45/2025', unit: '101' } },
    { rowNumber: 3, status: 'flagged', reason: 'DEF: kept, not counted in IFTA', values: { date: '07/14/2025', unit: '101' } },
    { rowNumber: 7, status: 'duplicate', reason: 'Row 7: repeats row 2', duplicateOf: 'file', values: { date: '07/14/2025', unit: '101' } },
    { rowNumber: 9, status: 'skipped', reason: 'Row 9: no fuel, oil or cash advance on this line', values: {} },
    { rowNumber: 8, status: 'duplicate', reason: 'Row 8: already imported on 11/20/2026 in efs-july.csv', duplicateOf: 'stored', values: { date: '07/15/2025', unit: '101' } },
  ],
  summary: 'Confirm adds 4 fuel lines (1 flagged). 1 row is refused and 1 is a duplicate.',
};
const unknownPreview: TImportPreview = { ...preview, previewId: 'p-2', fileName: 'odd.csv', layout: null, mapping: null, rows: [], summary: 'Map the columns of this file.' };

const history: TImportRecord[] = [
  {
    importId: 5,
    kind: 'fuel',
    fileName: 'fuel_efs_2025Q3.csv',
    layout: 'EFS (WEX)',
    rowsRead: 6,
    rowsAdded: 4,
    rowsDuplicate: 1,
    rowsFlagged: 1,
    rowsRefused: 1,
    createdBy: 'Pat Jones',
    createdOn: '2026-11-20T10:00:00.000Z',
    undoneOn: null,
    undoneBy: null,
  },
];

const WEEKS = [
  { label: 'Week 28 (07/07/2025 - 07/13/2025)', value: 28, year: 2025, number: 28, startDate: '2025-07-07', endDate: '2025-07-13' },
  { label: 'Week 29 (07/14/2025 - 07/20/2025)', value: 29, year: 2025, number: 29, startDate: '2025-07-14', endDate: '2025-07-20' },
  { label: 'Week 2 (01/06/2025 - 01/12/2025)', value: 2, year: 2025, number: 2, startDate: '2025-01-06', endDate: '2025-01-12' },
];

/** What the server sums over every line of the filter: more than the list shows. */
const totals = {
  lines: 6210,
  iftaGallons: '620100.500',
  amount: '2170351.75',
  byProduct: [
    { product: 'diesel', productName: 'Diesel', lines: 6000, gallons: '620100.500', amount: '2163000.00' },
    { product: 'def', productName: 'DEF', lines: 200, gallons: '1640.000', amount: '6558.00' },
    { product: 'cash_advance', productName: 'Cash advance', lines: 10, gallons: '0.000', amount: '793.75' },
  ],
};

const api = (extra: Record<string, unknown> = {}, me = userFixture('admin')) =>
  mockApi({
    'POST /api/Auth/GetUserDetails': { json: me },
    'POST /api/Accounting/GetFuel': { json: [diesel, def] },
    'POST /api/Accounting/GetFuelTotals': { json: totals },
    'GET /api/Lookup/GetWorkWeekList': { json: WEEKS },
    'GET /api/Imports': { json: history },
    'GET /api/Imports/Presets': { json: [] },
    ...(extra as object),
  });

const upload = (name = 'fuel_efs_2025Q3.csv') =>
  fireEvent.change(screen.getByLabelText('File to import'), { target: { files: [new File(['Card #,Tran Date\n1,2'], name, { type: 'text/csv' })] } });

describe('fuel import page (spec §2 accounting/fuel-import)', () => {
  it('shows the lines of the period in the URL: date, unit, QTY, amount, state, and DEF marked non-IFTA', async () => {
    const calls = api();
    renderApp('/app/accounting/fuel-import?year=2025&quarter=3');
    expect(await screen.findByRole('heading', { name: 'Fuel Import' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Fuel lines' });
    const row = (await within(table).findByText('1,101.250')).closest('tr')!;
    for (const text of ['07/14/2025', '101', 'Diesel', '$3,699.10', 'Texas', 'PILOT #436, AMARILLO']) expect(row.textContent).toContain(text);
    expect(row.textContent).not.toContain('Non-IFTA');
    const defRow = within(table).getByText('DEF').closest('tr')!;
    expect(defRow.textContent).toContain('Non-IFTA');
    // The totals are the server's sums over every line of the filter, not over the lines listed.
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('6,210 lines · IFTA diesel 620,100.500 gal · paid $2,170,351.75'));
    expect(calls.find((c) => c.path === '/api/Accounting/GetFuel')?.body).toEqual({ year: 2025, quarter: 3, weekId: 0 });
    expect(calls.find((c) => c.path === '/api/Accounting/GetFuelTotals')?.body).toEqual({ year: 2025, quarter: 3, weekId: 0 });
  });

  it('marks a line in a closed week with a lock, and late fuel with the week it is deducted in', async () => {
    const locked: TFuelRecord = { ...diesel, fuelTransactionId: 3, fuelDate: '2025-07-08', quantity: '50.000', closedWeek: '28 of 2025', lateWeek: null };
    const late: TFuelRecord = { ...diesel, fuelTransactionId: 4, fuelDate: '2025-07-09', quantity: '60.000', closedWeek: '28 of 2025', lateWeek: '29' };
    api({ 'POST /api/Accounting/GetFuel': { json: [diesel, locked, late] } });
    renderApp('/app/accounting/fuel-import?year=2025&quarter=3');
    const table = await screen.findByRole('table', { name: 'Fuel lines' });
    const rowOf = async (qty: string) => (await within(table).findByText(qty)).closest('tr')!;
    const open = await rowOf('1,101.250');
    expect(within(open).queryByLabelText(/In closed week/)).toBeNull();
    expect(open.textContent).not.toContain('Late');
    const lockedRow = await rowOf('50.000');
    expect(within(lockedRow).getByLabelText('In closed week 28 of 2025')).toBeTruthy();
    expect(lockedRow.textContent).not.toContain('Late');
    const lateRow = await rowOf('60.000');
    expect(within(lateRow).getByLabelText('In closed week 28 of 2025')).toBeTruthy();
    expect(within(lateRow).getByText('Late · week 29')).toBeTruthy();
  });

  it('the preview marks fuel dated in a closed week as late fuel before Confirm, which stays enabled', async () => {
    const notice = 'Dated in closed week 28 of 2025 (07/07/2025 - 07/13/2025): deducted as late fuel in week 29';
    const withLate: TImportPreview = {
      ...preview,
      previewId: 'p-late',
      refused: 0,
      flagged: 0,
      duplicates: 0,
      skipped: 0,
      newRows: 2,
      rowsRead: 2,
      late: 1,
      rows: [
        { rowNumber: 2, status: 'new', reason: null, late: notice, values: { date: '2025-07-08 06:00', unit: '101' } },
        { rowNumber: 3, status: 'new', reason: null, values: { date: '2025-07-15 06:00', unit: '101' } },
      ],
      summary: 'Confirm adds 2 fuel lines. 1 line is dated in closed weeks: imported, and deducted as late fuel in the next open week (marked below).',
    };
    api({ 'POST /api/Imports/Preview': { json: withLate } });
    renderApp('/app/accounting/fuel-import?year=2025&quarter=3');
    await screen.findByRole('table', { name: 'Fuel lines' });
    upload();
    const region = await screen.findByRole('region', { name: 'Preview of fuel_efs_2025Q3.csv' });
    expect(within(region).getByRole('list', { name: 'Counts' }).textContent).toContain('Late fuel: 1');
    const rows = within(region).getByRole('table', { name: 'Preview rows' });
    const lateRow = within(rows).getByText(notice).closest('tr')!;
    expect(lateRow.textContent).toContain('Late fuel');
    expect(within(rows).getByText('2025-07-15 06:00').closest('tr')?.textContent).not.toContain('Late fuel');
    expect((within(region).getByRole('button', { name: 'Confirm import' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('a week of the quarter narrows the search and goes in the URL', async () => {
    const calls = api();
    const view = renderApp('/app/accounting/fuel-import?year=2025&quarter=3');
    await screen.findByRole('table', { name: 'Fuel lines' });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Week' }));
    const listbox = await screen.findByRole('listbox');
    expect(within(listbox).queryByText(/Week 2 /)).toBeNull();
    fireEvent.click(within(listbox).getByRole('option', { name: /Week 29/ }));
    await waitFor(() => expect(view.location()).toBe('/app/accounting/fuel-import?year=2025&quarter=3&week=29'));
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/Accounting/GetFuel').at(-1)?.body).toEqual({ year: 2025, quarter: 3, weekId: 29 }));
  });

  it('uploads a file, shows the preview (layout, counts, problem rows); a refused row holds Confirm back until the corrected file is imported', async () => {
    const clean: TImportPreview = { ...preview, previewId: 'p-3', refused: 0, rowsRead: 5, rows: preview.rows.slice(1), summary: '5 rows read, 4 new records, 1 duplicate skipped, 1 record flagged' };
    let previews = 0;
    const calls = api({
      'POST /api/Imports/Preview': () => ({ json: previews++ ? clean : preview }),
      'POST /api/Imports/Confirm': { text: 'Imported 4 fuel lines' },
    });
    renderApp('/app/accounting/fuel-import?year=2025&quarter=3');
    await screen.findByRole('table', { name: 'Fuel lines' });
    upload();
    const region = await screen.findByRole('region', { name: 'Preview of fuel_efs_2025Q3.csv' });
    expect(region.textContent).toContain('Layout: EFS (WEX)');
    const counts = within(region).getByRole('list', { name: 'Counts' }).textContent;
    for (const text of ['Rows read: 6', 'New: 4', 'Duplicates: 2', 'Flagged: 1', 'Refused: 1']) expect(counts).toContain(text);
    expect(region.textContent).toContain(preview.summary);
    const rows = within(region).getByRole('table', { name: 'Preview rows' });
    expect(within(rows).getByText('The date "13/45/2025" is not a date').closest('tr')?.textContent).toContain('Refused');
    // A repeat in the file and a line imported before are told apart, each with its own words.
    expect(within(rows).getByText('Repeats row 2').closest('tr')?.textContent).toContain('Repeat in file');
    expect(within(rows).getByText('Already imported on 11/20/2026 in efs-july.csv').closest('tr')?.textContent).toContain('Already imported');
    // A line that is no record and no error is listed too, with why.
    expect(within(rows).getByText('No fuel, oil or cash advance on this line').closest('tr')?.textContent).toContain('Skipped');
    expect(counts).toContain('Skipped: 1');
    expect(within(region).getByRole('button', { name: /Download problems \(CSV\)/ })).toBeTruthy();
    expect(calls.find((c) => c.path === '/api/Imports/Preview')?.body).toEqual({ kind: 'fuel', files: 'file:fuel_efs_2025Q3.csv' });
    expect((within(region).getByRole('button', { name: 'Confirm import' }) as HTMLButtonElement).disabled).toBe(true);
    expect(region.textContent).toContain('A file is imported whole or not at all: correct the refused row in the file and upload it again.');

    fireEvent.click(within(region).getByRole('button', { name: 'Cancel' }));
    upload();
    const corrected = await screen.findByRole('region', { name: 'Preview of fuel_efs_2025Q3.csv' });
    await waitFor(() => expect(corrected.textContent).toContain(clean.summary));
    fireEvent.click(within(corrected).getByRole('button', { name: 'Confirm import' }));
    expect(await screen.findByText('Imported 4 fuel lines')).toBeTruthy();
    expect(calls.find((c) => c.path === '/api/Imports/Confirm')?.body).toEqual({ previewId: 'p-3' });
    await waitFor(() => expect(screen.queryByRole('region', { name: /Preview of/ })).toBeNull());
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/Accounting/GetFuel').length).toBe(2));
  });

  it('the same file again: the INFO reply is an info toast', async () => {
    api({
      'POST /api/Imports/Preview': { json: { ...preview, newRows: 0, duplicates: 5, refused: 0, rows: [] } },
      'POST /api/Imports/Confirm': { text: 'INFO Nothing new in this file: every row is already imported' },
    });
    renderApp('/app/accounting/fuel-import?year=2025&quarter=3');
    await screen.findByRole('table', { name: 'Fuel lines' });
    upload();
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm import' }));
    const toast = await screen.findByText('Nothing new in this file: every row is already imported');
    expect(toast.closest('.Toastify__toast')?.className).toContain('--info');
  });

  it('a file in an unknown layout opens the mapping; the mapping is sent with the file again and can be saved as a preset', async () => {
    const calls = api({
      'POST /api/Imports/Preview': (body: unknown) => ({ json: (body as Record<string, string>).mapping ? { ...preview, refused: 0, layout: 'Mapped columns', headers: [], sampleRows: [], mapping: null } : unknownPreview }),
      'POST /api/Imports/Presets': { text: 'Preset saved successfully' },
    });
    renderApp('/app/accounting/fuel-import?year=2025&quarter=3');
    await screen.findByRole('table', { name: 'Fuel lines' });
    upload('odd.csv');
    const region = await screen.findByRole('region', { name: 'Preview of odd.csv' });
    expect(region.textContent).toContain('Layout not recognised');
    expect((within(region).getByRole('button', { name: 'Confirm import' }) as HTMLButtonElement).disabled).toBe(true);
    const apply = within(region).getByRole('button', { name: 'Apply mapping' }) as HTMLButtonElement;
    expect(apply.disabled).toBe(true);
    for (const [field, column] of [
      ['Date (and time)', 'Tran Date'],
      ['Unit', 'Unit'],
      ['Gallons', 'Qty'],
    ]) {
      fireEvent.mouseDown(within(region).getByRole('combobox', { name: new RegExp(`^${field.replace(/[()]/g, '\\$&')}`) }));
      fireEvent.click(await screen.findByRole('option', { name: column }));
    }
    expect(region.textContent).toContain('e.g. 120.50');
    fireEvent.change(within(region).getByLabelText('Preset name'), { target: { value: 'Love’s card' } });
    fireEvent.click(within(region).getByRole('button', { name: /Save as preset/ }));
    expect(await screen.findByText('Preset saved successfully')).toBeTruthy();
    expect(calls.find((c) => c.path === '/api/Imports/Presets' && c.method === 'POST')?.body).toEqual({
      kind: 'fuel',
      name: 'Love’s card',
      headers: preview.headers,
      mapping: { date: 'Tran Date', unit: 'Unit', quantity: 'Qty' },
    });
    fireEvent.click(apply);
    expect(await screen.findByText('Layout: Mapped columns')).toBeTruthy();
    // The mapping stays on screen, as applied, to correct or save.
    fireEvent.click(screen.getByRole('button', { name: 'Column mapping' }));
    expect(screen.getByRole('combobox', { name: /^Gallons/ }).textContent).toBe('Qty');
    const second = calls.filter((c) => c.path === '/api/Imports/Preview')[1]?.body as Record<string, string>;
    expect(JSON.parse(second.mapping)).toEqual({ date: 'Tran Date', unit: 'Unit', quantity: 'Qty' });
  });

  it('refuses a file of the wrong type before sending it', async () => {
    const calls = api();
    renderApp('/app/accounting/fuel-import?year=2025&quarter=3');
    await screen.findByRole('table', { name: 'Fuel lines' });
    upload('receipt.pdf');
    expect(await screen.findByText(/The file must be a/)).toBeTruthy();
    expect(calls.some((c) => c.path === '/api/Imports/Preview')).toBe(false);
  });

  it('lists the import history and undoes an import after a confirmation', async () => {
    const calls = api({ 'DELETE /api/Imports': { text: 'Import undone: 4 rows removed' } });
    renderApp('/app/accounting/fuel-import?year=2025&quarter=3');
    // Folded under the fuel lines until opened; the button counts the imports.
    expect(screen.queryByRole('table', { name: 'Import history' })).toBeNull();
    fireEvent.click(await screen.findByRole('button', { name: /^Import history \(\d+\)$/ }));
    const table = await screen.findByRole('table', { name: 'Import history' });
    const row = (await within(table).findByText('Pat Jones')).closest('tr')!;
    expect(row.textContent).toContain('fuel_efs_2025Q3.csv');
    expect(row.textContent).toContain('EFS (WEX)');
    fireEvent.click(within(row).getByRole('button', { name: 'Undo import of fuel_efs_2025Q3.csv' }));
    const dialog = await screen.findByRole('dialog', { name: 'Undo import' });
    expect(dialog.textContent).toContain('Are you sure you want to undo the import of fuel_efs_2025Q3.csv? The 4 rows it added are removed.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Import undone: 4 rows removed')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/api/Imports?id=5']);
  });

  it('lists the saved column mappings and deletes one after a confirmation', async () => {
    const calls = api({
      'GET /api/Imports/Presets': { json: [{ presetId: 3, kind: 'fuel', name: 'Southern card', headers: ['Fecha', 'Camion'], mapping: { date: 'Fecha' }, createdOn: '2026-11-20T10:00:00.000Z' }] },
      'DELETE /api/Imports/Presets': { text: 'Preset deleted successfully' },
    });
    renderApp('/app/accounting/fuel-import?year=2025&quarter=3');
    const list = await screen.findByRole('list', { name: 'Saved column mappings' });
    fireEvent.click(within(list).getByLabelText('Delete Southern card'));
    const dialog = await screen.findByRole('dialog', { name: 'Delete column mapping' });
    expect(dialog.textContent).toContain('Are you sure you want to delete Southern card');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Preset deleted successfully')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/api/Imports/Presets?id=3']);
  });

  it('with Read only: the lines, no upload and no undo', async () => {
    api({}, userFixture('dispatcher', { userPermissibleObjects: [{ objectName: 'FuelImportPage', accessType: 'Read', isMenuVisible: true }] }));
    renderApp('/app/accounting/fuel-import?year=2025&quarter=3');
    expect(await screen.findByText('1,101.250')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Choose file' })).toBeNull();
    fireEvent.click(await screen.findByRole('button', { name: /^Import history \(\d+\)$/ }));
    const history = await screen.findByRole('table', { name: 'Import history' });
    await within(history).findByText('fuel_efs_2025Q3.csv');
    expect(screen.queryByRole('button', { name: /^Undo import/ })).toBeNull();
  });
});
