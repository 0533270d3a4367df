import '../test/setup';
import { APP_REQUEST_HEADER, authRoutes, cookieRoutes, defineRoute, IMPORT_FILE_TYPES, lookupRoutes, MB, onObject, settlementRoutes, userRoutes, ZTextReply } from '@haulboard/contract';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { mockApi } from '../test/api-mock';
import { ApiError, callRoute, fetchRouteFile, setShownCompany } from './api-client';

// Shaped like the coming import routes; none ships in the contract yet.
const uploadRoute = defineRoute({
  method: 'POST',
  path: '/api/TestOnly/Upload',
  summary: 'Test-only upload',
  tag: 'TestOnly',
  access: onObject('BrokerAdmin', 'DenyDelete'),
  upload: {
    fields: z.object({ year: z.coerce.number().int(), note: z.string().optional() }),
    files: { name: 'file', maxBytes: 10 * MB, maxFiles: 1, accept: IMPORT_FILE_TYPES },
  },
  response: ZTextReply,
});

describe('callRoute', () => {
  it('sends the contract method, path and JSON body, and reads text replies as text', async () => {
    const calls = mockApi({ 'POST /api/auth/UpdateUserInformation': { text: 'User updated successfully' } });
    const reply = await callRoute(userRoutes.updateUserInformation, { body: { userId: 3, firstName: 'A', lastName: 'B', phoneNumber: '5125550100', userRoles: [1], userCompanies: [1] } });
    expect(reply).toBe('User updated successfully');
    expect(calls[0]).toMatchObject({ method: 'POST', path: '/api/auth/UpdateUserInformation', body: { userId: 3 } });
  });

  it("sends the app's own header on every call, a GET (a write-level GET such as RefreshCookies, a PDF) as much as a POST", async () => {
    const seen: RequestInit[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit) => {
        seen.push(init);
        return new Response('done', { headers: { 'content-type': 'text/plain; charset=utf-8' } });
      }),
    );
    await callRoute(cookieRoutes.refreshCookies);
    await fetchRouteFile(settlementRoutes.getWeekPdf, { query: { weekId: 1 } });
    await callRoute(lookupRoutes.getRoles);
    expect(seen.map((init) => init.method)).toEqual(['GET', 'GET', 'GET']);
    for (const init of seen) expect(init.headers).toMatchObject({ [APP_REQUEST_HEADER.name]: APP_REQUEST_HEADER.value });
  });

  it('turns a 409 text refusal into an ApiError carrying its text without the ERROR prefix', async () => {
    mockApi({ 'POST /api/auth/UpdateUserInformation': { status: 409, text: 'ERROR You cannot remove your own administrator role' } });
    const error = await callRoute(userRoutes.updateUserInformation, { body: {} as never }).catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, message: 'You cannot remove your own administrator role' });
  });

  it('keeps field messages of a 400', async () => {
    mockApi({
      'POST /api/Auth/UpdateUserCompany': { status: 400, json: { statusCode: 400, code: 'BAD_REQUEST', message: 'phoneNumber: Field is required', fieldErrors: { phoneNumber: ['Field is required'] } } },
    });
    const error = await callRoute(authRoutes.updateUserCompany, { body: { companyId: 1, phoneNumber: '' } }).catch((e) => e);
    expect(error.fieldErrors).toEqual({ phoneNumber: ['Field is required'] });
  });

  it('says plainly when the server cannot be reached', async () => {
    mockApi({ 'GET /api/Lookup/GetRoles': () => Promise.reject(new TypeError('Failed to fetch')) });
    await expect(callRoute(lookupRoutes.getRoles)).rejects.toMatchObject({ status: 0, code: 'NETWORK' });
  });

  it('sends an upload route as a form with its fields and files, keeping the company and idempotency headers', async () => {
    const seen: RequestInit[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit) => {
        seen.push(init);
        return new Response('INFO 2 loads imported', { headers: { 'content-type': 'text/plain; charset=utf-8' } });
      }),
    );
    setShownCompany(4);
    const file = new File(['Load,Amount\nL-1,10\n'], 'loads.csv', { type: 'text/csv' });
    const reply = await callRoute(uploadRoute, { upload: { fields: { year: 2026, note: '' }, files: [file] }, idempotencyKey: 'form-1' });
    setShownCompany(null);
    expect(reply).toBe('INFO 2 loads imported');
    const body = seen[0].body as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect(body.get('year')).toBe('2026');
    expect(body.has('note')).toBe(false);
    expect((body.get('file') as File).name).toBe('loads.csv');
    expect(seen[0].headers).toMatchObject({ 'x-company-id': '4', 'idempotency-key': 'form-1' });
    expect(seen[0].headers).not.toHaveProperty('content-type');
  });

  it('reads an upload refusal (413 text) as a refusal with its ERROR text', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('ERROR The file is larger than 10 MB', { status: 413, headers: { 'content-type': 'text/plain' } })));
    const error = await callRoute(uploadRoute, { upload: { fields: { year: 2026 }, files: [new File(['x'], 'a.csv')] } }).catch((e) => e);
    expect(error).toMatchObject({ status: 413, code: 'REFUSED', message: 'The file is larger than 10 MB' });
  });
});
