import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { SIGNED_IN_HINT_COOKIE as SIGNED_IN_HINT } from '../auth/sessions';
import { AppError, STATUS_OF } from './errors';
import { pgCode } from './rows';

/**
 * Database errors a person's input can still cause after validation, answered as what they are
 * rather than as a 500: a number out of a column's range, text PostgreSQL cannot store, a
 * duplicate or a dangling reference that a race let through.
 */
const PG_INPUT_ERRORS: Record<string, { status: number; text: string }> = {
  '22003': { status: 400, text: 'A number is out of range' },
  '22P02': { status: 400, text: 'A value has the wrong format' },
  '22007': { status: 400, text: 'A date has the wrong format' },
  '22008': { status: 400, text: 'A date is out of range' },
  '22021': { status: 400, text: 'Text contains characters that cannot be stored' },
  '22P05': { status: 400, text: 'Text contains characters that cannot be stored' },
  '23505': { status: 409, text: 'ERROR This record already exists' },
  '23503': { status: 409, text: 'ERROR This record is used elsewhere or refers to a record that no longer exists' },
};

/** The one error handler: 400 with field messages, refusals as 'ERROR …' text, and a 500 that
 * always carries the request id a person can quote. */
export function errorHandler(error: FastifyError, req: FastifyRequest, reply: FastifyReply) {
  if (hasZodFastifySchemaValidationErrors(error)) {
    const fieldErrors: Record<string, string[]> = {};
    for (const v of error.validation) {
      const key = v.instancePath.replace(/^\//, '').replace(/\//g, '.') || (v.params as any)?.issue?.path?.join('.') || '_';
      fieldErrors[key] = [...(fieldErrors[key] ?? []), v.message ?? 'Invalid value'];
    }
    const [field, messages] = Object.entries(fieldErrors)[0];
    return reply.code(400).send({ statusCode: 400, code: 'BAD_REQUEST', message: `${field}: ${messages[0]}`, fieldErrors });
  }
  if (error instanceof AppError) {
    const status = STATUS_OF[error.code];
    // The web app's signed-in hint goes with the session (auth/sessions.ts SIGNED_IN_HINT_COOKIE).
    if (error.code === 'UNAUTHENTICATED' && req.cookies?.[SIGNED_IN_HINT] !== undefined) reply.clearCookie(SIGNED_IN_HINT, { path: '/' });
    // Refusals are text (docs/decisions/002), whatever their status: a 409, or an upload's 413 and 415.
    if (error.code === 'REFUSED' || error.code === 'CONFLICT' || error.message.startsWith('ERROR ')) {
      return reply.code(status).type('text/plain; charset=utf-8').send(error.message);
    }
    return reply.code(status).send({ statusCode: status, code: error.code, message: error.message, fieldErrors: error.fieldErrors });
  }
  const known = PG_INPUT_ERRORS[pgCode(error) ?? ''];
  if (known) {
    req.log.warn({ err: error }, 'input refused by the database');
    if (known.status === 409) return reply.code(409).type('text/plain; charset=utf-8').send(known.text);
    return reply.code(400).send({ statusCode: 400, code: 'BAD_REQUEST', message: known.text });
  }
  const status = error.statusCode ?? 500;
  if (status < 500) {
    return reply.code(status).send({ statusCode: status, code: error.code ?? 'BAD_REQUEST', message: error.message });
  }
  req.log.error({ err: error }, 'request failed');
  return reply.code(500).send({
    statusCode: 500,
    code: 'INTERNAL',
    message: `Something went wrong on our side. Please try again; if it keeps happening, quote request ${req.id}.`,
    requestId: req.id,
  });
}

/** PostgreSQL text cannot hold NUL: a body or query with one is refused with the field named. */
export async function refuseNulBytes(req: FastifyRequest) {
  const path = nulPath(req.body) ?? nulPath(req.query);
  if (path !== null) {
    throw new AppError('BAD_REQUEST', `${path || 'body'}: Text cannot contain NUL characters`, {
      [path || '_']: ['Text cannot contain NUL characters'],
    });
  }
}

function nulPath(value: unknown, path = '', depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (!value || typeof value !== 'object' || depth > 32) return null;
  for (const [key, child] of Object.entries(value)) {
    if (key.includes('\u0000')) return path ? `${path}.${key.replaceAll('\u0000', '')}` : key.replaceAll('\u0000', '');
    const found = nulPath(child, path ? `${path}.${key}` : key, depth + 1);
    if (found !== null) return found;
  }
  return null;
}
