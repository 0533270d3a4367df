import { useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router';

type TUsePeriodSearchOptions<T> = {
  /** The search a query holds; `isDefault` when it holds none (the page's default then applies). A module-level function: a new one re-reads the query. */
  parse: (params: URLSearchParams) => { value: T; isDefault: boolean };
  /** The query of a search (its keys only; `keep` adds the others). */
  write: (value: T) => URLSearchParams;
  /** The page's default, null while it is not known yet (this week before the week list arrives). */
  defaults: T | null;
  /** Write the default into a query without a search, so that a link shows what the page shows. */
  writeDefaults?: boolean;
  /** Keys of the query other parts of the page own (a tab, an open row): a new search keeps them. */
  keep?: readonly string[];
  /** Push a new search onto the history (Back returns to the previous one) rather than replacing it. */
  push?: boolean;
};

/** `out` with the `keep` keys of `from` it does not set itself. */
function withKept(out: URLSearchParams, from: URLSearchParams, keep: readonly string[]) {
  for (const key of keep) {
    const kept = from.get(key);
    if (kept !== null && !out.has(key)) out.set(key, kept);
  }
  return out;
}

/**
 * A page's period (and the filters beside it) kept in the URL query, so a reload or a shared link
 * shows the same rows and a query without one shows the page's defaults.
 */
export function usePeriodSearch<T>({ parse, write, defaults, writeDefaults = false, keep = [], push = false }: TUsePeriodSearchOptions<T>) {
  const [params, setParams] = useSearchParams();
  // One search object per address: a form's draft starts over only when the address changes,
  // not on every render of the page (a choice made before Search would otherwise be lost).
  const query = params.toString();
  const parsed = useMemo(() => parse(new URLSearchParams(query)), [parse, query]);

  const keepKeys = keep.join(',');
  const defaultQuery = defaults && writeDefaults && parsed.isDefault ? write(defaults).toString() : null;
  useEffect(() => {
    if (defaultQuery !== null) setParams((current) => withKept(new URLSearchParams(defaultQuery), current, keepKeys.split(',')), { replace: true });
  }, [defaultQuery, keepKeys, setParams]);

  /** Shows `next`; false when it is the search shown already (the caller may then refresh instead). */
  const apply = (next: T) => {
    const out = withKept(write(next), params, keep);
    if (out.toString() === params.toString()) return false;
    setParams(out, { replace: !push });
    return true;
  };

  return {
    value: parsed.value,
    /** False until the default has been written to the URL (pages that write it). */
    ready: !(writeDefaults && parsed.isDefault),
    apply,
    /** Back to the defaults, which it answers (a form's fields reset to them too). */
    clear: () => {
      if (defaults) apply(defaults);
      return defaults;
    },
  };
}
