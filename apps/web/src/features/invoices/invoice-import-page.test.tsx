import '../../test/setup';
import { INVOICE_TEXT } from '@haulboard/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { mockApi, userFixture } from '../../test/api-mock';
import { renderApp } from '../../test/render-app';

beforeAll(() => import('./invoice-import-page'), 120_000);

const WEEKS = [{ label: 'Week 29 (07/14/2025 - 07/20/2025)', value: 29 }];
const EMPTY = {
  payWeekStart: '2025-07-13',
  payWeekEnd: '2025-07-19',
  invoiceLines: 0,
  matched: 0,
  totals: { invoice: '0.00', board: '0.00', difference: '0.00', adjustments: '0.00' },
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
  });

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
});
