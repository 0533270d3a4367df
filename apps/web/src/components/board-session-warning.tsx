import { cookieRoutes, INVOICE_TEXT, LOAD_IMPORT_TEXT, LOAD_SEARCH_TEXT, type TSessionStatus } from '@haulboard/contract';
import { Alert, Link } from '@mui/material';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link as RouterLink } from 'react-router';
import { callRoute } from '../lib/api-client';
import { formatDateTime } from '../lib/format';
import { paths } from '../lib/paths';
import { useCan } from '../lib/permissions';

/**
 * GET /api/CookieAdmin/Status: whether a working load board session is stored (no values). Under
 * the cookie list's key, so saving, deleting and refreshing cookies ask again.
 */
export const SESSION_STATUS_KEY = ['cookies', 'status'] as const;
export const sessionStatusQuery = () =>
  queryOptions({
    queryKey: SESSION_STATUS_KEY,
    queryFn: ({ signal }) => callRoute(cookieRoutes.sessionStatus, { signal }),
  });

const noError = (text: string) => text.replace(/^ERROR /, '');
const sentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);
const unavailablePrefix = noError(INVOICE_TEXT.boardUnavailable('\u0000').split('\u0000')[0]);
const sessionAnswers = [LOAD_IMPORT_TEXT.noBoard, LOAD_SEARCH_TEXT.noSession, LOAD_SEARCH_TEXT.csrf].map(noError);

/** Whether a server answer says the load board cannot be read through the stored sessions. */
export function isBoardAnswer(text: string | null | undefined): boolean {
  if (!text) return false;
  const t = noError(text);
  return sessionAnswers.includes(t) || t.startsWith(unavailablePrefix);
}

export function sessionStatusText(status: TSessionStatus): string {
  const detail = !status.sessions
    ? 'None is stored.'
    : status.checkedOn
      ? `The load board accepted none of the stored sessions at the last check (${formatDateTime(status.checkedOn)}).`
      : 'The load board accepted none of the stored sessions.';
  return `No working load board session. ${detail}`;
}

/**
 * The plain warning of the pages that read the load board (load search, search dashboard, load
 * import, invoice import): shown before any search when no stored session works, and in place of
 * a board answer that says the board cannot be read (`answer`). It links to Cookie Administration
 * for those who may open it, and names it for the others.
 */
export function BoardSessionWarning({ answer }: { answer?: string | null }) {
  const status = useQuery(sessionStatusQuery());
  const canOpen = useCan('CookieAdminPage', 'Read');
  const queryClient = useQueryClient();
  const fromAnswer = answer && isBoardAnswer(answer) ? sentence(noError(answer)) : null;
  // A failed board call may have just marked the session in use expired: ask again.
  useEffect(() => {
    if (fromAnswer) void queryClient.invalidateQueries({ queryKey: SESSION_STATUS_KEY });
  }, [fromAnswer, queryClient]);
  const noSession = status.data?.working === false;
  if (!fromAnswer && !noSession) return null;
  return (
    <Alert severity="warning" sx={{ mb: 2 }} aria-label="Load board session">
      {fromAnswer ?? sessionStatusText(status.data!)}{' '}
      {!canOpen ? (
        'An administrator can add a working one in Cookie Administration.'
      ) : fromAnswer ? (
        // The answer already says what to do: the link takes the person there.
        <Link component={RouterLink} to={paths.cookieAdmin}>
          Open Cookie Administration
        </Link>
      ) : (
        <>
          Add a working one in{' '}
          <Link component={RouterLink} to={paths.cookieAdmin}>
            Cookie Administration
          </Link>
          .
        </>
      )}
    </Alert>
  );
}
