import { createHash } from 'node:crypto';
import multipart from '@fastify/multipart';
import { fileExtension, type TUploadDef, uploadTexts } from '@haulboard/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { z } from 'zod';
import { cleanFileName } from '../files/file-names';
import { AppError, badRequest } from './errors';

/** One uploaded file, read whole into memory (the route's maxBytes bounds it). */
export type TUploadedFile = {
  /** The file's name as the person's computer called it, without folders. */
  name: string;
  /** As the browser declared it; not trusted (the ending was checked, the content is the reader's job). */
  mimeType: string;
  bytes: number;
  buffer: Buffer;
  /** sha256 of the content, base64url: tells two uploads of one file apart from two different files. */
  sha256: string;
};

export type TUploadBody<U extends TUploadDef> = { fields: z.output<U['fields']>; files: TUploadedFile[] };

const MAX_FIELDS = 50;
const MAX_FIELD_BYTES = 100_000;

/** Multipart parsing for every route; upload routes read it through readUpload(). */
export const uploads = fp(async (app: FastifyInstance) => {
  await app.register(multipart, {
    limits: { fieldNameSize: 200, fieldSize: MAX_FIELD_BYTES, fields: MAX_FIELDS, headerPairs: 100 },
  });
});

const textError = (code: 'BAD_REQUEST' | 'TOO_LARGE' | 'UNSUPPORTED_TYPE', message: string) => new AppError(code, message);

/**
 * Reads an upload route's multipart body: the text parts checked by the route's zod schema, the
 * files checked for their ending (before any byte is kept), their size and their count. Refusals
 * are 'ERROR …' texts: 413 too large or too many, 415 not an accepted ending, 400 empty or unreadable;
 * a missing file or a bad text part is a 400 with field messages, like every other form.
 */
export async function readUpload<U extends TUploadDef>(req: FastifyRequest, def: U): Promise<TUploadBody<U>> {
  const spec = def.files;
  if (!req.isMultipart()) throw textError('UNSUPPORTED_TYPE', uploadTexts.notMultipart);
  const raw: Record<string, unknown> = Object.create(null);
  const files: TUploadedFile[] = [];
  try {
    const parts = req.parts({ limits: { fileSize: spec.maxBytes, files: spec.maxFiles, parts: spec.maxFiles + MAX_FIELDS } });
    for await (const part of parts) {
      if (part.type === 'field') {
        if (part.valueTruncated) throw badRequest(part.fieldname, `${part.fieldname}: The text is too long`);
        const value = part.value;
        const held = raw[part.fieldname];
        raw[part.fieldname] = held === undefined ? value : [held, value].flat();
        continue;
      }
      const name = cleanFileName(part.filename);
      // A form whose file input was left empty sends a nameless, empty part: no file.
      if (!name) {
        await part.toBuffer();
        continue;
      }
      if (part.fieldname !== spec.name) {
        part.file.resume();
        throw badRequest(part.fieldname, `Send the file under the form field "${spec.name}"`);
      }
      if (!spec.accept.includes(fileExtension(name))) {
        part.file.resume();
        throw textError('UNSUPPORTED_TYPE', uploadTexts.wrongType(spec));
      }
      const buffer = await part.toBuffer();
      if (buffer.length === 0) throw textError('BAD_REQUEST', uploadTexts.empty);
      files.push({
        name,
        mimeType: part.mimetype,
        bytes: buffer.length,
        buffer,
        sha256: createHash('sha256').update(buffer).digest('base64url'),
      });
    }
  } catch (error) {
    throw asUploadError(error, def);
  }
  if (!files.length) throw badRequest(spec.name, uploadTexts.missing);
  if (files.length > spec.maxFiles) throw textError('TOO_LARGE', uploadTexts.tooMany(spec));

  const parsed = def.fields.safeParse(raw);
  if (!parsed.success) {
    const fieldErrors: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) {
      const key = issue.path.join('.') || '_';
      fieldErrors[key] = [...(fieldErrors[key] ?? []), issue.message];
    }
    const [field, messages] = Object.entries(fieldErrors)[0];
    throw new AppError('BAD_REQUEST', `${field}: ${messages[0]}`, fieldErrors);
  }
  for (const [key, value] of Object.entries(raw)) {
    if ([value].flat().some((v) => typeof v === 'string' && v.includes('\u0000'))) throw badRequest(key, 'Text cannot contain NUL characters');
  }
  // The idempotency check hashes the body: files count by name, size and content, not by their bytes.
  const body = { fields: parsed.data, files: files.map((f) => Object.assign(f, { toJSON: () => ({ name: f.name, bytes: f.bytes, sha256: f.sha256 }) })) };
  return body as TUploadBody<U>;
}

/** @fastify/multipart's and busboy's errors, as what a person sending a file should read. */
function asUploadError(error: unknown, def: TUploadDef) {
  if (error instanceof AppError) return error;
  const code = (error as { code?: string })?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return textError('TOO_LARGE', uploadTexts.tooLarge(def.files));
  if (code === 'FST_FILES_LIMIT') return textError('TOO_LARGE', uploadTexts.tooMany(def.files));
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') return textError('TOO_LARGE', 'ERROR The form has too many parts');
  if (code === 'FST_PROTO_VIOLATION') return badRequest('_', 'A form field has a name that is not allowed');
  if (code === 'FST_INVALID_JSON_FIELD_ERROR') return badRequest('_', 'A form field declared as JSON is not valid JSON');
  return textError('BAD_REQUEST', 'ERROR The upload could not be read. Send it again.');
}
