import { usePeriodSearch as useUrlPeriod } from '../../components/period-filter';
import { parsePeriodSearch, periodSearchParams, type TPeriodSearch } from './lib/period-search';

const parse = (params: URLSearchParams) => ({ value: parsePeriodSearch(params), isDefault: false });

/** The page's period filter, kept in the URL query so that a link or a reload shows the same rows. */
export function usePeriodSearch() {
  // The IFTA report's tab stays as it is.
  const { value: search, apply } = useUrlPeriod({ parse, write: periodSearchParams, defaults: null, keep: ['view'] });
  return { search, update: (next: Partial<TPeriodSearch>) => apply({ ...search, ...next }) };
}
