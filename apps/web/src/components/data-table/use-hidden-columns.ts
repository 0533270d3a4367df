import { useCallback, useSyncExternalStore } from 'react';
import type { TColumn } from './types';

/** Spec §9: mobile is a width up to 768 px (not MUI's md breakpoint). */
export const MOBILE_QUERY = '(max-width:768px)';

/** A breakpoint is 'mobile' or a width in px. */
const queryOf = (breakpoint: string) => (breakpoint === 'mobile' ? MOBILE_QUERY : `(min-width:${breakpoint}px)`);
/** Whether the columns of a breakpoint are hidden now: at phone widths, or below the given width. */
const isHiding = (breakpoint: string) => window.matchMedia(queryOf(breakpoint)).matches === (breakpoint === 'mobile');
/** Without matchMedia (jsdom) every column shows, as with MUI's useMediaQuery. */
const canMatch = () => typeof window !== 'undefined' && typeof window.matchMedia === 'function';

const breakpointsOf = <T>(column: TColumn<T>) => [
  ...(column.hideOnMobile ? ['mobile'] : []),
  ...(column.hideBelow ? [String(column.hideBelow)] : []),
];

/**
 * The ids of the columns hidden at the current viewport width: `hideOnMobile` ones up to 768 px,
 * `hideBelow` ones while the viewport is narrower than their width. Follows window resizes.
 */
export function useHiddenColumnIds<T>(columns: TColumn<T>[]): string[] {
  // The breakpoints in use as one string, so the subscription holds while the columns are rebuilt each render.
  const breakpoints = [...new Set(columns.flatMap(breakpointsOf))].sort().join(',');

  const subscribe = useCallback(
    (onChange: () => void) => {
      const lists = breakpoints && canMatch() ? breakpoints.split(',').map((b) => window.matchMedia(queryOf(b))) : [];
      for (const list of lists) list.addEventListener('change', onChange);
      return () => {
        for (const list of lists) list.removeEventListener('change', onChange);
      };
    },
    [breakpoints],
  );
  const hiding = useSyncExternalStore(
    subscribe,
    () => (breakpoints && canMatch() ? breakpoints.split(',').filter(isHiding).join(',') : ''),
    () => '',
  );

  const active = new Set(hiding ? hiding.split(',') : []);
  return columns.filter((column) => breakpointsOf(column).some((b) => active.has(b))).map((column) => column.id);
}
