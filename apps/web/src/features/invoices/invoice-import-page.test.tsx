import '../../test/setup';
import { INVOICE_IMPORT_TEXT, INVOICE_TEXT, type TImportRecord, type TInvoiceComparison, type TInvoicePreview } from '@haulboard/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { mockApi, userFixture } from '../../test/api-mock';
import { renderApp } from '../../test/render-app';

beforeAll(() => import('./invoice-import-page'), 120_000);

const WEEKS = [{ label: 'Week 29 (07/14/2025 - 07/20/2025)', value: 29 }];
const EMPTY: TInvoiceComparison = {
  weekId: 29,
  payWeekStart: '2025-07-13',
  payWeekEnd: '2025-07-19',
  invoiceLines: 0,
  matched: 0,
  totals: { invoice: '0.00', invoiceLoads: '0.00', board: '0.00', difference: '0.00', adjustments: '0.00' },
  sections: [],
  otherWeeks: [],
  loadsMissingInInvoice: [],
  loadsMissingInBoard: [],
  payDifferences: [],
  paidNextWeek: [],
  adjustments: [],
};

const api = (status: { working: boolean; checkedOn: string | null; sessions: number }, fromBoard: { status?: number; text?: string } = { text: 'Invoice Imported Successfully' }) =>
  mockApi({
    'POST /api/Auth/GetUserDetails': { json: userFixture('admin') },
    'GET /api/Lookup/GetWorkWeekList': { json: WEEKS },
    'GET /api/CookieAdmin/Status': { json: status },
    'GET /api/Accounting/CompareInvoice': { json: EMPTY },
    'POST /api/Accounting/ImportInvoiceFromBoard': fromBoard,
    'GET /api/Imports': { json: [] },
  });

const HISTORY: TImportRecord[] = [
  {
    importId: 9,
    kind: 'invoice',
    fileName: 'payments-week29.csv',
    layout: 'Load board payment details',
    rowsRead: 5,
    rowsAdded: 4,
    rowsDuplicate: 1,
    rowsFlagged: 0,
    rowsRefused: 0,
    createdBy: 'Pat Jones',
    createdOn: '2026-11-20T10:00:00.000Z',
    undoneOn: null,
    undoneBy: null,
  },
];

const question = INVOICE_IMPORT_TEXT.datesQuestion(['2025-07-20'], 1, '2025-07-13', '2025-07-19');
const PREVIEW: TInvoicePreview = {
  previewId: 'inv-1',
  kind: 'invoice',
  fileName: 'payments-week29.csv',
  layout: 'Load board payment details',
  headers: [],
  sampleRows: [],
  fields: [],
  mapping: null,
  rowsRead: 6,
  newRows: 4,
  duplicates: 1,
  changed: 0,
  unknownUnits: [],
  fleetUnits: [],
  unitMap: null,
  flagged: 0,
  refused: 1,
  columns: [
    { key: 'loadId', label: 'Load' },
    { key: 'amount', label: 'Amount' },
  ],
  rows: [
    { rowNumber: 4, status: 'refused', reason: 'Row 4: The amount "abc" is not a number', values: { loadId: 'L-4', amount: 'abc' } },
    { rowNumber: 3, status: 'duplicate', duplicateOf: 'stored', reason: 'Already imported on 11/20/2026', values: { loadId: 'L-3', amount: '100.00' } },
  ],
  summary: 'ERROR 1 line is refused: nothing is imported',
  weekId: 29,
  payWeekStart: '2025-07-13',
  payWeekEnd: '2025-07-19',
  outsideDates: ['2025-07-20'],
  outsideRows: 1,
  wrongWeek: false,
  datesQuestion: null,
};
const ASKING: TInvoicePreview = { ...PREVIEW, previewId: 'inv-2', refused: 0, rows: PREVIEW.rows.slice(1), summary: '4 new lines will be imported', datesQuestion: question };

const COMPARISON: TInvoiceComparison = {
  ...EMPTY,
  invoiceLines: 5,
  matched: 1,
  totals: { invoice: '1500.00', invoiceLoads: '1450.00', board: '1200.00', difference: '300.00', adjustments: '50.00' },
  otherWeeks: [{ loadNumber: 'L-77', invoicePayout: '400.00', boardPayout: null, difference: '400.00', note: 'On the board in week 28 (350.00 there)' }],
  sections: [
    { key: 'matched', label: 'Matched', lines: 1, invoice: '1000.00', board: '1000.00', difference: '0.00' },
    { key: 'loadsMissingInInvoice', label: 'Loads Missing in Invoice', lines: 1, invoice: '0.00', board: '200.00', difference: '-200.00' },
    { key: 'otherWeeks', label: "Payments of other weeks' loads", lines: 1, invoice: '400.00', board: '0.00', difference: '400.00' },
    { key: 'adjustments', label: 'Disputes and adjustments', lines: 1, invoice: '100.00', board: '0.00', difference: '100.00' },
  ],
};

const chooseWeek = async () => {
  fireEvent.mouseDown(await screen.findByRole('combobox', { name: /Week/ }));
  fireEvent.click(await screen.findByRole('option', { name: /Week 29/ }));
};
const upload = (name = 'payments-week29.csv') =>
  fireEvent.change(screen.getByLabelText('File to import'), { target: { files: [new File(['Trip ID,Load ID\n1,2'], name, { type: 'text/csv' })] } });
const WORKING = { working: true, checkedOn: '2026-11-25T14:30:00.000Z', sessions: 1 };

describe('invoice import (spec §2 accounting/payment-import)', () => {
  it('warns before reading anything when no load board session works', async () => {
    const calls = api({ working: false, checkedOn: '2026-11-25T14:30:00.000Z', sessions: 1 });
    renderApp('/app/accounting/payment-import');
    const warning = await screen.findByRole('alert', { name: 'Load board session' });
    expect(warning.textContent).toMatch(/^No working load board session\. The load board accepted none of the stored sessions at the last check/);
    expect(within(warning).getByRole('link', { name: 'Cookie Administration' }).getAttribute('href')).toBe('/app/relay/cookie-admin');
    expect(calls.some((c) => c.path.startsWith('/api/Accounting'))).toBe(false);
  });

  it('shows a failed Read from board as that warning, and asks again whether a session works', async () => {
    const calls = api({ working: true, checkedOn: '2026-11-25T14:30:00.000Z', sessions: 1 }, { status: 409, text: INVOICE_TEXT.boardUnavailable('The load board session has expired') });
    renderApp('/app/accounting/payment-import');
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: /Week/ }));
    fireEvent.click(await screen.findByRole('option', { name: /Week 29/ }));
    expect(screen.queryByRole('alert', { name: 'Load board session' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Read from board' }));
    const warning = await screen.findByRole('alert', { name: 'Load board session' });
    expect(warning.textContent).toBe(
      'The load board could not be read (The load board session has expired): upload its payment details file instead. Open Cookie Administration',
    );
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/CookieAdmin/Status').length).toBeGreaterThanOrEqual(2));
  });

  it('previews a file (new, duplicate, refused with reasons), then confirms the corrected one with its dates accepted', async () => {
    let previews = 0;
    let compared = false;
    const calls = mockApi({
      'POST /api/Auth/GetUserDetails': { json: userFixture('admin') },
      'GET /api/Lookup/GetWorkWeekList': { json: WEEKS },
      'GET /api/CookieAdmin/Status': { json: WORKING },
      'GET /api/Accounting/CompareInvoice': () => ({ json: compared ? COMPARISON : EMPTY }),
      'GET /api/Imports': { json: [] },
      'POST /api/Accounting/ImportInvoice/Preview': () => ({ json: previews++ ? ASKING : PREVIEW }),
      'POST /api/Accounting/ImportInvoice/Confirm': () => {
        compared = true;
        return { text: 'Invoice Imported Successfully' };
      },
    });
    renderApp('/app/accounting/payment-import');
    await chooseWeek();
    upload();
    const region = await screen.findByRole('region', { name: 'Preview of payments-week29.csv' });
    const counts = within(region).getByRole('list', { name: 'Counts' }).textContent;
    for (const text of ['Rows read: 6', 'New: 4', 'Duplicates: 1', 'Refused: 1']) expect(counts).toContain(text);
    const rows = within(region).getByRole('table', { name: 'Preview rows' });
    expect(within(rows).getByText('The amount "abc" is not a number').closest('tr')?.textContent).toContain('Refused');
    expect(within(rows).getByText('Already imported on 11/20/2026').closest('tr')?.textContent).toContain('Already imported');
    expect(calls.find((c) => c.path === '/api/Accounting/ImportInvoice/Preview')?.body).toEqual({ WeekId: '29', File: 'file:payments-week29.csv' });
    expect((within(region).getByRole('button', { name: 'Confirm import' }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(within(region).getByRole('button', { name: 'Cancel' }));
    upload();
    await waitFor(() => expect(screen.getByRole('region', { name: 'Preview of payments-week29.csv' }).textContent).toContain('4 new lines will be imported'));
    const asking = screen.getByRole('region', { name: 'Preview of payments-week29.csv' });
    // The pay-period question names the dates; Confirm waits for the answer.
    expect(within(asking).getByRole('alert', { name: 'Pay period' }).textContent).toContain(question);
    const confirmButton = within(asking).getByRole('button', { name: 'Confirm import' }) as HTMLButtonElement;
    expect(confirmButton.disabled).toBe(true);
    fireEvent.click(within(asking).getByRole('checkbox', { name: 'Import these dates for this week' }));
    expect(confirmButton.disabled).toBe(false);
    fireEvent.click(confirmButton);
    expect(await screen.findByText('Invoice Imported Successfully')).toBeTruthy();
    expect(calls.find((c) => c.path === '/api/Accounting/ImportInvoice/Confirm')?.body).toEqual({ previewId: 'inv-2', acceptDates: ['2025-07-20'] });
    await waitFor(() => expect(screen.queryByRole('region', { name: /Preview of/ })).toBeNull());

    // The comparison, read again: a totals line per section adding up to the difference, and the other weeks' payments.
    const sections = await screen.findByRole('table', { name: 'Totals by section' });
    const line = (label: string) => within(sections).getAllByText(label).map((el) => el.closest('tr')!).find(Boolean)!.textContent;
    expect(line('Loads Missing in Invoice')).toContain('-$200.00');
    expect(line("Payments of other weeks' loads")).toContain('$400.00');
    expect(line('Total')).toContain('$300.00');
    const others = screen.getByRole('table', { name: "Payments of other weeks' loads" });
    expect(within(others).getByText('L-77').closest('tr')?.textContent).toContain('On the board in week 28');
  });

  it('refuses a file of another week: no Confirm', async () => {
    const refusal = INVOICE_IMPORT_TEXT.wrongWeek('2025-07-06', '2025-07-12', '2025-07-13', '2025-07-19');
    mockApi({
      'POST /api/Auth/GetUserDetails': { json: userFixture('admin') },
      'GET /api/Lookup/GetWorkWeekList': { json: WEEKS },
      'GET /api/CookieAdmin/Status': { json: WORKING },
      'GET /api/Accounting/CompareInvoice': { json: EMPTY },
      'GET /api/Imports': { json: [] },
      'POST /api/Accounting/ImportInvoice/Preview': { json: { ...PREVIEW, refused: 0, rows: [], wrongWeek: true, summary: refusal } },
    });
    renderApp('/app/accounting/payment-import');
    await chooseWeek();
    upload();
    const region = await screen.findByRole('region', { name: 'Preview of payments-week29.csv' });
    expect(region.textContent).toContain(refusal.replace(/^ERROR /, ''));
    expect((within(region).getByRole('button', { name: 'Confirm import' }) as HTMLButtonElement).disabled).toBe(true);
    expect(within(region).queryByRole('checkbox')).toBeNull();
  });

  it('lists the invoice imports and undoes one', async () => {
    const calls = mockApi({
      'POST /api/Auth/GetUserDetails': { json: userFixture('admin') },
      'GET /api/Lookup/GetWorkWeekList': { json: WEEKS },
      'GET /api/CookieAdmin/Status': { json: WORKING },
      'GET /api/Imports': { json: HISTORY },
      'DELETE /api/Imports': { text: 'Import undone: 4 rows removed' },
    });
    renderApp('/app/accounting/payment-import');
    fireEvent.click(await screen.findByRole('button', { name: /^Import history \(\d+\)$/ }));
    const table = await screen.findByRole('table', { name: 'Import history' });
    const row = (await within(table).findByText('Pat Jones')).closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: 'Undo import of payments-week29.csv' }));
    const dialog = await screen.findByRole('dialog', { name: 'Undo import' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Import undone: 4 rows removed')).toBeTruthy();
    expect(calls.find((c) => c.path.startsWith('/api/Imports?kind'))?.path).toBe('/api/Imports?kind=invoice');
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/api/Imports?id=9']);
  });
});
