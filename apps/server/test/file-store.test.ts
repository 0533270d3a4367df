import { createHash, randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asCompany, asSystem } from '../src/db/scope';
import { CHUNK_BYTES } from '../src/files/db-content';
import { sendStoredFile } from '../src/files/download';
import { createFileStore } from '../src/files/file-store';
import type { TFileStore } from '../src/files/store';
import { AppError } from '../src/lib/errors';
import { createTestApp, type TTestApp } from './helpers';

/** Issue "Shape for the next wave", files: one store, its content in the database or in a folder. */

let t: TTestApp;
let demo: number;
let second: number;
let filesDir: string;
const rowsOf = (r: any) => (Array.isArray(r) ? r : r.rows) as any[];
const count = async (query: ReturnType<typeof sql>) => Number(rowsOf(await asSystem(() => t.db.execute(query)))[0].n);

beforeAll(async () => {
  t = await createTestApp();
  demo = t.ids.companies.demo;
  second = t.ids.companies.second;
  filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'haulboard-files-'));
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(filesDir, { recursive: true, force: true });
});

/** The content in uneven pieces, as a socket hands them over; `failAfter` bytes, then an error. */
function piecesOf(content: Buffer, options: { failAfter?: number } = {}) {
  let at = 0;
  return new Readable({
    read() {
      if (options.failAfter !== undefined && at >= options.failAfter) return this.destroy(new Error('connection reset'));
      if (at >= content.length) return this.push(null);
      const next = content.subarray(at, at + 65_537);
      at += next.length;
      this.push(next);
    },
  });
}

const readAll = async (stream: Readable) => {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(part);
  return Buffer.concat(parts);
};

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error) => error,
  );

/** What each store leaves anywhere: metadata rows, chunks and files in the folder (temporary ones included). */
async function leftovers() {
  const folderEntries = (dir: string): string[] =>
    fs.existsSync(dir) ? fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? folderEntries(path.join(dir, e.name)) : [e.name])) : [];
  return {
    files: await count(sql`select count(*)::int as n from files where company_id in (${demo}, ${second})`),
    chunks: await count(sql`select count(*)::int as n from file_chunks where company_id in (${demo}, ${second})`),
    onDisk: folderEntries(filesDir).length,
  };
}

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

describe.each(['db', 'disk'] as const)('the %s file store', (storage) => {
  let store: TFileStore;
  const put = (companyId: number, content: Readable, maxBytes = 20 * 1024 * 1024) =>
    asCompany(companyId, () => store.put({ companyId, createdBy: null, name: 'Rate con “Dallas”.pdf', contentType: 'application/pdf', content, maxBytes }));

  beforeAll(() => {
    store = storage === 'db' ? createFileStore({ db: t.db }) : createFileStore({ db: t.db, filesDir });
  });

  it('gives back a file of several chunks byte for byte, with its size and sha256', async () => {
    const before = await leftovers();
    const content = randomBytes(3 * CHUNK_BYTES + 1000);
    const stored = await put(demo, piecesOf(content));
    expect(stored).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), size: content.length, sha256: sha(content) });

    const { file, content: stream } = await asCompany(demo, () => store.get({ companyId: demo, id: stored.id }));
    expect(file).toMatchObject({ id: stored.id, companyId: demo, name: 'Rate con “Dallas”.pdf', contentType: 'application/pdf', size: content.length, sha256: sha(content), storage });
    const back = await asCompany(demo, () => readAll(stream));
    expect(back.equals(content)).toBe(true);
    expect(sha(back)).toBe(stored.sha256);

    const after = await leftovers();
    expect(after.files).toBe(before.files + 1);
    if (storage === 'db') {
      expect(after.chunks - before.chunks).toBe(4);
      expect(await count(sql`select max(length(data))::int as n from file_chunks where company_id = ${demo} and file_id = ${stored.id}`)).toBe(CHUNK_BYTES);
    } else {
      expect(after.chunks).toBe(before.chunks);
      expect(fs.readFileSync(path.join(filesDir, String(demo), stored.id)).equals(content)).toBe(true);
    }
  });

  it('keeps an empty file', async () => {
    const stored = await put(demo, Readable.from([]));
    expect(stored.size).toBe(0);
    const { content } = await asCompany(demo, () => store.get({ companyId: demo, id: stored.id }));
    expect((await readAll(content)).length).toBe(0);
  });

  it('refuses a file over the limit with a clear error and keeps nothing of it', async () => {
    const before = await leftovers();
    const error = await refusal(put(demo, piecesOf(randomBytes(2 * CHUNK_BYTES + 10)), 2 * CHUNK_BYTES));
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: 'TOO_LARGE', message: 'ERROR The file is larger than 512 KB' });
    expect(await leftovers()).toEqual(before);
  });

  it('keeps nothing of a file whose stream fails midway', async () => {
    const before = await leftovers();
    const error = await refusal(put(demo, piecesOf(randomBytes(3 * CHUNK_BYTES), { failAfter: CHUNK_BYTES + 70_000 })));
    expect(error?.message).toBe('connection reset');
    expect(await leftovers()).toEqual(before);
  });

  it("answers another company's file, and an id that is no id, as not found", async () => {
    const content = randomBytes(1000);
    const stored = await put(demo, piecesOf(content));
    for (const ref of [
      { companyId: second, id: stored.id },
      { companyId: demo, id: 'not-a-uuid' },
      { companyId: demo, id: '00000000-0000-4000-8000-000000000000' },
    ]) {
      const notFound = await refusal(asCompany(ref.companyId, () => store.get(ref)));
      expect(notFound, ref.id).toMatchObject({ code: 'NOT_FOUND', message: 'The file was not found' });
      expect(await refusal(asCompany(ref.companyId, () => store.delete(ref))), ref.id).toMatchObject({ code: 'NOT_FOUND' });
    }
    // Even asked without the scope of a request, the company named in the call decides.
    expect(await refusal(asSystem(() => store.get({ companyId: second, id: stored.id })))).toMatchObject({ code: 'NOT_FOUND' });
    const { content: still } = await asCompany(demo, () => store.get({ companyId: demo, id: stored.id }));
    expect((await readAll(still)).equals(content)).toBe(true);
  });

  it('deletes the file with all of its content', async () => {
    const before = await leftovers();
    const stored = await put(demo, piecesOf(randomBytes(CHUNK_BYTES + 5)));
    expect((await leftovers()).files).toBe(before.files + 1);
    await asCompany(demo, () => store.delete({ companyId: demo, id: stored.id }));
    expect(await leftovers()).toEqual(before);
    expect(await refusal(asCompany(demo, () => store.get({ companyId: demo, id: stored.id })))).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('sends a stored file as a streamed download with its type, size and a safe name', async () => {
    const content = randomBytes(CHUNK_BYTES + 123);
    const stored = await put(demo, piecesOf(content));
    const app = Fastify();
    app.get('/file', async (_req, reply) => sendStoredFile(reply, await asCompany(demo, () => store.get({ companyId: demo, id: stored.id }))));
    const res = await app.inject({ method: 'GET', url: '/file' });
    await app.close();
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(content)).toBe(true);
    expect(res.headers).toMatchObject({
      'content-type': 'application/pdf',
      'content-length': String(content.length),
      'x-content-type-options': 'nosniff',
      'content-disposition': `attachment; filename="Rate con _Dallas_.pdf"; filename*=UTF-8''Rate%20con%20%E2%80%9CDallas%E2%80%9D.pdf`,
    });
  });

  it('purges what an upload cut short by a crash left, and nothing else', async () => {
    const before = await leftovers();
    const kept = await put(demo, piecesOf(randomBytes(1000)));
    const id = randomUUID();
    await asSystem(() => t.db.execute(sql`insert into files (id, company_id, name, content_type, storage, created_on)
      values (${id}, ${second}, 'pod.jpg', 'image/jpeg', ${storage}, now() - interval '2 days')`));
    if (storage === 'db') await asSystem(() => t.db.execute(sql`insert into file_chunks (file_id, company_id, seq, data) values (${id}, ${second}, 0, decode('00', 'hex'))`));
    else {
      fs.mkdirSync(path.join(filesDir, String(second)), { recursive: true });
      fs.writeFileSync(path.join(filesDir, String(second), `.${id}.abc123.tmp`), 'half');
    }
    expect(await asSystem(() => store.purgeUnfinished(new Date(Date.now() - 24 * 3600_000)))).toBe(1);
    expect(await leftovers()).toEqual({ ...before, files: before.files + 1, chunks: before.chunks + (storage === 'db' ? 1 : 0), onDisk: before.onDisk + (storage === 'disk' ? 1 : 0) });
    const { content } = await asCompany(demo, () => store.get({ companyId: demo, id: kept.id }));
    expect((await readAll(content)).length).toBe(1000);
  });
});

describe('the app', () => {
  it('keeps files in the database without FILES_DIR', () => {
    expect(t.app.files.storage).toBe('db');
  });
});
