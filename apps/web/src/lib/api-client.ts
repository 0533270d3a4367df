import { APP_REQUEST_HEADER, replyText, type TRouteDef, type TUploadDef } from '@haulboard/contract';
import type { z } from 'zod';
import { dispositionFileName } from './download';

type TIn<S> = S extends z.ZodType ? z.input<S> : undefined;
/** An upload route's form: its text parts and the files chosen (sent under the route's file field). */
type TUploadIn<U> = U extends TUploadDef ? { fields: z.input<U['fields']>; files: File[] } : never;
export type TRouteResult<R extends TRouteDef> = z.output<R['response']>;
export type TRouteCall<R extends TRouteDef> = {
  body?: TIn<R['body']>;
  query?: TIn<R['query']>;
  /** For routes declared with `upload`: sent as multipart/form-data. */
  upload?: TUploadIn<R['upload']>;
  signal?: AbortSignal;
  /** One per opened form: the server answers a repeated save with the first answer. */
  idempotencyKey?: string;
};

/**
 * The company this tab shows. Kept in the tab's memory, not in local storage (which every tab
 * shares): each request names it, and the server refuses one whose session has meanwhile been
 * switched to another company in another tab (docs/decisions/006).
 */
let shownCompanyId: number | null = null;
export const setShownCompany = (companyId: number | null) => {
  shownCompanyId = companyId;
};

/** A failed request: the server's status, its error code and message, and field messages for 400s. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fieldErrors: Record<string, string[]> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** The text to show for a failed request: the server's refusal or message, else a plain sentence. */
export function failureMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  if (error instanceof Error && error.message) return error.message;
  return 'The request failed. Please try again.';
}

/**
 * A capped list that left rows out says so in its `x-info` header (an INFO text). The client only
 * hands it on; lib/list-info.ts, wired by the query client, shows it, so no caller's list is cut silently.
 */
export type TListInfoListener = (def: TRouteDef, text: string) => void;
let listInfoListener: TListInfoListener | null = null;
export const onListInfo = (listener: TListInfoListener | null) => {
  listInfoListener = listener;
};

const NETWORK_MESSAGE = 'The server cannot be reached. Check your connection and try again.';

function toQueryString(query: unknown) {
  if (!query || typeof query !== 'object') return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query as Record<string, unknown>)) {
    if (value === undefined || value === null || value === '') continue;
    for (const v of Array.isArray(value) ? value : [value]) params.append(key, String(v));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** Text parts as text (empty ones left out, like an empty query value), then the files. */
function toFormData(def: TUploadDef, upload: { fields: unknown; files: File[] }) {
  const form = new FormData();
  for (const [key, value] of Object.entries((upload.fields ?? {}) as Record<string, unknown>)) {
    if (value === undefined || value === null || value === '') continue;
    for (const v of Array.isArray(value) ? value : [value]) form.append(key, String(v));
  }
  for (const file of upload.files) form.append(def.files.name, file, file.name);
  return form;
}

async function readError(res: Response): Promise<ApiError> {
  const type = res.headers.get('content-type') ?? '';
  if (type.includes('application/json')) {
    const body = (await res.json().catch(() => null)) as { code?: string; message?: string; fieldErrors?: Record<string, string[]> } | null;
    return new ApiError(res.status, body?.code ?? 'HTTP_ERROR', body?.message ?? res.statusText, body?.fieldErrors ?? {});
  }
  const text = (await res.text().catch(() => '')).trim();
  // 'ERROR …' texts are refusals whatever their status (an upload's 413 and 415 too).
  const refused = res.status === 409 || text.startsWith('ERROR ');
  // The prefix is for the program; the person reads the rest.
  return new ApiError(res.status, refused ? 'REFUSED' : 'HTTP_ERROR', replyText(text) || res.statusText || `Request failed (${res.status})`);
}

/**
 * Calls one route of the contract's route table. The path, method and the result's type come from
 * the contract, so nothing is typed twice. Text replies (mutations) resolve to their string;
 * every non-2xx answer rejects with an ApiError.
 */
/** Sends one route's request with the tab's company and the call's key; failures reject with an ApiError. */
async function send<R extends TRouteDef>(def: R, call: TRouteCall<R>, accept: string): Promise<Response> {
  const form = def.upload && call.upload ? toFormData(def.upload, call.upload) : null;
  const hasBody = !form && def.method !== 'GET' && call.body !== undefined;
  let res: Response;
  try {
    res = await fetch(def.path + toQueryString(call.query), {
      method: def.method,
      credentials: 'same-origin',
      headers: {
        accept,
        // Proves the request comes from the app (the server refuses mutations without it).
        [APP_REQUEST_HEADER.name]: APP_REQUEST_HEADER.value,
        // A form's content type (with its boundary) is set by fetch itself.
        ...(hasBody ? { 'content-type': 'application/json' } : {}),
        ...(shownCompanyId ? { 'x-company-id': String(shownCompanyId) } : {}),
        ...(call.idempotencyKey ? { 'idempotency-key': call.idempotencyKey } : {}),
      },
      body: form ?? (hasBody ? JSON.stringify(call.body) : undefined),
      signal: call.signal,
    });
  } catch (error) {
    if ((error as Error)?.name === 'AbortError') throw error;
    throw new ApiError(0, 'NETWORK', NETWORK_MESSAGE);
  }
  if (!res.ok) throw await readError(res);
  return res;
}

/**
 * Calls one route of the contract's route table. The path, method and the result's type come from
 * the contract, so nothing is typed twice. Text replies (mutations) resolve to their string;
 * every non-2xx answer rejects with an ApiError.
 */
export async function callRoute<R extends TRouteDef>(def: R, call: TRouteCall<R> = {}): Promise<TRouteResult<R>> {
  const res = await send(def, call, 'application/json, text/plain');
  const info = res.headers.get('x-info');
  if (info) listInfoListener?.(def, info);
  const type = res.headers.get('content-type') ?? '';
  if (type.includes('application/json')) return (await res.json()) as TRouteResult<R>;
  return (await res.text()) as TRouteResult<R>;
}

/** A file route (a PDF): the bytes and the name the server gives it (content-disposition). */
export async function fetchRouteFile<R extends TRouteDef>(def: R, call: TRouteCall<R> = {}): Promise<{ blob: Blob; fileName: string | null }> {
  const res = await send(def, call, 'application/pdf, application/octet-stream, application/json, text/plain');
  return { blob: await res.blob(), fileName: dispositionFileName(res.headers.get('content-disposition')) };
}

export const isUnauthenticated = (error: unknown) => error instanceof ApiError && error.status === 401;
/** The session switched company in another tab: this tab must reload before it reads or writes. */
export const isCompanyChanged = (error: unknown) => error instanceof ApiError && error.code === 'COMPANY_CHANGED';
