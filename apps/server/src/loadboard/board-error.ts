/** How a board call fails: one typed `BoardError` whose message is safe to show and to log. */

export type TBoardErrorKind =
  /** 401, a redirect, or the HTML sign-in page instead of JSON: a new browser login is needed. */
  | 'session-expired'
  /** 400 'No CSRF token present!' or 403: the token is missing, wrong or stale. */
  | 'csrf-refused'
  /** 429: wait `retryAfterSeconds`. */
  | 'rate-limited'
  /** 5xx, 408, a timeout, a connection failure. Transient. */
  | 'unavailable'
  /** 409/412 on booking: taken, or its version or price changed. */
  | 'conflict'
  /** 404: no such work. */
  | 'not-found'
  /** Other 4xx: the board refused the request itself. */
  | 'refused'
  /** A body that is not what the board sends (not JSON, too big, wrong shape). */
  | 'bad-response'
  /** No usable Service URL or no stored session. */
  | 'not-configured';

const KIND_TEXT: Record<TBoardErrorKind, string> = {
  'session-expired': 'The load board session has expired',
  'csrf-refused': 'The load board refused the CSRF token',
  'rate-limited': 'The load board is limiting requests',
  unavailable: 'The load board is unavailable',
  conflict: 'The load board reports a conflict',
  'not-found': 'The load board does not know this work',
  refused: 'The load board refused the request',
  'bad-response': 'The load board sent an unexpected answer',
  'not-configured': 'The load board connection is not set up',
};

/** A failed board call. `message` is safe to show and to log: it never holds a secret or a body. */
export class BoardError extends Error {
  readonly kind: TBoardErrorKind;
  /** The board's HTTP status, when there was one. */
  readonly status: number | null;
  /** Seconds to wait before the next call (429's Retry-After, when given). */
  readonly retryAfterSeconds: number | null;
  /** The board's own errorCode (e.g. WORK_OPPORTUNITY_NOT_AVAILABLE), when it sent one. */
  readonly boardCode: string | null;
  constructor(kind: TBoardErrorKind, detail?: string, extra: { status?: number | null; retryAfterSeconds?: number | null; boardCode?: string | null } = {}) {
    super(detail ? `${KIND_TEXT[kind]}: ${detail}` : KIND_TEXT[kind]);
    this.name = 'BoardError';
    this.kind = kind;
    this.status = extra.status ?? null;
    this.retryAfterSeconds = extra.retryAfterSeconds ?? null;
    this.boardCode = extra.boardCode ?? null;
  }
  /** Worth trying again later with the same session (rate limit, outage). */
  get transient() {
    return this.kind === 'rate-limited' || this.kind === 'unavailable';
  }
}

export const isBoardError = (e: unknown): e is BoardError => e instanceof BoardError;
