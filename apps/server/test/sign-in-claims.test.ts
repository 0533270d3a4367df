import cookie from '@fastify/cookie';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TOidcClient } from '../src/auth/oidc-client';
import { authModule } from '../src/modules/auth/routes';
import { createTestApp, EMAIL, type TTestApp } from './helpers';

/**
 * What sign-in does with an ID token's claims, against a provider that says whatever the test
 * wants (the built-in one always confirms the email): email_verified must be true unless
 * configured otherwise, and a person is keyed on the provider's issuer and subject once known.
 */
const ISSUER = 'https://idp.example';
let t: TTestApp;
let claims: Record<string, unknown> = {};

const fakeProvider: TOidcClient = {
  authorizationUrl: async () => ({ url: `${ISSUER}/authorize`, verifier: 'v', state: 's', nonce: 'n' }),
  finish: async () => ({ claims: { iss: ISSUER, ...claims } as any, idToken: null }),
  endSessionUrl: async () => null,
};

async function appWith(requireEmailVerified: boolean) {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(cookie, { secret: 'x'.repeat(32) });
  await app.register(authModule, {
    db: t.db,
    oidc: fakeProvider,
    issuer: ISSUER,
    publicUrl: 'http://localhost:3000',
    secureCookies: false,
    sessionIdleHours: 12,
    signInLimit: {},
    requireEmailVerified,
  });
  await app.ready();
  return app;
}

async function signIn(app: FastifyInstance, tokenClaims: Record<string, unknown>) {
  claims = tokenClaims;
  const start = await app.inject({ method: 'GET', url: '/auth/login?returnTo=/app' });
  const tx = String(start.headers['set-cookie']).split(';')[0];
  const res = await app.inject({ method: 'GET', url: '/auth/callback?code=c&state=s', headers: { cookie: tx } });
  const session = [res.headers['set-cookie'] ?? []].flat().find((c) => String(c).startsWith('hb_session='));
  return { location: String(res.headers.location), signedIn: !!session };
}

const rowsOf = (r: any) => (Array.isArray(r) ? r : r.rows) as any[];
const userByEmail = async (email: string) => rowsOf(await t.db.execute(sql`select * from users where email = ${email}`))[0];

describe('sign-in claims', () => {
  let strict: FastifyInstance;
  let lenient: FastifyInstance;
  beforeAll(async () => {
    t = await createTestApp();
    strict = await appWith(true);
    lenient = await appWith(false);
  });
  afterAll(async () => {
    await strict.close();
    await lenient.close();
    await t.close();
  });

  it('refuses an ID token whose email_verified is not true, and writes nothing', async () => {
    for (const verified of [undefined, false, 'false', 0, null, 'yes']) {
      const email = `unverified-${String(verified)}@example.test`;
      const res = await signIn(strict, { sub: `sub-${String(verified)}`, email, ...(verified === undefined ? {} : { email_verified: verified }) });
      expect(res, String(verified)).toEqual({ location: '/login?error=email_unverified', signedIn: false });
      expect(await userByEmail(email)).toBeUndefined();
    }
    expect(await signIn(strict, { sub: 'sub-ok', email: 'verified@example.test', email_verified: true })).toEqual({ location: '/app', signedIn: true });
  });

  it('accepts a token without email_verified when configured for such providers, never one that says false', async () => {
    expect(await signIn(lenient, { sub: 'lenient-1', email: 'no-claim@example.test' })).toEqual({ location: '/app', signedIn: true });
    expect((await signIn(lenient, { sub: 'lenient-2', email: 'said-no@example.test', email_verified: false })).signedIn).toBe(false);
  });

  it('binds a person known by email to the provider subject on first sign-in, and keys on it after', async () => {
    const before = await userByEmail(EMAIL.dispatcher);
    expect(before.oidc_subject).toBeNull();
    expect((await signIn(strict, { sub: 'dana-123', email: EMAIL.dispatcher, email_verified: true })).signedIn).toBe(true);
    expect((await userByEmail(EMAIL.dispatcher)).oidc_subject).toBe(`${ISSUER} dana-123`);

    // The provider changed Dana's email: still Dana (same row, same company), under the new email.
    expect((await signIn(strict, { sub: 'dana-123', email: 'Dana.New@Demo.Haulboard.test', email_verified: true })).signedIn).toBe(true);
    const moved = await userByEmail('dana.new@demo.haulboard.test');
    expect(moved.id).toBe(before.id);
    expect(await userByEmail(EMAIL.dispatcher)).toBeUndefined();
  });

  it('refuses another subject that presents an email already bound to someone', async () => {
    await signIn(strict, { sub: 'admin-1', email: EMAIL.admin, email_verified: true });
    const res = await signIn(strict, { sub: 'someone-else', email: EMAIL.admin, email_verified: true });
    expect(res).toEqual({ location: '/login?error=account_mismatch', signedIn: false });
    expect((await userByEmail(EMAIL.admin)).oidc_subject).toBe(`${ISSUER} admin-1`);
  });
});
