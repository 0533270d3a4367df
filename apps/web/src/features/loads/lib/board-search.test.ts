import { describe, expect, it } from 'vitest';
import { boardSearchParams, EMPTY_FILTER, parseBoardSearch, toServerFilter } from './board-search';

describe('board search in the URL', () => {
  it('treats a query without filter keys as the default filter', () => {
    const s = parseBoardSearch(new URLSearchParams('view=cards'));
    expect(s.isDefault).toBe(true);
    expect(s.view).toBe('cards');
    expect(s.pageSize).toBe(100);
    expect(parseBoardSearch(new URLSearchParams('')).view).toBeNull();
  });

  it('round-trips a filter, page, size and order', () => {
    const search = {
      filter: { loadNumber: 'LD-1', search: 'Dallas', year: 2026, weekId: 47, driverId: 9, startDate: '2026-11-01', endDate: '2026-11-30' },
      page: 2,
      pageSize: 1000,
      sortBy: 'payout',
      sortDir: 'desc' as const,
      view: 'table' as const,
    };
    const parsed = parseBoardSearch(boardSearchParams(search));
    expect(parsed).toEqual({ ...search, isDefault: false });
  });

  it('writes weekId=0 for "all loads" so it is not read back as the default', () => {
    const params = boardSearchParams({ filter: EMPTY_FILTER, page: 0, pageSize: 100, sortBy: null, sortDir: 'asc', view: null });
    expect(params.toString()).toBe('weekId=0');
    expect(parseBoardSearch(params).isDefault).toBe(false);
  });

  it('ignores values a person could not have chosen', () => {
    const s = parseBoardSearch(new URLSearchParams('weekId=abc&size=7&startDate=tomorrow&sort=x;drop.desc&page=-3'));
    expect(s.filter.weekId).toBeNull();
    expect(s.pageSize).toBe(100);
    expect(s.filter.startDate).toBe('');
    expect(s.sortBy).toBeNull();
    expect(s.page).toBe(0);
  });

  it('sends zero ids and nulls for empty filter fields', () => {
    expect(toServerFilter(EMPTY_FILTER)).toEqual({ loadNumber: null, search: null, weekId: 0, driverId: 0, startDate: null, endDate: null });
  });
});
