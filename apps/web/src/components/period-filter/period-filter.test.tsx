import '../../test/setup';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { FormEvent } from 'react';
import { useState } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../test/api-mock';
import { isBadRange, PeriodFilter, SearchClearButtons } from './period-filter';
import { usePeriodSearch } from './use-period-search';

type TSearch = { year: number | null; quarter: number | null; weekId: number | null; startDate: string; endDate: string; driver: string };

const DEFAULTS: TSearch = { year: 2025, quarter: 3, weekId: null, startDate: '', endDate: '', driver: '' };
const KEYS = ['year', 'quarter', 'startDate', 'endDate', 'driver'];

const parse = (params: URLSearchParams) => ({
  value: {
    year: Number(params.get('year')) || null,
    quarter: Number(params.get('quarter')) || null,
    weekId: null,
    startDate: params.get('startDate') ?? '',
    endDate: params.get('endDate') ?? '',
    driver: params.get('driver') ?? '',
  },
  isDefault: !KEYS.some((key) => params.has(key)),
});

const write = (s: TSearch) => {
  const out = new URLSearchParams();
  out.set('year', String(s.year ?? 0));
  if (s.quarter) out.set('quarter', String(s.quarter));
  if (s.startDate) out.set('startDate', s.startDate);
  if (s.endDate) out.set('endDate', s.endDate);
  if (s.driver) out.set('driver', s.driver);
  return out;
};

/** A search form as the pages build one: a draft edited by the fields, applied by Search. */
function SearchPage() {
  const { value, ready, apply, clear } = usePeriodSearch({ parse, write, defaults: DEFAULTS, writeDefaults: true, keep: ['tab'] });
  const [draft, setDraft] = useState(value);
  const [seen, setSeen] = useState(value);
  if (seen !== value) {
    setSeen(value);
    setDraft(value);
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    apply(draft);
  };
  if (!ready) return null;
  return (
    <form role="search" aria-label="Period" onSubmit={submit}>
      <PeriodFilter modes={['year', 'quarter', 'dates']} years="accounting" value={draft} onChange={setDraft} />
      <SearchClearButtons
        disabled={isBadRange(draft.startDate, draft.endDate)}
        onClear={() => {
          const cleared = clear();
          if (cleared) setDraft(cleared);
        }}
      />
    </form>
  );
}

/** A week filter with its own state, offering "Any week". */
function WeekPicker(start: { year: number; weekId: number | null }) {
  const [value, setValue] = useState<{ year: number | null; weekId: number | null }>(start);
  return <PeriodFilter modes={['year', 'week']} anyWeek="Any week" value={value} onChange={setValue} />;
}

function open(path: string) {
  const router = createMemoryRouter([{ path: '/', element: <SearchPage /> }], { initialEntries: [path] });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return () => router.state.location.search;
}

const combobox = (name: string) => screen.getByRole('combobox', { name });
const date = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

describe('PeriodFilter with its URL state', () => {
  it('a page opened without a period shows the defaults and writes them to the URL', async () => {
    const location = open('/?tab=b');
    expect((await screen.findByRole('combobox', { name: 'Year' })).textContent).toBe('2025');
    expect(combobox('Quarter').textContent).toBe('Q3');
    expect(date('Start date').value).toBe('');
    expect(location()).toBe('?year=2025&quarter=3&tab=b');
  });

  it('a reload with the period in the URL shows it again', async () => {
    open('/?year=2024&quarter=2&startDate=2024-04-01&endDate=2024-04-30&driver=7');
    expect((await screen.findByRole('combobox', { name: 'Year' })).textContent).toBe('2024');
    expect(combobox('Quarter').textContent).toBe('Q2');
    expect(date('Start date').value).toBe('2024-04-01');
    expect(date('End date').value).toBe('2024-04-30');
  });

  it('Search writes the chosen period to the URL, which a reload restores; Clear goes back to the defaults', async () => {
    const location = open('/?year=2025&quarter=3&tab=b');
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: 'Quarter' }));
    fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Whole year' }));
    fireEvent.change(date('Start date'), { target: { value: '2025-02-01' } });
    fireEvent.change(date('End date'), { target: { value: '2025-01-01' } });
    // An end before the start holds Search back.
    expect(screen.getByText('Before the start date')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Search' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(date('End date'), { target: { value: '2025-02-28' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(location()).toBe('?year=2025&startDate=2025-02-01&endDate=2025-02-28&tab=b');

    // A reload: a new page at the same address.
    const saved = location();
    cleanup();
    const reloaded = open(`/${saved}`);
    expect((await screen.findByRole('combobox', { name: 'Quarter' })).textContent).toBe('Whole year');
    expect(date('Start date').value).toBe('2025-02-01');
    expect(date('End date').value).toBe('2025-02-28');

    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(reloaded()).toBe('?year=2025&quarter=3&tab=b');
    expect(combobox('Quarter').textContent).toBe('Q3');
    expect(date('Start date').value).toBe('');
    expect(date('End date').value).toBe('');
  });

  it('a new year clears the week; the years are those the server offers (GetWorkYears)', async () => {
    mockApi({ 'GET /api/General/GetWorkYears': { json: [2024, 2025, 2026] } });
    const changes: unknown[] = [];
    render(
      <QueryClientProvider client={new QueryClient()}>
        <PeriodFilter modes={['year']} value={{ year: 2024, weekId: 12 }} onChange={(next) => changes.push(next)} />
      </QueryClientProvider>,
    );
    fireEvent.mouseDown(combobox('Work year'));
    await waitFor(() => expect(within(screen.getByRole('listbox')).getAllByRole('option').map((o) => o.textContent)).toEqual(['2024', '2025', '2026']));
    fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: '2025' }));
    expect(changes).toEqual([{ year: 2025, weekId: null }]);
  });

  it('choosing "Any week" shows "Any week" in the week select (issue 8 #12)', async () => {
    const year = new Date().getFullYear();
    mockApi({
      'GET /api/General/GetWorkYears': { json: [year, year + 1] },
      'GET /api/Lookup/GetWorkWeekList': {
        json: [{ label: `Week 2 (01/12/${year} - 01/18/${year})`, value: 54, year, number: 2, startDate: `${year}-01-12`, endDate: `${year}-01-18` }],
      },
    });
    render(
      <QueryClientProvider client={new QueryClient()}>
        <WeekPicker year={year} weekId={54} />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(combobox('Week').textContent).toBe('Week 2 · 01/12 – 01/18'));
    fireEvent.mouseDown(combobox('Week'));
    fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Any week' }));
    await waitFor(() => expect(combobox('Week').textContent).toBe('Any week'));
  });
});
