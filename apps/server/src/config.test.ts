import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

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
    }
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
});
