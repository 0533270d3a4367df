import type { Readable } from 'node:stream';
import type { TRouteDef } from '@haulboard/contract';
import type { FastifyReply } from 'fastify';
import { contentDisposition } from './file-names';
import type { TStoredFile } from './store';

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

/** A content type as a stored file declares it, when it is a plain `type/subtype`; else bytes. */
const TYPE = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,126}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,126}$/i;

/**
 * Sends a stored file (files/store.ts get) as an attachment, streamed: its declared type when it is a
 * plain one (never run by the browser: attachment and nosniff), its size, and the safe content-disposition.
 */
export function sendStoredFile(reply: FastifyReply, stored: { file: TStoredFile; content: Readable }) {
  const { file, content } = stored;
  reply
    .type(TYPE.test(file.contentType) ? file.contentType : 'application/octet-stream')
    .header('content-length', String(file.size))
    .header('x-content-type-options', 'nosniff')
    .header('content-disposition', contentDisposition(file.name));
  return reply.send(content);
}
