import { defineRoute, IMPORT_FILE_TYPES, MB, onObject, ZTextReply } from '@haulboard/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { route } from '../src/lib/route';
import type { TUploadedFile } from '../src/lib/upload';

/**
 * An upload route that exists only in tests: the contract has no upload route yet, and a fake one
 * must not ship. The first import route (loads, fuel, IFTA miles) is declared the same way.
 */
export const testUploadRoute = defineRoute({
  method: 'POST',
  path: '/api/TestOnly/Upload',
  summary: 'Test-only upload',
  tag: 'TestOnly',
  access: onObject('BrokerAdmin', 'DenyDelete'),
  upload: {
    fields: z.object({
      year: z.coerce.number({ error: 'Pick a year' }).int().min(2000).max(2100),
      note: z.string().max(100).optional(),
    }),
    files: { name: 'file', maxBytes: 10 * MB, maxFiles: 1, accept: IMPORT_FILE_TYPES },
  },
  response: ZTextReply,
});

export type TReceived = { fields: { year: number; note?: string }; files: TUploadedFile[] };

/** Registers the test route; what its handler received is pushed to `received`. */
export function mountTestUpload(app: FastifyInstance, received: TReceived[] = []) {
  route(app, testUploadRoute, async (req) => {
    received.push(req.body);
    const [file] = req.body.files;
    return `INFO ${file.name} (${file.bytes} bytes) for ${req.body.fields.year}`;
  });
  return received;
}

/** A multipart body as a browser sends it, for inject(). */
export async function multipartBody(fields: Record<string, string>, files: { field?: string; name: string; content: string | Buffer; type?: string }[] = []) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  for (const f of files) form.append(f.field ?? 'file', new Blob([typeof f.content === 'string' ? f.content : new Uint8Array(f.content)], { type: f.type ?? 'text/csv' }), f.name);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return { payload: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get('content-type')! };
}
