import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { APP_REQUEST_HEADER, IMPORT_TEXT } from '@haulboard/contract';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOARD_DEMO_STEPS } from '../src/db/seed/demo-board';
import { deflateRepeated, SHEET_HEAD, SHEET_TAIL, sharedStringsXml, sheetXml, xlsxOf } from '../src/imports/fixtures/hostile-files';
import { READ_TEXT } from '../src/imports/read-limits';
import { longEfs } from './fuel-files';
import { createTestApp, EMAIL, type TTestApp } from './helpers';
import { multipartBody } from './upload-route';

/**
 * "Files that cannot hurt": hostile uploads through the real routes are refused (or read) in seconds
 * with an `ERROR …` a person understands, the health check keeps answering within a second while they
 * are read, memory stays bounded, and nothing of an upload is left in the temp folder.
 */

// A temp folder of this test's own: whatever an upload leaves behind shows up here.
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'haulboard-hostile-'));
/** Where the request bodies are written for curl: outside the temp folder watched. */
const payloadFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'haulboard-hostile-body-')), 'body');
const outerTmp = process.env.TMPDIR;
process.env.TMPDIR = tmp;

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp({ steps: BOARD_DEMO_STEPS });
});
afterAll(async () => {
  await t?.close();
  if (outerTmp === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = outerTmp;
  fs.rmSync(tmp, { recursive: true, force: true });
  fs.rmSync(path.dirname(payloadFile), { recursive: true, force: true });
});

const MB = 1024 * 1024;
const EFS_HEADER = longEfs(0).trim();

/** The app listens on a real port: an upload arrives in network-sized pieces, as in production. */
let base = '';
beforeAll(async () => {
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});

/**
 * PGlite is one connection: the health check's `select 1` waits for the preview's open transaction
 * there, so its answer time is checked on PostgreSQL; the event loop's freedom is checked on both.
 */
const onPostgres = Boolean(process.env.DATABASE_URL);

/**
 * Posts a preview and polls GET /api/health every 50 ms while it runs: the answer, the slowest health
 * check, the longest the event loop was held, and how much the process grew meanwhile.
 */
async function previewWhilePolling(name: string, content: string | Buffer) {
  const body = await multipartBody({ kind: 'fuel' }, [{ field: 'files', name, content }]);
  fs.writeFileSync(payloadFile, body.payload);
  const headers = { 'content-type': body.contentType, cookie: await t.loginAs(EMAIL.admin), [APP_REQUEST_HEADER.name]: APP_REQUEST_HEADER.value };
  const rssBefore = process.memoryUsage().rss;
  let peakGrowth = 0;
  let slowestHealth = 0;
  let lastTick = performance.now();
  /** The longest the event loop was held by work (CPU time between two ticks of a 10 ms timer). */
  let slowestTick = 0;
  const started = performance.now();
  let lastCpu = process.cpuUsage();
  const ticker = setInterval(() => {
    const now = performance.now();
    const cpu = process.cpuUsage(lastCpu);
    // Time the process was working between two ticks: a busy shared machine's waits are not the reader's.
    slowestTick = Math.max(slowestTick, Math.min(now - lastTick, (cpu.user + cpu.system) / 1000));
    lastTick = now;
    lastCpu = process.cpuUsage();
    peakGrowth = Math.max(peakGrowth, process.memoryUsage().rss - rssBefore);
  }, 10);
  let done = false;
  // The file is sent by curl, another process: sending 25 MB costs the sender, not the server.
  const upload = new Promise<{ status: number; text: string }>((resolve, reject) => {
    const args = ['-s', '-X', 'POST', '--data-binary', `@${payloadFile}`, '-w', '\n%{http_code}', `${base}/api/Imports/Preview`];
    for (const [key, value] of Object.entries(headers)) args.push('-H', `${key}: ${value}`);
    execFile('curl', args, { maxBuffer: 16 * MB }, (error, stdout) => {
      done = true;
      if (error) return reject(error);
      const at = stdout.lastIndexOf('\n');
      resolve({ status: Number(stdout.slice(at + 1)), text: stdout.slice(0, at) });
    });
  });
  while (!done) {
    const at = performance.now();
    const health = await fetch(`${base}/api/health`);
    await health.arrayBuffer();
    slowestHealth = Math.max(slowestHealth, performance.now() - at);
    expect(health.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const res = await upload;
  clearInterval(ticker);
  return { ...res, seconds: (performance.now() - started) / 1000, slowestHealth, slowestTick, peakGrowth };
}

/** What every hostile file must show: a plain refusal, in seconds, with the server answering throughout. */
function expectRefusedCalmly(r: Awaited<ReturnType<typeof previewWhilePolling>>, message: string) {
  expect(r.text).toBe(`ERROR ${message}`);
  expectCalm(r);
}

/**
 * A second on a machine of its own; a test machine shared by more runs than it has cores stretches
 * every wait by its load, which says nothing of the reader.
 */
const SECOND = 1000 * Math.max(1, os.loadavg()[0] / os.cpus().length);

function expectCalm(r: Awaited<ReturnType<typeof previewWhilePolling>>) {
  // The event loop is never held for long, so every other request keeps being served.
  expect(r.slowestTick).toBeLessThan(1000);
  if (onPostgres) expect(r.slowestHealth).toBeLessThan(SECOND);
  expect(r.peakGrowth).toBeLessThan(300 * MB);
  // A few seconds on an idle machine (the 100 MB inflate cap is the slowest, about 3 s).
  expect(r.seconds * 1000).toBeLessThan(10 * SECOND);
}

describe('hostile CSV files', () => {
  it('a 25 MB file of a header and millions of blank lines is refused by the row limit', async () => {
    const content = `${EFS_HEADER}\n${'\n'.repeat(25 * MB - EFS_HEADER.length - 1000)}`;
    expectRefusedCalmly(await previewWhilePolling('blank.csv', content), READ_TEXT.tooManyRows(250_000));
  }, 120_000);

  it('a 5 MB header line is refused, naming the row', async () => {
    expectRefusedCalmly(await previewWhilePolling('long.csv', `${'Card #'.repeat(900_000)}\n1,2\n`), READ_TEXT.rowTooLong(1));
  }, 120_000);

  it('a header of 100,000 columns is refused, naming the row', async () => {
    const header = Array.from({ length: 100_000 }, (_, i) => `Column ${i}`).join(',');
    expectRefusedCalmly(await previewWhilePolling('wide.csv', `${header}\n1,2,3\n`), READ_TEXT.tooManyColumns(1));
  }, 120_000);

  it('ragged rows: shorter ones are read, a row with more cells than the header is refused with its reason', async () => {
    const lines = longEfs(2000).trim().split('\n');
    // Every other row loses its last cells or gains some: still read in seconds.
    const ragged = lines.map((line, i) => (i === 0 ? line : i % 2 ? line.split(',').slice(0, 12).join(',') : i === 10 ? `${line},extra,cells` : line));
    const r = await previewWhilePolling('ragged.csv', `${ragged.join('\n')}\n`);
    expect(r.status).toBe(200);
    expectCalm(r);
    const body = JSON.parse(r.text);
    expect(body.rowsRead).toBe(2000);
    const wide = body.rows.find((row: { rowNumber: number }) => row.rowNumber === 11);
    expect(wide).toMatchObject({ status: 'refused', reason: "Row 11: the row has 23 cells but the header has 21 (check the file's quotes and line breaks)" });
  }, 120_000);
});

describe('hostile XLSX files', () => {
  const inline = (texts: string[]) => `<row>${texts.map((x) => `<c t="inlineStr"><is><t>${x}</t></is></c>`).join('')}</row>`;
  /** The sheet's start with the EFS header row, so the bomb is read past the header search. */
  const HEAD = `${SHEET_HEAD}${inline(EFS_HEADER.split(','))}`;

  it('a sheet stored before its shared strings that inflates to millions of rows is refused, with nothing written to disk', async () => {
    const sheet = { name: 's', deflated: deflateRepeated(HEAD, '<row><c t="s"><v>0</v></c></row>'.repeat(1000), 3000, SHEET_TAIL), claimedSize: 4096 };
    const data = xlsxOf({ sheets: [{ name: 'Fuel', part: sheet }], strings: sharedStringsXml(['Card #']) });
    expect(data.length).toBeLessThan(MB);
    expectRefusedCalmly(await previewWhilePolling('rows.xlsx', data), READ_TEXT.tooManyRows(250_000));
    expect(fs.readdirSync(tmp)).toEqual([]);
  }, 120_000);

  it('a sheet that inflates past the cap is refused, whatever its zip header says', async () => {
    const cells = inline(['x']).repeat(20);
    const sheet = { name: 's', deflated: deflateRepeated(HEAD, `${' '.repeat(200_000)}${cells}`, 1200, SHEET_TAIL), claimedSize: 4096 };
    const data = xlsxOf({ sheets: [{ name: 'Fuel', part: sheet }] });
    expectRefusedCalmly(await previewWhilePolling('inflated.xlsx', data), READ_TEXT.tooMuchInside(100));
  }, 120_000);

  it('a shared-strings bomb is refused with bounded memory', async () => {
    const strings = { name: 's', deflated: deflateRepeated(sharedStringsXml([]).replace('</sst>', ''), '<si><t>abcdefghijklmnop</t></si>'.repeat(32 * 1024), 100, '</sst>'), claimedSize: 1000 };
    const data = xlsxOf({ sheets: [{ name: 'Fuel', xml: sheetXml('<row r="1"><c r="A1" t="s"><v>0</v></c></row>') }], strings });
    expectRefusedCalmly(await previewWhilePolling('strings.xlsx', data), READ_TEXT.tooManyStrings);
  }, 120_000);
});

describe('ordinary files', () => {
  it('a fuel file whose header ends in CRLF and whose rows end in LF imports all 50 rows', async () => {
    const content = longEfs(50).replace('\n', '\r\n');
    const res = await previewWhilePolling('mixed-endings.csv', content);
    expect(JSON.parse(res.text)).toMatchObject({ rowsRead: 50, newRows: 50, refused: 0 });
    const confirm = await t.call({ method: 'POST', url: '/api/Imports/Confirm', payload: { previewId: JSON.parse(res.text).previewId }, as: EMAIL.admin });
    expect(confirm.text).toBe(IMPORT_TEXT.imported(50, 'fuel'));
  }, 120_000);

  it('leave nothing in the temp folder: an Excel upload and a CSV upload', async () => {
    const before = fs.readdirSync(tmp);
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Transactions');
    // Rows of another minute than the CSV test's, so they are new.
    for (const line of longEfs(30).trim().replace(/,70000/g, ',80000').split('\n')) ws.addRow(line.split(','));
    const xlsx = Buffer.from(await wb.xlsx.writeBuffer());
    const fromExcel = await previewWhilePolling('efs.xlsx', xlsx);
    expect(JSON.parse(fromExcel.text)).toMatchObject({ rowsRead: 30, refused: 0 });
    const fromCsv = await previewWhilePolling('efs.csv', longEfs(10));
    expect(JSON.parse(fromCsv.text)).toMatchObject({ rowsRead: 10 });
    expect(fs.readdirSync(tmp)).toEqual(before);
    expect(before).toEqual([]);
  }, 120_000);
});
