import '../test/setup';
import { authRoutes, lookupRoutes } from '@haulboard/contract';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../test/api-mock';
import { ApiError, callRoute } from './api-client';

describe('callRoute', () => {
  it('sends the contract method, path and JSON body, and reads text replies as text', async () => {
    const calls = mockApi({ 'POST /api/auth/UpdateUserInformation': { text: 'User updated successfully' } });
    const reply = await callRoute(authRoutes.updateUserInformation, { body: { userId: 3, firstName: 'A', lastName: 'B', phoneNumber: '1', userRoles: [1], userCompanies: [1] } });
    expect(reply).toBe('User updated successfully');
    expect(calls[0]).toMatchObject({ method: 'POST', path: '/api/auth/UpdateUserInformation', body: { userId: 3 } });
  });

  it('turns a 409 text refusal into an ApiError carrying the ERROR text', async () => {
    mockApi({ 'POST /api/auth/UpdateUserInformation': { status: 409, text: 'ERROR You cannot remove your own administrator role' } });
    const error = await callRoute(authRoutes.updateUserInformation, { body: {} as never }).catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, message: 'ERROR You cannot remove your own administrator role' });
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
});
