import { isWriteAccess, type TRouteAccess, type TRouteDef, type TUploadDef } from '@haulboard/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { TRequestContext } from '../access/context';
import { markCapped } from './list-cap';
import { readUpload, type TUploadBody } from './upload';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: TRouteAccess;
  }
}

type TOut<S> = S extends z.ZodType ? z.output<S> : undefined;

export type TRouteRequest<R extends TRouteDef> = Omit<FastifyRequest, 'body' | 'query'> & {
  /** An upload route's body is its checked text parts and its files (lib/upload.ts). */
  body: R['upload'] extends TUploadDef ? TUploadBody<R['upload']> : TOut<R['body']>;
  query: TOut<R['query']>;
  /** Set by the access guard for every route that is not public. */
  ctx: TRequestContext;
};

/** Mutations, and reads declared at a write level, must carry the app's own header (access/forgery.ts). */
const needsAppHeader = (def: TRouteDef) => def.method !== 'GET' || isWriteAccess(def.access);

const isTextReply = (def: TRouteDef) => (def.response as any)?.def?.type === 'string';

/** Registers a contract route: its schemas validate the request and document it in OpenAPI, and
 * its access declaration is what the guard enforces. An upload route's form is read after the
 * guard (401/403 before any byte of the file is kept) and before the idempotency check. */
export function route<R extends TRouteDef>(
  app: FastifyInstance,
  def: R,
  handler: (req: TRouteRequest<R>, reply: FastifyReply) => Promise<z.input<R['response']>>,
) {
  const text = isTextReply(def);
  const upload = def.upload;
  const cap = def.list && 'cap' in def.list ? def.list.cap : null;
  app.route({
    method: def.method,
    url: def.path,
    config: { access: def.access, ...(upload ? { upload: true } : {}) },
    ...(upload
      ? {
          preValidation: async (req: FastifyRequest) => {
            req.body = await readUpload(req, upload);
          },
        }
      : {}),
    schema: {
      summary: def.summary,
      tags: [def.tag],
      // What a client must send (access/forgery.ts): the session, and on writes the app's own header.
      security: [{ ...(def.access.kind === 'public' ? {} : { session: [] }), ...(needsAppHeader(def) ? { appRequest: [] } : {}) }].filter((s) => Object.keys(s).length),
      ...(upload ? { consumes: ['multipart/form-data'] } : {}),
      ...(def.body ? { body: def.body } : {}),
      ...(def.query ? { querystring: def.query } : {}),
      ...(text ? {} : { response: { 200: def.response } }),
    },
    handler: async (req, reply) => {
      const result = await handler(req as unknown as TRouteRequest<R>, reply);
      // A capped list never answers more than its cap, even from a handler that read every row
      // (those are whole: their length is the count). Handlers that read cap + 1 use capList.
      if (cap !== null && Array.isArray(result) && result.length > cap) {
        markCapped(reply, def, result.length);
        return result.slice(0, cap) as typeof result;
      }
      if (text && !reply.hasHeader('content-type')) reply.type('text/plain; charset=utf-8');
      return result;
    },
  });
}
