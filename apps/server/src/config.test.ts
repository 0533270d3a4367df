import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, repoRoot } from './config';

describe('configuration from the environment', () => {
  it('runs with nothing set: built-in sign-in, demo data, PGlite under ./data, port 3000', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ port: 3000, demo: true, databaseUrl: undefined, publicUrl: 'http://localhost:3000', secureCookies: false });
    expect(c.oidc).toMatchObject({ builtIn: true, issuer: 'http://localhost:3000/oidc' });
    expect(c.dataDir).toMatch(/\/data$/);
  });

  it('turns demo data off by default when a real provider is configured', () => {
    const c = loadConfig({ OIDC_ISSUER: 'https://accounts.google.com', OIDC_CLIENT_ID: 'id', OIDC_CLIENT_SECRET: 'secret' });
    expect(c.demo).toBe(false);
    expect(c.oidc).toMatchObject({ builtIn: false, issuer: 'https://accounts.google.com' });
  });

  it('refuses the built-in provider and demo data in production, naming every problem', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', HAULBOARD_DEMO: '1' })).toThrowError(ConfigError);
    try {
      loadConfig({ NODE_ENV: 'production', HAULBOARD_DEMO: '1' });
    } catch (error) {
      const text = (error as Error).message;
      expect(text).toContain('OIDC_ISSUER');
      expect(text).toContain('HAULBOARD_DEMO');
      expect(text).toContain('SESSION_SECRET');
      expect(text).toContain('HAULBOARD_SECRET_KEY');
    }
  });

  it('splits web and worker processes only on PostgreSQL; a web process runs no order engine', () => {
    expect(loadConfig({}).role).toBe('all');
    expect(() => loadConfig({ HAULBOARD_ROLE: 'worker' })).toThrowError(/HAULBOARD_ROLE: worker needs DATABASE_URL/);
    expect(() => loadConfig({ HAULBOARD_ROLE: 'cook' })).toThrowError(/HAULBOARD_ROLE must be all, web or worker/);
    const web = loadConfig({ HAULBOARD_ROLE: 'web', DATABASE_URL: 'postgres://x@127.0.0.1/db' });
    expect(web).toMatchObject({ role: 'web', orderEngine: false });
    expect(loadConfig({ HAULBOARD_ROLE: 'worker', DATABASE_URL: 'postgres://x@127.0.0.1/db' })).toMatchObject({ role: 'worker', orderEngine: true });
  });

  it('keeps stored files in the database unless FILES_DIR names a folder (relative to the repository)', () => {
    expect(loadConfig({}).filesDir).toBeNull();
    expect(loadConfig({ FILES_DIR: '/srv/haulboard/files' }).filesDir).toBe('/srv/haulboard/files');
    expect(loadConfig({ FILES_DIR: 'data/files' }).filesDir).toBe(path.join(repoRoot, 'data/files'));
    expect(() => loadConfig({ FILES_DIR: '   ' })).toThrowError(/FILES_DIR must name a folder/);
  });

  it('explains bad values in plain words', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrowError(/PORT must be a number/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrowError(/DATABASE_URL must start with postgres/);
    expect(() => loadConfig({ OIDC_ISSUER: 'https://accounts.google.com' })).toThrowError(/together/);
  });

  it('marks cookies Secure behind an https address', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://hb.example.com/' }).secureCookies).toBe(true);
    expect(loadConfig({ PUBLIC_URL: 'https://hb.example.com/' }).publicUrl).toBe('https://hb.example.com');
  });

  it('trusts no proxy unless TRUST_PROXY lists them, and explains a bad entry', () => {
    expect(loadConfig({}).trustProxy).toEqual([]);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.5, 10.1.0.0/16,::1, loopback' }).trustProxy).toEqual([
      '10.0.0.5/32',
      '10.1.0.0/16',
      '::1/128',
      '127.0.0.0/8',
      '::1/128',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrowError(/TRUST_PROXY: "true" is not an address or a range/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrowError(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: 'proxy.internal' })).toThrowError(/TRUST_PROXY/);
  });

  it('requires a verified email from the provider unless OIDC_REQUIRE_EMAIL_VERIFIED turns it off', () => {
    expect(loadConfig({}).requireEmailVerified).toBe(true);
    expect(loadConfig({ OIDC_REQUIRE_EMAIL_VERIFIED: 'false' }).requireEmailVerified).toBe(false);
    expect(() => loadConfig({ OIDC_REQUIRE_EMAIL_VERIFIED: 'maybe' })).toThrowError(/OIDC_REQUIRE_EMAIL_VERIFIED must be true or false/);
  });

  it('keeps the built-in sign-in on loopback unless explicitly allowed on the network', () => {
    for (const HOST of ['localhost', '127.0.0.1', '127.1.2.3', '::1', '[::1]']) expect(loadConfig({ HOST }).host).toBe(HOST);
    for (const HOST of ['0.0.0.0', '::', '192.168.1.20', 'haulboard.lan']) {
      expect(() => loadConfig({ HOST }), HOST).toThrowError(/HOST: the built-in sign-in .* ALLOW_DEV_SIGNIN_ON_NETWORK=1/);
      expect(loadConfig({ HOST, ALLOW_DEV_SIGNIN_ON_NETWORK: '1' }).host).toBe(HOST);
    }
    const real = { OIDC_ISSUER: 'https://accounts.google.com', OIDC_CLIENT_ID: 'id', OIDC_CLIENT_SECRET: 'secret' };
    expect(loadConfig({ ...real, HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
  });
});
