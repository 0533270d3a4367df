import '../../test/setup';
import { SIGN_IN_ERRORS } from '@haulboard/contract';
import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { mockApi, unauthenticated } from '../../test/api-mock';
import { preloadPages, renderApp } from '../../test/render-app';

beforeAll(preloadPages, 120_000);

describe('/login after a failed sign-in (spec §2)', () => {
  it('shows our generic text for an unknown code, never the text the link carries', async () => {
    mockApi({ 'POST /api/Auth/GetUserDetails': unauthenticated });
    const description = encodeURIComponent('<script>alert(1)</script>Your account is locked, call 555-0100');
    renderApp(`/login?error=x&error_description=${description}`);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(SIGN_IN_ERRORS.failed);
    expect(document.body.textContent).not.toContain('call 555-0100');
    expect(document.body.textContent).not.toContain('<script>');
    expect(document.querySelector('script')).toBeNull();
  });

  it('shows our own text for a known code, whatever description comes with it', async () => {
    mockApi({ 'POST /api/Auth/GetUserDetails': unauthenticated });
    renderApp(`/login?error=access_denied&error_description=${encodeURIComponent('Visit evil.example to unlock')}`);
    expect((await screen.findByRole('alert')).textContent).toBe('Sign-in was cancelled or refused. You can try again.');
    expect(document.body.textContent).not.toContain('evil.example');
  });

  it('shows no error without one', async () => {
    mockApi({ 'POST /api/Auth/GetUserDetails': unauthenticated });
    renderApp('/login');
    expect(await screen.findByRole('link', { name: 'Sign in' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
