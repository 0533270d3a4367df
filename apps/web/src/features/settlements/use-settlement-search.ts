import dayjs from 'dayjs';
import { usePeriodSearch } from '../../components/period-filter';
import { useWorkWeekList } from '../../lib/lookups';
import { lastFullWeekDay, parseSettlementSearch, settlementSearchParams, type TSettlementSearch, weekHolding } from '../../lib/settlement-search';

/**
 * The default: the last full work week (the week before this one). Its day may fall in a work year
 * that starts or ends on the other side of New Year, so the next year's list is asked too.
 */
function useDefaultSearch(): TSettlementSearch | null {
  const day = lastFullWeekDay(dayjs().format('YYYY-MM-DD'));
  const year = Number(day.slice(0, 4));
  const weeks = useWorkWeekList(year);
  const found = weeks.data ? weekHolding(weeks.data, day) : null;
  const next = useWorkWeekList(weeks.data && !found ? year + 1 : null);
  if (found) return { year, weekId: found, driverId: null };
  const inNext = next.data ? weekHolding(next.data, day) : null;
  if (inNext) return { year: year + 1, weekId: inNext, driverId: null };
  if (weeks.isError || (weeks.data && (next.data || next.isError))) return { year, weekId: null, driverId: null };
  return null;
}

const parse = (params: URLSearchParams) => {
  const { search, isDefault } = parseSettlementSearch(params);
  return { value: search, isDefault };
};

/** The chosen week and driver, kept in the URL query; a query without one gets the last full week. */
export function useSettlementSearch() {
  const defaults = useDefaultSearch();
  const { value, ready, apply } = usePeriodSearch({ parse, write: settlementSearchParams, defaults, writeDefaults: true, push: true });
  return {
    search: value,
    /** False until the default week has been written to the URL. */
    ready,
    /** A new week, year or driver; a new address, so Back returns to the previous one. */
    setSearch: (next: TSettlementSearch) => {
      apply(next);
    },
  };
}
