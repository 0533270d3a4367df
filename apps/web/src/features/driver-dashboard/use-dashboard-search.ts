import dayjs from 'dayjs';
import { usePeriodSearch } from '../../components/period-filter';
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

const parse = (params: URLSearchParams) => {
  const { filter, isDefault } = parseDashboardSearch(params);
  return { value: filter, isDefault };
};

/** The dashboard's filter, kept in the URL query; a query without one gets this week once it is known. */
export function useDashboardSearch() {
  const defaults = useDefaultFilter();
  const { value, ready, apply, clear } = usePeriodSearch({ parse, write: dashboardSearchParams, defaults, writeDefaults: true, push: true });
  return {
    filter: value,
    /** False until the default filter has been written to the URL. */
    ready,
    /** False when the filter is the one shown already (the caller then refreshes the figures). */
    applyFilter: apply,
    /** Back to this week, the driver choice cleared too; answers the defaults (the form's fields reset to them). */
    clearFilter: clear,
  };
}
