import type { TRouteDef } from '@haulboard/contract';
import type { z } from 'zod';

type TIn<S> = S extends z.ZodType ? z.input<S> : undefined;
export type TRouteResult<R extends TRouteDef> = z.output<R['response']>;
export type TRouteCall<R extends TRouteDef> = { body?: TIn<R['body']>; query?: TIn<R['query']>; signal?: AbortSignal };

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

async function readError(res: Response): Promise<ApiError> {
  const type = res.headers.get('content-type') ?? '';
  if (type.includes('application/json')) {
    const body = (await res.json().catch(() => null)) as { code?: string; message?: string; fieldErrors?: Record<string, string[]> } | null;
    return new ApiError(res.status, body?.code ?? 'HTTP_ERROR', body?.message ?? res.statusText, body?.fieldErrors ?? {});
  }
  const text = (await res.text().catch(() => '')).trim();
  return new ApiError(res.status, res.status === 409 ? 'REFUSED' : 'HTTP_ERROR', text || res.statusText || `Request failed (${res.status})`);
}

/**
 * Calls one route of the contract's route table. The path, method and the result's type come from
 * the contract, so nothing is typed twice. Text replies (mutations) resolve to their string;
 * every non-2xx answer rejects with an ApiError.
 */
export async function callRoute<R extends TRouteDef>(def: R, call: TRouteCall<R> = {}): Promise<TRouteResult<R>> {
  const hasBody = def.method !== 'GET' && call.body !== undefined;
  let res: Response;
  try {
    res = await fetch(def.path + toQueryString(call.query), {
      method: def.method,
      credentials: 'same-origin',
      headers: { accept: 'application/json, text/plain', ...(hasBody ? { 'content-type': 'application/json' } : {}) },
      body: hasBody ? JSON.stringify(call.body) : undefined,
      signal: call.signal,
    });
  } catch (error) {
    if ((error as Error)?.name === 'AbortError') throw error;
    throw new ApiError(0, 'NETWORK', NETWORK_MESSAGE);
  }
  if (!res.ok) throw await readError(res);
  const type = res.headers.get('content-type') ?? '';
  if (type.includes('application/json')) return (await res.json()) as TRouteResult<R>;
  return (await res.text()) as TRouteResult<R>;
}

export const isUnauthenticated = (error: unknown) => error instanceof ApiError && error.status === 401;
