import '../../test/setup';
import type { TIftaMiles, TImportPreview } from '@haulboard/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { mockApi, userFixture } from '../../test/api-mock';
import { renderApp } from '../../test/render-app';

beforeAll(() => import('./ifta-miles-import-page'), 120_000);

const texas: TIftaMiles = {
  iftaMilesId: 1,
  year: 2025,
  quarter: 3,
  unitNumber: '101',
  stateCode: 'TX',
  stateName: 'Texas',
  miles: '4212.4',
  taxableMiles: '4212.4',
  source: 'Miles per unit and quarter',
  createdOn: '2026-11-20T10:00:00.000Z',
  importId: 9,
  trips: 0,
};
const ontario: TIftaMiles = { ...texas, iftaMilesId: 2, unitNumber: '102', stateCode: 'ON', stateName: 'Ontario', miles: '310.3', taxableMiles: '310.3' };

const preview: TImportPreview = {
  previewId: 'm-1',
  kind: 'miles',
  fileName: 'ifta_miles_2025Q3.csv',
  layout: 'Miles per unit and quarter',
  headers: ['Year', 'Quarter', 'Unit', 'Jurisdiction', 'Total Miles'],
  sampleRows: [['2025', '3', '101', 'TX', '4212.4']],
  fields: [],
  mapping: null,
  rowsRead: 5,
  newRows: 4,
  duplicates: 0,
  changed: 0,
  unknownUnits: [],
  fleetUnits: [],
  unitMap: null,
  flagged: 0,
  refused: 1,
  columns: [{ key: 'jurisdiction', label: 'State' }],
  rows: [{ rowNumber: 6, status: 'refused', reason: '"Atlantis" is not a state or province', values: { jurisdiction: 'Atlantis' } }],
  summary: 'Confirm adds 4 mileage rows. 1 row is refused.',
};

const api = (extra: Record<string, unknown> = {}) =>
  mockApi({
    'POST /api/Auth/GetUserDetails': { json: userFixture('admin') },
    'POST /api/Accounting/GetIftaMiles': { json: [texas, ontario] },
    'GET /api/Imports': { json: [] },
    'GET /api/Imports/Presets': { json: [] },
    ...(extra as object),
  });

describe('IFTA miles import page (spec §2 accounting/iftamiles-import)', () => {
  it('shows quarter, unit, state, miles and uploaded on for the year and quarter chosen', async () => {
    const calls = api();
    renderApp('/app/accounting/iftamiles-import?year=2025&quarter=3');
    expect(await screen.findByRole('heading', { name: 'IFTA Miles Import' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'IFTA miles' });
    const row = (await within(table).findByText('Texas')).closest('tr')!;
    for (const text of ['Q3 2025', '101', '4,212.4']) expect(row.textContent).toContain(text);
    expect(row.textContent).toMatch(/11\/20\/2026 \d\d:\d\d/);
    expect(screen.getByRole('status').textContent).toBe('2 rows · 4,522.7 miles');
    expect(calls.find((c) => c.path === '/api/Accounting/GetIftaMiles')?.body).toEqual({ year: 2025, quarter: 3, weekId: 0 });
    expect(screen.queryByRole('combobox', { name: 'Week' })).toBeNull();
  });

  it('uploads with the chosen year and quarter and previews: a refused row holds Confirm back', async () => {
    const calls = api({
      'POST /api/Imports/Preview': { json: preview },
    });
    const view = renderApp('/app/accounting/iftamiles-import?year=2025&quarter=3');
    await screen.findByRole('table', { name: 'IFTA miles' });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Quarter' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Q2' }));
    await waitFor(() => expect(view.location()).toBe('/app/accounting/iftamiles-import?year=2025&quarter=2'));
    fireEvent.change(screen.getByLabelText('File to import'), { target: { files: [new File(['Year,Quarter\n2025,2'], 'ifta_miles_2025Q3.csv')] } });
    const region = await screen.findByRole('region', { name: 'Preview of ifta_miles_2025Q3.csv' });
    expect(region.textContent).toContain('"Atlantis" is not a state or province');
    expect(calls.find((c) => c.path === '/api/Imports/Preview')?.body).toEqual({ kind: 'miles', year: '2025', quarter: '2', files: 'file:ifta_miles_2025Q3.csv' });
    expect((within(region).getByRole('button', { name: 'Confirm import' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("edits a unit's quarter: the dialog starts from its states and saves the figures entered", async () => {
    const trips: TIftaMiles = { ...texas, iftaMilesId: 3, source: 'Motive', miles: '300.0', taxableMiles: '300.0', trips: 2 };
    const calls = api({
      'POST /api/Accounting/GetIftaMiles': { json: [texas, trips, ontario] },
      'POST /api/Accounting/SaveIftaMilesQuarter': { text: 'Miles of unit 101 for Q3 2025 saved: 1 state, replacing 2 rows' },
    });
    renderApp('/app/accounting/iftamiles-import?year=2025&quarter=3');
    const table = await screen.findByRole('table', { name: 'IFTA miles' });
    expect((await within(table).findByText('Motive')).closest('tr')!.textContent).toContain('2');
    fireEvent.click((await within(table).findAllByRole('button', { name: 'Edit the miles of unit 101, Q3 2025' }))[0]);
    const dialog = await screen.findByRole('dialog', { name: 'Miles of unit 101, Q3 2025' });
    expect(dialog.textContent).toContain('including 2 trips imported one by one');
    // Texas of both sources is one state: 4212.4 + 300.
    const miles = within(dialog).getByRole('textbox', { name: 'Miles' }) as HTMLInputElement;
    expect(miles.value).toBe('4512.4');
    fireEvent.change(miles, { target: { value: '4000' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    // The taxable miles kept from before are now more than the miles: said, not sent.
    expect(await within(dialog).findByText('The taxable miles are more than the miles')).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Taxable miles' }), { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.find((c) => c.path === '/api/Accounting/SaveIftaMilesQuarter')).toBeTruthy());
    expect(calls.find((c) => c.path === '/api/Accounting/SaveIftaMilesQuarter')?.body).toEqual({
      year: 2025,
      quarter: 3,
      unitNumber: '101',
      states: [{ stateCode: 'TX', miles: '4000', taxableMiles: '' }],
    });
  });

  it("deletes a unit's quarter after asking", async () => {
    const calls = api({ 'DELETE /api/Accounting/DeleteIftaMilesQuarter': { text: 'Miles of unit 102 for Q3 2025 deleted: 1 row' } });
    renderApp('/app/accounting/iftamiles-import?year=2025&quarter=3');
    const table = await screen.findByRole('table', { name: 'IFTA miles' });
    fireEvent.click(await within(table).findByRole('button', { name: 'Delete the miles of unit 102, Q3 2025' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete miles' });
    expect(dialog.textContent).toContain('Undo puts the rows back');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.path.startsWith('/api/Accounting/DeleteIftaMilesQuarter'))).toBe(true));
    expect(calls.find((c) => c.method === 'DELETE')?.path).toBe('/api/Accounting/DeleteIftaMilesQuarter?year=2025&quarter=3&unitNumber=102');
  });

  it('a corrected file offers Replace; a unit not in the fleet can be mapped before Confirm', async () => {
    const corrected: TImportPreview = {
      ...preview,
      refused: 0,
      newRows: 1,
      duplicates: 1,
      changed: 1,
      flagged: 1,
      unknownUnits: ['Truck 7'],
      fleetUnits: ['101', '102'],
      columns: [
        { key: 'totalMiles', label: 'Miles' },
        { key: 'storedMiles', label: 'Stored miles' },
      ],
      rows: [
        { rowNumber: 3, status: 'flagged', reason: 'Row 3: unit Truck 7 is not in the fleet', values: { totalMiles: '10.000', storedMiles: null } },
        { rowNumber: 2, status: 'duplicate', reason: 'Row 2: already imported with different figures: stored 4212.4 mi', values: { totalMiles: '4000.000', storedMiles: '4212.400' } },
      ],
    };
    const calls = api({
      'POST /api/Imports/Preview': { json: corrected },
      'POST /api/Imports/Confirm': { text: 'Imported 2 mileage rows, replacing 1 imported before with different figures' },
    });
    renderApp('/app/accounting/iftamiles-import?year=2025&quarter=3');
    await screen.findByRole('table', { name: 'IFTA miles' });
    fireEvent.change(screen.getByLabelText('File to import'), { target: { files: [new File(['x'], 'q3.csv')] } });
    const region = await screen.findByRole('region', { name: 'Preview of ifta_miles_2025Q3.csv' });
    expect(region.textContent).toContain('1 row is already imported with different figures');
    const units = within(region).getByRole('group', { name: 'Units not in the fleet' });
    fireEvent.mouseDown(within(units).getByRole('combobox', { name: 'File unit Truck 7' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Unit 102' }));
    fireEvent.click(within(units).getByRole('button', { name: 'Apply units and preview again' }));
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/Imports/Preview')).toHaveLength(2));
    expect((calls.filter((c) => c.path === '/api/Imports/Preview')[1].body as any).unitMap).toBe(JSON.stringify({ 'Truck 7': '102' }));
    fireEvent.click(await within(await screen.findByRole('region', { name: 'Preview of ifta_miles_2025Q3.csv' })).findByRole('button', { name: 'Replace and import' }));
    await waitFor(() => expect(calls.find((c) => c.path === '/api/Imports/Confirm')?.body).toEqual({ previewId: 'm-1', replace: true }));
  });
});
