import type { FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import type { TConfig } from '../config';

/**
 * What is never written to a log line, wherever it appears in a logged object: the session and
 * sign-in cookies, authorization headers, the external board's cookies and credentials.
 */
export const LOG_REDACT = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-api-key"]',
  'res.headers["set-cookie"]',
  '*.cookie',
  '*.cookies',
  '*.password',
  '*.secret',
  '*.token',
  '*.idToken',
  '*.sealed',
];

/** The server's pino options: JSON lines in production, one readable line each in development. */
export function loggerOptions(config: Pick<TConfig, 'logLevel' | 'production'>): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    redact: { paths: LOG_REDACT, censor: '[redacted]' },
    ...(config.production ? {} : { transport: { target: 'pino-pretty', options: { singleLine: true, ignore: 'pid,hostname' } } }),
  };
}

/** Every line a request logs from here on names its route; `bindCompany` adds who asked. */
export function bindRoute(req: FastifyRequest, reply: FastifyReply) {
  const route = `${req.method} ${req.routeOptions.url ?? '(no route)'}`;
  req.log = req.log.child({ route });
  reply.log = req.log;
}

export function bindCompany(req: FastifyRequest, reply: FastifyReply, who: { companyId: number | null; userId: number }) {
  req.log = req.log.child({ companyId: who.companyId, userId: who.userId });
  reply.log = req.log;
}
