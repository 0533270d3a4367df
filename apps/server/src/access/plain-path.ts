import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../lib/errors';
import { disguisedPathReason } from '../lib/paths';

export const PLAIN_PATH_TEXT = 'The address of this request is written in a disguised form and was refused. Use the address as Haulboard shows it.';

/**
 * The router undoes percent-encoding before it matches a route, so `/%61pi/x` reaches `/api/x`.
 * Every check that reads a path reads the decoded form (lib/paths); this first hook also refuses
 * outright a path that encodes what never needs encoding, or that is an API path only once decoded,
 * so no check added later can be walked around by spelling the path differently.
 */
export function refuseDisguisedPaths(app: FastifyInstance) {
  app.addHook('onRequest', async (req: FastifyRequest, reply: FastifyReply) => {
    if (!disguisedPathReason(req.url)) return;
    reply.header('cache-control', 'no-store');
    throw new AppError('BAD_REQUEST', PLAIN_PATH_TEXT);
  });
}
