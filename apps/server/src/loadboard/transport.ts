import { recordBoardCall } from '../lib/metrics';
import { obj, str } from './answers';
import { BoardError } from './board-error';

/**
 * The board's HTTP transport: every call has a timeout and a response size limit, follows no
 * redirect at all (a redirect is what a dead session looks like), and fails with a typed
 * `BoardError`. Cookie and token go only into request headers: never into an error message, a log
 * line or anything returned.
 */

export type TBoardSession = { cookie: string; csrfToken: string };

export type TBoardClientOptions = {
  /** The board's address (the company's Service URL): http(s), optionally with a path prefix. */
  serviceUrl: string;
  session: TBoardSession;
  /** Per call (15 s). */
  timeoutMs?: number;
  /** Largest body read (search 5 MB; exports use `maxExportBytes`). */
  maxBytes?: number;
  /** Largest export file read (25 MB). */
  maxExportBytes?: number;
  /** Injected for tests; the global fetch otherwise. */
  fetch?: typeof fetch;
};

/** The Service URL as a base the API paths are appended to; null when it is not an http(s) address. */
export function boardBase(serviceUrl: string): URL | null {
  let url: URL;
  try {
    url = new URL(serviceUrl.trim());
  } catch {
    return null;
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname || url.username || url.password) return null;
  url.search = '';
  url.hash = '';
  url.pathname = url.pathname.replace(/\/+$/, '') || '/';
  return url;
}

const USER_AGENT = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

/** Seconds from a Retry-After header (seconds or an HTTP date); null when absent or unreadable. */
export function retryAfterSeconds(header: string | null, now = Date.now()): number | null {
  if (!header) return null;
  const t = header.trim();
  if (/^\d+$/.test(t)) return Number(t);
  const at = Date.parse(t);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now) / 1000));
}

/** Reads at most `max` bytes of a body; more is a bad response (and the rest is not read). */
async function readLimited(res: Response, max: number): Promise<Buffer> {
  const declared = Number(res.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > max) {
    await res.body?.cancel().catch(() => {});
    throw new BoardError('bad-response', `the answer is larger than ${Math.round(max / 1024)} KB`, { status: res.status });
  }
  if (!res.body) return Buffer.alloc(0);
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => {});
      throw new BoardError('bad-response', `the answer is larger than ${Math.round(max / 1024)} KB`, { status: res.status });
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

export const looksLikeHtml = (text: string) => /^\s*<(!doctype|html|head|body|form)/i.test(text);

/** The board's error body's words, cut short, plain text only, with any secret of the session blanked out. */
function boardWords(body: any, secrets: string[]): { code: string | null; text: string } {
  const b = obj(body);
  let text = str(b.defaultErrorMessage || b.message).replace(/[^\x20-\x7e]/g, '');
  for (const s of secrets) text = text.split(s).join('…');
  return { code: str(b.errorCode).replace(/[^\w.-]/g, '').slice(0, 80) || null, text: text.slice(0, 200) };
}

/** The values a session is made of (the token and each cookie's value), for blanking out. */
function secretsOf(cookie: string, csrfToken: string) {
  const values = cookie.split(';').map((p) => p.slice(p.indexOf('=') + 1).trim());
  return [csrfToken, cookie, ...values].filter((v) => v.length >= 4).sort((a, b) => b.length - a.length);
}

/** One session's calls to one Service URL: `call` answers the raw body, `callJson` the board's JSON (or throws the error it reports). */
export function createTransport(options: TBoardClientOptions) {
  const base = boardBase(options.serviceUrl);
  const prefix = base ? base.pathname.replace(/\/+$/, '') : '';
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 15_000;
  const maxBytes = options.maxBytes ?? 5 * 1024 * 1024;
  const maxExportBytes = options.maxExportBytes ?? 25 * 1024 * 1024;
  const cookie = options.session.cookie.replace(/[\r\n]+/g, ' ').trim();
  const csrfToken = options.session.csrfToken.replace(/[\r\n]+/g, ' ').trim();
  const secrets = secretsOf(cookie, csrfToken);

  /** Every call is counted by its outcome (lib/metrics.ts). */
  async function call(method: 'GET' | 'POST', path: string, body?: unknown, limit = maxBytes): Promise<{ res: Response; bytes: Buffer }> {
    const started = performance.now();
    try {
      const answer = await callOnce(method, path, body, limit);
      recordBoardCall('ok', (performance.now() - started) / 1000);
      return answer;
    } catch (error) {
      recordBoardCall(error instanceof BoardError ? error.kind : 'error', (performance.now() - started) / 1000);
      throw error;
    }
  }

  async function callOnce(method: 'GET' | 'POST', path: string, body: unknown, limit: number): Promise<{ res: Response; bytes: Buffer }> {
    if (!base) throw new BoardError('not-configured', 'the Service URL is not an http(s) address');
    if (!cookie || !csrfToken) throw new BoardError('not-configured', 'no stored session');
    const url = new URL(base.href);
    const [p, q] = path.split('?');
    url.pathname = `${prefix}${p}`;
    url.search = q ? `?${q}` : '';
    let res: Response;
    try {
      res = await doFetch(url, {
        method,
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
        headers: {
          accept: 'application/json',
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
          cookie,
          'x-csrf-token': csrfToken,
          'anti-csrftoken-a2z': csrfToken,
          origin: base.origin,
          referer: `${base.origin}${prefix}/loadboard/search`,
          'user-agent': USER_AGENT,
        },
        body: body !== undefined ? JSON.stringify(body) : undefined,
      });
    } catch (e) {
      const name = (e as Error)?.name;
      throw new BoardError('unavailable', name === 'TimeoutError' || name === 'AbortError' ? `no answer within ${Math.round(timeoutMs / 1000)} s` : 'could not connect');
    }
    const status = res.status;
    // No redirect is followed: the board redirects a dead session to its sign-in page.
    if ((status >= 300 && status < 400) || res.type === 'opaqueredirect') {
      await res.body?.cancel().catch(() => {});
      throw new BoardError('session-expired', 'the board redirected to its sign-in page', { status });
    }
    let bytes: Buffer;
    try {
      bytes = await readLimited(res, limit);
    } catch (e) {
      if (e instanceof BoardError) throw e;
      throw new BoardError('unavailable', 'the answer was cut off', { status });
    }
    const type = res.headers.get('content-type') ?? '';
    const parsed = () => {
      if (!type.includes('json')) return null;
      try {
        return JSON.parse(bytes.toString('utf8'));
      } catch {
        return null;
      }
    };
    if (status >= 400) {
      const words = boardWords(parsed(), secrets);
      const extra = { status, boardCode: words.code };
      if (status === 429) throw new BoardError('rate-limited', undefined, { ...extra, retryAfterSeconds: retryAfterSeconds(res.headers.get('retry-after')) });
      if (status === 401) throw new BoardError('session-expired', undefined, extra);
      if (status === 403 || (status === 400 && /csrf/i.test(words.text))) throw new BoardError('csrf-refused', undefined, extra);
      // A 503 may say when to come back, as a 429 does.
      if (status === 408 || status >= 500) {
        throw new BoardError('unavailable', `HTTP ${status}`, { ...extra, retryAfterSeconds: status === 503 ? retryAfterSeconds(res.headers.get('retry-after')) : null });
      }
      if (status === 409 || status === 412) throw new BoardError('conflict', words.code ?? words.text, extra);
      if (status === 404) throw new BoardError('not-found', undefined, extra);
      throw new BoardError('refused', words.text || `HTTP ${status}`, extra);
    }
    return { res, bytes };
  }

  async function callJson(method: 'GET' | 'POST', path: string, body?: unknown): Promise<any> {
    const { res, bytes } = await call(method, path, body);
    const type = res.headers.get('content-type') ?? '';
    const text = bytes.toString('utf8');
    if (type.includes('html') || looksLikeHtml(text)) throw new BoardError('session-expired', 'the board answered with its sign-in page', { status: res.status });
    let json: any;
    try {
      json = JSON.parse(text);
    } catch {
      throw new BoardError('bad-response', 'the answer was not JSON', { status: res.status });
    }
    // The board sometimes reports errors with HTTP 200.
    const words = boardWords(json, secrets);
    if (words.code && !Array.isArray(json)) {
      if (/csrf/i.test(words.text) || /csrf/i.test(words.code)) throw new BoardError('csrf-refused', undefined, { status: res.status, boardCode: words.code });
      if (/unauthori[sz]ed|session/i.test(words.code)) throw new BoardError('session-expired', undefined, { status: res.status, boardCode: words.code });
      if (/too_many|throttl|rate/i.test(words.code)) throw new BoardError('rate-limited', undefined, { status: res.status, boardCode: words.code });
      if (!('workOpportunities' in json) && !('workOpportunityId' in json)) throw new BoardError('refused', words.text || words.code, { status: res.status, boardCode: words.code });
    }
    return json;
  }

  return { call, callJson, maxExportBytes };
}
