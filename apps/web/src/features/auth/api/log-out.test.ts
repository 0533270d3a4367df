import '../../../test/setup';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/api-mock';
import { logOut } from './log-out';

describe('logout (spec §4)', () => {
  it("ends the server session, clears all local storage and goes to the provider's sign-out", async () => {
    window.localStorage.setItem('user', '{}');
    window.localStorage.setItem('theme', 'dark');
    const calls = mockApi({ 'POST /api/Auth/LogOut': { json: { message: 'Logged out', endSessionUrl: 'http://localhost:3000/oidc/session/end?x=1' } } });
    const go = vi.fn();
    await logOut(go);
    expect(calls.map((c) => c.path)).toEqual(['/api/Auth/LogOut']);
    expect(window.localStorage.length).toBe(0);
    expect(go).toHaveBeenCalledWith('http://localhost:3000/oidc/session/end?x=1');
  });

  it("goes to '/' when the provider has no sign-out address, and signs out locally even if the call fails", async () => {
    mockApi({ 'POST /api/Auth/LogOut': { json: { message: 'Logged out', endSessionUrl: null } } });
    const go = vi.fn();
    await logOut(go);
    expect(go).toHaveBeenCalledWith('/');

    vi.spyOn(console, 'warn').mockImplementation(() => {});
    window.localStorage.setItem('user', '{}');
    mockApi({ 'POST /api/Auth/LogOut': { status: 500, json: { statusCode: 500, code: 'INTERNAL', message: 'x' } } });
    await logOut(go);
    expect(window.localStorage.length).toBe(0);
    expect(go).toHaveBeenLastCalledWith('/');
  });
});
