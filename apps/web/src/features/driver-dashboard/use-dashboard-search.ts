import dayjs from 'dayjs';
import { useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useWorkWeekList } from '../../lib/lookups';
import { dashboardSearchParams, EMPTY_DASHBOARD_FILTER, parseDashboardSearch, type TDashboardFilter, weekHolding } from './lib/dashboard-search';

/** The default filter: this work year and the week holding today (the whole year when none does). */
function useDefaultFilter(): TDashboardFilter | null {
  const year = dayjs().year();
  const weeks = useWorkWeekList(year);
  if (weeks.isError) return { ...EMPTY_DASHBOARD_FILTER, year };
  if (!weeks.data) return null;
  return { ...EMPTY_DASHBOARD_FILTER, year, weekId: weekHolding(weeks.data, dayjs().format('YYYY-MM-DD')) };
}

/** The dashboard's filter, kept in the URL query; a query without one gets this week once it is known. */
export function useDashboardSearch() {
  const [params, setParams] = useSearchParams();
  // One filter object per address: the filters' draft starts over only when the address changes,
  // not on every render of the page (a choice made before Search would otherwise be lost).
  const query = params.toString();
  const { filter, isDefault } = useMemo(() => parseDashboardSearch(new URLSearchParams(query)), [query]);
  const defaults = useDefaultFilter();

  useEffect(() => {
    if (isDefault && defaults) setParams(dashboardSearchParams(defaults), { replace: true });
  }, [isDefault, defaults, setParams]);

  const apply = (next: TDashboardFilter) => {
    const out = dashboardSearchParams(next);
    if (out.toString() === params.toString()) return false;
    setParams(out);
    return true;
  };

  return {
    filter,
    /** False until the default filter has been written to the URL. */
    ready: !isDefault,
    /** False when the filter is the one shown already (the caller then refreshes the figures). */
    applyFilter: apply,
    /** Back to this week; the driver choice is cleared too. */
    /** Resets the filter to its defaults and answers them (the form's fields reset to them too). */
    clearFilter: () => {
      if (defaults) apply(defaults);
      return defaults;
    },
  };
}
