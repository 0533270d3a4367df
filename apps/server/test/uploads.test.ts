import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { KEY_REUSED } from '../src/access/idempotency';
import { createTestApp, EMAIL, type TTestApp } from './helpers';
import { mountTestUpload, multipartBody, type TReceived, testUploadRoute } from './upload-route';

/** The route helper's multipart kind, through the whole request pipeline, on a test-only route. */

let t: TTestApp;
const received: TReceived[] = [];
beforeAll(async () => {
  t = await createTestApp({ extend: (app) => void mountTestUpload(app, received) });
});
afterAll(async () => t?.close());
beforeEach(() => {
  received.length = 0;
});

const CSV = 'Load,Amount\nL-1,1200.50\n';
const send = async (
  fields: Record<string, string>,
  files: Parameters<typeof multipartBody>[1],
  options: { as?: string; headers?: Record<string, string> } = { as: EMAIL.admin },
) => {
  const { payload, contentType } = await multipartBody(fields, files);
  return t.call({ method: 'POST', url: testUploadRoute.path, payload, as: options.as, headers: { 'content-type': contentType, ...options.headers } });
};

describe('upload routes', () => {
  test('the handler gets the checked fields and the file: name, bytes and content', async () => {
    const res = await send({ year: '2026', note: 'July' }, [{ name: 'C:\\exports\\loads July.csv', content: CSV }]);
    expect(res.status).toBe(200);
    expect(res.text).toBe(`INFO loads July.csv (${CSV.length} bytes) for 2026`);
    expect(received).toHaveLength(1);
    expect(received[0].fields).toEqual({ year: 2026, note: 'July' });
    expect(received[0].files[0]).toMatchObject({ name: 'loads July.csv', bytes: CSV.length });
    expect(received[0].files[0].buffer.toString('utf8')).toBe(CSV);
  });

  test('every accepted ending is taken, in any case', async () => {
    for (const name of ['a.CSV', 'b.xlsx', 'c.xls', 'd.txt']) {
      expect((await send({ year: '2026' }, [{ name, content: 'x' }])).status).toBe(200);
    }
  });

  test('a file over the limit is refused with 413 and the limit in words', async () => {
    const res = await send({ year: '2026' }, [{ name: 'big.csv', content: Buffer.alloc(10 * 1024 * 1024 + 1, 'a') }]);
    expect(res.status).toBe(413);
    expect(res.text).toBe('ERROR The file is larger than 10 MB');
    expect(received).toHaveLength(0);
  });

  test('a file of another type is refused with the endings accepted', async () => {
    const res = await send({ year: '2026' }, [{ name: 'invoice.pdf', content: '%PDF-1.7', type: 'application/pdf' }]);
    expect(res.status).toBe(415);
    expect(res.text).toBe('ERROR The file must be a .csv, .xlsx, .xls or .txt file');
    expect((await send({ year: '2026' }, [{ name: 'no-ending', content: 'x' }])).status).toBe(415);
    expect(received).toHaveLength(0);
  });

  test('no file, an empty file and two files are refused', async () => {
    const none = await send({ year: '2026' }, []);
    expect(none.status).toBe(400);
    expect(none.body.fieldErrors).toEqual({ file: ['Choose a file to upload'] });
    // What a browser sends for a file input left empty.
    const blank = await send({ year: '2026' }, [{ name: '', content: '' }]);
    expect(blank.status).toBe(400);
    expect(blank.body.fieldErrors).toEqual({ file: ['Choose a file to upload'] });
    const empty = await send({ year: '2026' }, [{ name: 'empty.csv', content: '' }]);
    expect([empty.status, empty.text]).toEqual([400, 'ERROR The file is empty']);
    const two = await send({ year: '2026' }, [
      { name: 'a.csv', content: 'x' },
      { name: 'b.csv', content: 'y' },
    ]);
    expect([two.status, two.text]).toEqual([413, 'ERROR Upload at most 1 file at once']);
    expect(received).toHaveLength(0);
  });

  test('text parts are checked by the route schema, with field messages', async () => {
    const res = await send({ year: 'soon' }, [{ name: 'a.csv', content: CSV }]);
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors.year).toEqual(['Pick a year']);
    const missing = await send({}, [{ name: 'a.csv', content: CSV }]);
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.body.fieldErrors)).toEqual(['year']);
    const nul = await send({ year: '2026', note: 'a\u0000b' }, [{ name: 'a.csv', content: CSV }]);
    expect(nul.status).toBe(400);
    expect(received).toHaveLength(0);
  });

  test('a JSON body to an upload route is refused as not a form upload', async () => {
    const res = await t.call({ method: 'POST', url: testUploadRoute.path, payload: { year: 2026 }, as: EMAIL.admin });
    expect([res.status, res.text]).toEqual([415, 'ERROR Send the file as a form upload (multipart/form-data)']);
  });

  test('access is checked before the file is read: 401 signed out, 403 without the permission', async () => {
    expect((await send({ year: '2026' }, [{ name: 'a.csv', content: CSV }], {})).status).toBe(401);
    expect((await send({ year: '2026' }, [{ name: 'a.csv', content: CSV }], { as: EMAIL.driver })).status).toBe(403);
    expect(received).toHaveLength(0);
  });

  test('the tab company header is honoured like on every route', async () => {
    const other = String(t.ids.companies.second);
    const res = await send({ year: '2026' }, [{ name: 'a.csv', content: CSV }], { as: EMAIL.admin, headers: { 'x-company-id': other } });
    expect(res.status).toBe(409);
    expect(received).toHaveLength(0);
  });

  test('an Idempotency-Key makes a repeated upload run once; another file under the same key is refused', async () => {
    const headers = { 'idempotency-key': 'upload-form-1' };
    const first = await send({ year: '2026' }, [{ name: 'a.csv', content: CSV }], { as: EMAIL.admin, headers });
    const again = await send({ year: '2026' }, [{ name: 'a.csv', content: CSV }], { as: EMAIL.admin, headers });
    expect(first.status).toBe(200);
    expect(again.text).toBe(first.text);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(received).toHaveLength(1);
    const other = await send({ year: '2026' }, [{ name: 'a.csv', content: `${CSV}L-2,10\n` }], { as: EMAIL.admin, headers });
    expect([other.status, other.text]).toEqual([409, `ERROR ${KEY_REUSED}`]);
  });
});
