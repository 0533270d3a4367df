import type { TRouteDef } from '@haulboard/contract';
import type { FastifyReply } from 'fastify';
import { contentDisposition } from './file-names';

const TYPES = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: 'application/pdf',
} as const;

/** Sends a download route's file: the type its contract declares, and the one safe content-disposition. */
export function sendDownload(reply: FastifyReply, def: TRouteDef, fileName: string, body: Buffer | string) {
  if (!def.file) throw new Error(`${def.method} ${def.path} sends a file but its contract declares none (file: 'csv' | 'xlsx' | 'pdf')`);
  reply.type(TYPES[def.file]).header('content-disposition', contentDisposition(fileName));
  return reply.send(body);
}
