import { replyText, type TRouteDef } from '@haulboard/contract';

/** The last INFO text shown per route: a list polled every few seconds says it once, not each time. */
const shown = new Map<string, string>();

const toastIdOf = (def: TRouteDef) => `list-info ${def.method} ${def.path}`;

/**
 * Shows a capped list's INFO text (`x-info`: 'INFO Showing the first 5,000 of 5,210 brokers. …') as
 * an info toast, once per route and text: the same text again is quiet; a new count replaces the
 * route's toast if it is still open.
 */
export function showListInfo(def: TRouteDef, text: string) {
  const key = `${def.method} ${def.path}`;
  if (shown.get(key) === text) return;
  shown.set(key, text);
  const toastId = toastIdOf(def);
  // The toast library is not part of the first load; it is loaded (and mostly already is) here.
  void import('react-toastify').then(({ toast }) => {
    if (toast.isActive(toastId)) toast.update(toastId, { render: replyText(text) });
    else toast.info(replyText(text), { toastId, autoClose: 10_000 });
  });
}

/** Forgets what was shown (tests; a company switch reloads the page anyway). */
export const forgetShownListInfo = () => shown.clear();
