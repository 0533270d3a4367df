import { IMPORT_TEXT } from '@haulboard/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importStaging } from '../src/db/schema';
import { purgeImportFiles } from '../src/modules/imports';
import { longEfs } from './fuel-files';
import { createTestApp, EMAIL, type TTestApp } from './helpers';
import { multipartBody } from './upload-route';

// A confirmed file is staged in short statements and moved in one short transaction: on PGlite (one
// connection) other requests keep answering while a long file is imported, the file is still saved
// whole or not at all, and two confirms of one preview on PostgreSQL import it once.
const onPostgres = Boolean(process.env.DATABASE_URL);
// 60,000 lines by default (the suite shares small machines); IMPORT_STAGING_ROWS=120000 for the file.
const LONG = Number(process.env.IMPORT_STAGING_ROWS ?? 60_000);

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const rowsOf = (r: any) => (Array.isArray(r) ? r : r.rows) as any[];
const scalar = async (query: ReturnType<typeof sql>) => Number(rowsOf(await t.db.execute(query))[0].n);
const fuelCount = () => scalar(sql`select count(*)::int as n from fuel_transactions where company_id = ${t.ids.companies.demo}`);
const stagedCount = () => scalar(sql`select count(*)::int as n from import_staging where company_id = ${t.ids.companies.demo}`);
const importCount = () => scalar(sql`select count(*)::int as n from imports where company_id = ${t.ids.companies.demo} and kind = 'fuel'`);

async function upload(url: string, fields: Record<string, string>, name: string, content: string) {
  const body = await multipartBody(fields, [{ field: 'files', name, content }]);
  return t.call({ method: 'POST', url, payload: body.payload, headers: { 'content-type': body.contentType }, as: EMAIL.admin });
}
const confirm = (previewId: string) => t.call({ method: 'POST', url: '/api/Imports/Confirm', payload: { previewId }, as: EMAIL.admin });

/**
 * Calls `probe` 50 ms after the last one answered while `work` runs: each wait, in ms, from when a
 * probe was due to its answer (so time the event loop was busy counts too), longest first.
 */
async function waitsWhile<T>(work: Promise<T>, probe: () => Promise<unknown>): Promise<{ result: T; waits: number[] }> {
  let done = false;
  const waits: number[] = [];
  const loop = (async () => {
    while (!done) {
      const due = performance.now() + 50;
      await new Promise((r) => setTimeout(r, 50));
      await probe();
      waits.push(Math.round(performance.now() - due));
    }
  })();
  const result = await work.finally(() => {
    done = true;
  });
  await loop;
  return { result, waits: waits.sort((a, b) => b - a) };
}

describe.skipIf(onPostgres)(`a ${LONG.toLocaleString('en-US')}-line fuel file on PGlite`, () => {
  it('is previewed and confirmed while the health check and a signed-in list keep answering', async () => {
    const file = longEfs(LONG);
    const cookie = await t.loginAs(EMAIL.admin);
    const probe = () =>
      Promise.all([
        t.app.inject({ method: 'GET', url: '/api/health' }).then((r) => expect(r.statusCode).toBe(200)),
        t.app.inject({ method: 'GET', url: '/api/Broker', headers: { cookie } }).then((r) => expect(r.statusCode).toBe(200)),
      ]);
    const before = await fuelCount();
    // Warm: the first calls of a fresh app compile their routes' schemas, which is not the import's doing.
    await probe();

    let started = performance.now();
    const previewed = await waitsWhile(upload('/api/Imports/Preview', { kind: 'fuel' }, 'efs-long.csv', file), probe);
    const previewMs = performance.now() - started;
    expect(previewed.result.body).toMatchObject({ rowsRead: LONG, newRows: LONG, refused: 0 });

    started = performance.now();
    const confirmed = await waitsWhile(confirm(previewed.result.body.previewId), probe);
    const confirmMs = performance.now() - started;
    console.info(
      `${LONG} lines on PGlite: preview ${Math.round(previewMs)} ms, longest waits of other requests ${previewed.waits.slice(0, 3).join(', ')} ms (${previewed.waits.length} probes); ` +
        `confirm ${Math.round(confirmMs)} ms, longest waits ${confirmed.waits.slice(0, 3).join(', ')} ms (${confirmed.waits.length} probes)`,
    );
    expect(confirmed.result.text).toBe(IMPORT_TEXT.imported(LONG, 'fuel'));
    expect(await fuelCount()).toBe(before + LONG);
    expect(await stagedCount()).toBe(0);
    // Reading and staging never hold others up for long; one wait may be longer in each step. In the
    // preview about 2 s at 120,000 lines (not yet pinned down: the upload's parsing or the reader's
    // first chunk); in the confirm the final move of every line into fuel_transactions, one statement
    // that PGlite runs on the event loop (1 to 2.5 s per 10,000 lines on a loaded 2-core machine), not
    // yet bounded: see docs/decisions/016. Before staging, one probe waited out each whole step.
    for (const [step, ms] of [
      [previewed, previewMs],
      [confirmed, confirmMs],
    ] as const) {
      expect(step.waits.length).toBeGreaterThanOrEqual(5);
      expect(step.waits[1]).toBeLessThan(1500);
      expect(step.waits[0]).toBeLessThan(ms * 0.75);
    }
  }, 600_000);
});

describe('all or nothing', () => {
  it('a refused row late in the file leaves no line, no import and no staged rows', async () => {
    const [fuel, history] = [await fuelCount(), await importCount()];
    const res = await upload('/api/Accounting/ImportFuel/', {}, 'efs-bad-late.csv', longEfs(6000, { badAt: 5800, invoice: 2_000_000 }));
    expect(res.text).toMatch(/^ERROR The file was not imported: .*Row 5802/);
    expect(await fuelCount()).toBe(fuel);
    expect(await importCount()).toBe(history);
    expect(await stagedCount()).toBe(0);
  });

  it('a run whose staged rows were purged meanwhile is refused whole, never imported in part', async () => {
    const [fuel, history] = [await fuelCount(), await importCount()];
    const preview = await upload('/api/Imports/Preview', { kind: 'fuel' }, 'efs-purged.csv', longEfs(3000, { invoice: 3_000_000 }));
    expect(preview.body.newRows).toBe(3000);
    // The purge runs while the file is being staged: it sees the batches as a crashed run's (an hour old).
    let purged = false;
    const purging = (async () => {
      while (!purged) {
        if ((await stagedCount()) > 0) {
          await t.db.execute(sql`update import_staging set created_on = now() - interval '2 hours' where company_id = ${t.ids.companies.demo}`);
          await purgeImportFiles(t.db, new Date());
          purged = true;
        }
        await new Promise((r) => setImmediate(r));
      }
    })();
    const res = await confirm(preview.body.previewId);
    purged = true;
    await purging;
    expect(res.text).toBe(IMPORT_TEXT.interrupted);
    expect(await fuelCount()).toBe(fuel);
    expect(await importCount()).toBe(history);
    expect(await stagedCount()).toBe(0);
  });

  it("the hourly purge removes a crashed run's staged rows and keeps a running one's", async () => {
    const companyId = t.ids.companies.demo;
    await t.db.insert(importStaging).values([
      { companyId, runId: 'crashed', kind: 'fuel', rows: [], rowCount: 0, createdOn: new Date(Date.now() - 2 * 3600_000).toISOString() },
      { companyId, runId: 'running', kind: 'fuel', rows: [], rowCount: 0 },
    ]);
    await purgeImportFiles(t.db, new Date());
    const left = rowsOf(await t.db.execute(sql`select run_id from import_staging where company_id = ${companyId}`)).map((r) => r.run_id);
    expect(left).toEqual(['running']);
    await t.db.execute(sql`delete from import_staging where company_id = ${companyId}`);
  });
});

describe.skipIf(!onPostgres)('two confirms of one preview at the same moment (PostgreSQL)', () => {
  it('import the file once: one answer imports it, the other finds the preview gone', async () => {
    const [fuel, history] = [await fuelCount(), await importCount()];
    const preview = await upload('/api/Imports/Preview', { kind: 'fuel' }, 'efs-twice.csv', longEfs(3000, { invoice: 4_000_000 }));
    expect(preview.body.newRows).toBe(3000);
    const answers = await Promise.all([confirm(preview.body.previewId), confirm(preview.body.previewId)]);
    expect(answers.map((a) => a.text).sort()).toEqual([IMPORT_TEXT.imported(3000, 'fuel'), IMPORT_TEXT.previewGone].sort());
    expect(await importCount()).toBe(history + 1);
    expect(await fuelCount()).toBe(fuel + 3000);
    expect(await stagedCount()).toBe(0);
  });
});
