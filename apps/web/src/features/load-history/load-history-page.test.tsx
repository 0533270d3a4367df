import '../../test/setup';
import type { TLoad } from '@haulboard/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { mockApi, userFixture } from '../../test/api-mock';
import { renderApp } from '../../test/render-app';

beforeAll(() => import('./load-history-page'), 120_000);

const row = {
  loadId: 1,
  loadNumber: 'LD-100',
  loadStartDate: '2026-11-17T14:00:00.000Z',
  originCity: 'Dallas',
  originStateName: 'Texas',
  destinationCity: 'Fresno',
  destinationStateName: 'California',
  tripLength: 1234.5,
  numberOfStops: 3,
  pricePerMile: 2.35,
  payout: 2901.08,
} as TLoad;

describe('load history (spec §2 load-history)', () => {
  it('searches by load ID, year and origin state and shows miles, stops and PPM / payout', async () => {
    const calls = mockApi({
      'POST /api/Auth/GetUserDetails': { json: userFixture('driver') },
      'POST /api/Load/GetLoadHistoryPage': { json: { rows: [row], total: 1, totalPayout: '2901.08', page: 0, pageSize: 100 } },
      'GET /api/Lookup/GetWorkWeekList': { json: [] },
      'GET /api/Lookup/GetStates': { json: [{ label: 'Texas', value: 45 }] },
    });
    renderApp('/app/load-history');
    const tr = (await screen.findByText('LD-100')).closest('tr')!;
    for (const text of ['Dallas, TX', 'Fresno, CA', '1,234.5', '3', '$2.35', '$2,901.08']) expect(tr.textContent).toContain(text);
    fireEvent.change(screen.getByLabelText('Load ID'), { target: { value: 'LD-1' } });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /Origin state/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Texas' }));
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/Load/GetLoadHistoryPage').length).toBe(2));
    expect(calls.filter((c) => c.path === '/api/Load/GetLoadHistoryPage')[1].body).toMatchObject({
      loadNumber: 'LD-1',
      stateId: 45,
      year: new Date().getFullYear(),
      weekId: 0,
    });
  });
});
