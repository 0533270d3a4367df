import { LOAD_SORT_COLUMNS, type TLoadSortColumn } from '@haulboard/contract';
import { useEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import type { TSort } from '../../components/data-table';
import { useWorkWeekList } from './api/board-lookups';
import { boardSearchParams, EMPTY_FILTER, parseBoardSearch, type TBoardFilter, type TBoardSearch } from './lib/board-search';
import { weekOn } from './lib/lookup-labels';

const isSortColumn = (id: string): id is TLoadSortColumn => (LOAD_SORT_COLUMNS as readonly string[]).includes(id);

/** The default filter: this work year and the week holding today (every week when none does). */
export function useDefaultFilter(): TBoardFilter | null {
  const year = new Date().getFullYear();
  const weeks = useWorkWeekList(year);
  if (weeks.isError) return { ...EMPTY_FILTER, year };
  if (!weeks.data) return null;
  return { ...EMPTY_FILTER, year, weekId: weekOn(weeks.data)?.weekId ?? null };
}

/**
 * The board's state, kept in the URL query (see board-search.ts). A query without a filter is
 * replaced by the default filter once this week is known.
 */
export function useBoardSearch() {
  const [params, setParams] = useSearchParams();
  // One search object per address: the filters' draft starts over only when the address changes,
  // not on every render of the board (a filter chosen while loads arrive would otherwise be lost).
  const query = params.toString();
  const search = useMemo(() => parseBoardSearch(new URLSearchParams(query)), [query]);
  const defaults = useDefaultFilter();

  useEffect(() => {
    if (search.isDefault && defaults) setParams(boardSearchParams({ ...search, filter: defaults }), { replace: true });
  }, [search, defaults, setParams]);

  // The table reports a new page size and then page 0 in one go; each change builds on the one
  // before it, not on the URL of the last render (setParams does not queue like setState).
  const latest = useRef<URLSearchParams | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new URL is what makes the pending one stale
  useEffect(() => {
    latest.current = null;
  }, [params]);

  const update = (next: Partial<Omit<TBoardSearch, 'isDefault'>>, replace = false) => {
    const base = latest.current ?? params;
    const out = boardSearchParams({ ...parseBoardSearch(base), ...next });
    const open = base.get('open');
    if (open && !('filter' in next)) out.set('open', open);
    if (out.toString() === base.toString()) return false;
    latest.current = out;
    setParams(out, { replace });
    return true;
  };

  const sortBy = search.sortBy && isSortColumn(search.sortBy) ? search.sortBy : null;
  const sort: TSort = sortBy ? { id: sortBy, desc: search.sortDir === 'desc' } : null;

  return {
    search,
    /** False until the default filter has been written to the URL. */
    ready: !search.isDefault,
    sortBy,
    sort,
    /** A load number to open when it is the only match (from /app/loadboard/:loadNumber). */
    openLoadNumber: params.get('open'),
    /** False when the filter is the one shown already (the caller then refreshes the page). */
    applyFilter: (filter: TBoardFilter) => update({ filter, page: 0 }),
    /** Resets the filter to its defaults and answers them (the form's fields reset to them too). */
    clearFilter: () => {
      if (defaults) update({ filter: defaults, page: 0 });
      return defaults;
    },
    setPage: (page: number) => update({ page }),
    setPageSize: (pageSize: number) => update({ pageSize, page: 0 }),
    setSort: (s: TSort) =>
      update({ sortBy: s && isSortColumn(s.id) ? s.id : null, sortDir: s?.desc ? 'desc' : 'asc', page: 0 }),
    setView: (view: TBoardSearch['view']) => update({ view }, true),
    clearOpen: () => {
      const out = new URLSearchParams(params);
      out.delete('open');
      setParams(out, { replace: true });
    },
  };
}
