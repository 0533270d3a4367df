import { useEffect } from 'react';

export const APP_NAME = 'Haulboard';

/** The window title for a page: its own name first (tabs, history, bookmarks and a saved PDF read it), then the app's. */
export function pageTitle(...parts: (string | null | undefined)[]) {
  return [...parts.filter((p): p is string => !!p?.trim()), APP_NAME].join(' · ');
}

/** Sets the window's title while the page is shown; the app's name again when it leaves. */
export function usePageTitle(...parts: (string | null | undefined)[]) {
  const title = pageTitle(...parts);
  useEffect(() => {
    document.title = title;
    return () => {
      document.title = APP_NAME;
    };
  }, [title]);
}
