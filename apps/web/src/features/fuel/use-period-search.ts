import { useSearchParams } from 'react-router';
import { parsePeriodSearch, periodSearchParams, type TPeriodSearch } from './lib/period-search';

/** The page's period filter, kept in the URL query so that a link or a reload shows the same rows. */
export function usePeriodSearch() {
  const [params, setParams] = useSearchParams();
  const search = parsePeriodSearch(params);
  const update = (next: Partial<TPeriodSearch>) => {
    const query = periodSearchParams({ ...search, ...next });
    // The IFTA report's tab stays as it is.
    const view = params.get('view');
    if (view) query.set('view', view);
    setParams(query, { replace: true });
  };
  return { search, update };
}
