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
});
