import type { Readable } from 'node:stream';
import { MB, type TUploadFiles, uploadTexts } from '@haulboard/contract';
import { AppError } from '../lib/errors';

/** The largest document a load keeps (a photographed POD, a scanned rate confirmation). */
export const MAX_DOCUMENT_BYTES = 20 * MB;

export type TFileStorage = 'db' | 'disk';

/** A stored file's metadata, as the `files` table keeps it. */
export type TStoredFile = {
  id: string;
  companyId: number;
  name: string;
  contentType: string;
  size: number;
  sha256: string;
  storage: TFileStorage;
  createdOn: string;
  createdBy: number | null;
};

export type TPutFile = {
  companyId: number;
  createdBy?: number | null;
  /** As it will be offered for download (already cleaned by the caller: files/file-names.ts). */
  name: string;
  contentType: string;
  content: Readable | AsyncIterable<Buffer | Uint8Array | string>;
  /** More bytes than this refuse the file (413, 'ERROR The file is larger than …') and keep nothing. */
  maxBytes: number;
};

export type TFileRef = { companyId: number; id: string };

/**
 * Where files live (decision 020). Every call names its company; another company's id answers
 * NOT_FOUND exactly like a missing one. A file is visible only once all of its content is stored.
 */
export type TFileStore = {
  /** Where `put` writes: 'disk' when FILES_DIR is set, else 'db'. */
  readonly storage: TFileStorage;
  put(input: TPutFile): Promise<{ id: string; size: number; sha256: string }>;
  /** The content as a stream (read lazily, a chunk at a time) and the metadata. */
  get(ref: TFileRef): Promise<{ file: TStoredFile; content: Readable }>;
  delete(ref: TFileRef): Promise<void>;
  /** Removes what writes that never finished (a crash mid-upload) left before `before`, in every company; answers how many. */
  purgeUnfinished(before: Date): Promise<number>;
};

/** One place's way of keeping content; the metadata row is the store's. */
export type TContentAdapter = {
  storage: TFileStorage;
  /** Stores every piece `source` yields; on a failure it may leave partial content for `remove`. */
  write(ref: TFileRef, source: AsyncIterable<Buffer>): Promise<void>;
  /** Fails the stream when the content is not all there (a file deleted while it is read). */
  read(file: TStoredFile): Promise<Readable>;
  remove(ref: TFileRef): Promise<void>;
};

export const tooLarge = (maxBytes: number) =>
  new AppError('TOO_LARGE', uploadTexts.tooLarge({ name: 'file', maxBytes, maxFiles: 1, accept: [] } as unknown as TUploadFiles));

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A file id as it reaches the database: anything not shaped like one is simply not found. */
export const isFileId = (id: unknown): id is string => typeof id === 'string' && UUID.test(id);
