import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { parseProxyEntry } from './access/proxies';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const ZEnv = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number({ error: 'PORT must be a number' }).int().min(1).max(65535).default(3000),
    HOST: z.string().default('localhost'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, { error: 'DATABASE_URL must start with postgres:// or postgresql://' })
      .optional(),
    HAULBOARD_DATA_DIR: z.string().optional(),
    FILES_DIR: z.string().trim().min(1, { error: 'FILES_DIR must name a folder (or be left unset to keep files in the database)' }).optional(),
    OIDC_ISSUER: z.url({ error: 'OIDC_ISSUER must be a URL, for example https://accounts.google.com' }).optional(),
    OIDC_CLIENT_ID: z.string().min(1).optional(),
    OIDC_CLIENT_SECRET: z.string().min(1).optional(),
    PUBLIC_URL: z.url({ error: 'PUBLIC_URL must be a URL, for example https://haulboard.example.com' }).optional(),
    SESSION_SECRET: z.string().min(32, { error: 'SESSION_SECRET must be at least 32 characters' }).optional(),
    HAULBOARD_DEMO: z.enum(['0', '1', 'true', 'false', 'on', 'off', 'yes', 'no']).optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    HAULBOARD_SECRET_KEY: z.string().optional(),
    HAULBOARD_SECRET_KEY_PREVIOUS: z.string().optional(),
    API_RATE_LIMIT: z.coerce
      .number({ error: 'API_RATE_LIMIT must be a number of requests per minute' })
      .int()
      .min(0, { error: 'API_RATE_LIMIT must be 0 (off) or more' })
      .default(600),
    SESSION_IDLE_HOURS: z.coerce
      .number({ error: 'SESSION_IDLE_HOURS must be a number of hours' })
      .min(0.25, { error: 'SESSION_IDLE_HOURS must be at least 0.25 (15 minutes)' })
      .max(168, { error: 'SESSION_IDLE_HOURS must be at most 168: sessions end after 7 days anyway' })
      .default(12),
    TRUST_PROXY: z.string().optional(),
    ALLOW_DEV_SIGNIN_ON_NETWORK: z.enum(['0', '1', 'true', 'false', 'on', 'off', 'yes', 'no']).optional(),
    METRICS_TOKEN: z.string().min(16, { error: 'METRICS_TOKEN must be at least 16 characters (openssl rand -hex 16)' }).optional(),
    HAULBOARD_ROLE: z.enum(['all', 'web', 'worker'], { error: 'HAULBOARD_ROLE must be all, web or worker' }).default('all'),
    ORDER_ENGINE: z.enum(['0', '1', 'true', 'false', 'on', 'off', 'yes', 'no'], { error: 'ORDER_ENGINE must be on or off' }).optional(),
    BOARD_REQUESTS_PER_SECOND: z.coerce
      .number({ error: 'BOARD_REQUESTS_PER_SECOND must be a number' })
      .min(0.01, { error: 'BOARD_REQUESTS_PER_SECOND must be more than 0' })
      .max(50, { error: 'BOARD_REQUESTS_PER_SECOND must be at most 50' })
      .default(1),
    OIDC_REQUIRE_EMAIL_VERIFIED: z.enum(['0', '1', 'true', 'false', 'on', 'off', 'yes', 'no'], { error: 'OIDC_REQUIRE_EMAIL_VERIFIED must be true or false' }).optional(),
  })
  .transform((env, ctx) => {
    const production = env.NODE_ENV === 'production';
    const oidcParts = [env.OIDC_ISSUER, env.OIDC_CLIENT_ID, env.OIDC_CLIENT_SECRET].filter(Boolean).length;
    if (oidcParts > 0 && oidcParts < 3) {
      ctx.addIssue({ code: 'custom', message: 'Set OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET together' });
    }
    const builtInProvider = !env.OIDC_ISSUER;
    if (production && builtInProvider) {
      ctx.addIssue({ code: 'custom', message: 'Production mode needs OIDC_ISSUER: the built-in sign-in is for development only' });
    }
    const devSignInOnNetwork = ['1', 'true', 'on', 'yes'].includes(env.ALLOW_DEV_SIGNIN_ON_NETWORK ?? '');
    if (builtInProvider && !isLoopbackHost(env.HOST) && !devSignInOnNetwork) {
      ctx.addIssue({
        code: 'custom',
        path: ['HOST'],
        message:
          `the built-in sign-in lets anyone in with any email and no password, so it listens only on this computer, and HOST=${env.HOST} is not a loopback address. ` +
          'Use HOST=localhost, set OIDC_ISSUER (with OIDC_CLIENT_ID and OIDC_CLIENT_SECRET) for a real identity provider, or set ALLOW_DEV_SIGNIN_ON_NETWORK=1 to open it to the network anyway',
      });
    }
    const demoFlag = env.HAULBOARD_DEMO === undefined ? undefined : ['1', 'true', 'on', 'yes'].includes(env.HAULBOARD_DEMO);
    const demo = demoFlag ?? builtInProvider;
    if (production && demo) {
      ctx.addIssue({ code: 'custom', message: 'Production mode refuses HAULBOARD_DEMO: demo data is for development only' });
    }
    if (production && !env.SESSION_SECRET) {
      ctx.addIssue({ code: 'custom', message: 'Production mode needs SESSION_SECRET (at least 32 random characters)' });
    }
    if (production && !env.HAULBOARD_SECRET_KEY) {
      ctx.addIssue({ code: 'custom', message: 'Production mode needs HAULBOARD_SECRET_KEY, the key that encrypts stored load-board sessions (openssl rand -hex 32)' });
    }
    if (production && !env.PUBLIC_URL) {
      ctx.addIssue({ code: 'custom', message: 'Production mode needs PUBLIC_URL, the address people type' });
    }
    if (env.HAULBOARD_ROLE !== 'all' && !env.DATABASE_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['HAULBOARD_ROLE'],
        message: `${env.HAULBOARD_ROLE} needs DATABASE_URL: the embedded database serves one process, which does everything (HAULBOARD_ROLE=all)`,
      });
    }
    const trustProxy: string[] = [];
    for (const entry of (env.TRUST_PROXY ?? '').split(',').map((e) => e.trim()).filter(Boolean)) {
      const ranges = parseProxyEntry(entry);
      if (ranges) trustProxy.push(...ranges);
      else {
        ctx.addIssue({
          code: 'custom',
          path: ['TRUST_PROXY'],
          message: `"${entry}" is not an address or a range: list the proxies' addresses or CIDR ranges, comma-separated (for example 10.0.0.5, 10.1.0.0/16 or loopback)`,
        });
      }
    }
    const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
    return {
      production,
      port: env.PORT,
      host: env.HOST,
      databaseUrl: env.DATABASE_URL,
      dataDir: path.resolve(repoRoot, env.HAULBOARD_DATA_DIR ?? 'data'),
      /** Where stored files' content lives (decision 020): this folder when set, else the database. */
      filesDir: env.FILES_DIR ? path.resolve(repoRoot, env.FILES_DIR) : null,
      publicUrl,
      secureCookies: publicUrl.startsWith('https://'),
      sessionSecret: env.SESSION_SECRET ?? randomBytes(32).toString('hex'),
      oidc: builtInProvider
        ? { builtIn: true as const, issuer: `${publicUrl}/oidc`, clientId: 'haulboard-web', clientSecret: randomBytes(24).toString('hex') }
        : { builtIn: false as const, issuer: env.OIDC_ISSUER!, clientId: env.OIDC_CLIENT_ID!, clientSecret: env.OIDC_CLIENT_SECRET! },
      /** Sign-in needs an ID token that says email_verified: true; off only for providers that never send it. */
      requireEmailVerified: env.OIDC_REQUIRE_EMAIL_VERIFIED === undefined || ['1', 'true', 'on', 'yes'].includes(env.OIDC_REQUIRE_EMAIL_VERIFIED),
      demo,
      logLevel: env.LOG_LEVEL,
      /** Encrypts the external board's stored sessions; previous keys still decrypt during a rotation. */
      secretKey: env.HAULBOARD_SECRET_KEY,
      previousSecretKeys: (env.HAULBOARD_SECRET_KEY_PREVIOUS ?? '').split(',').map((k) => k.trim()).filter(Boolean),
      /** API requests per minute per session (per address without one); 0 turns the limit off. */
      apiRateLimit: env.API_RATE_LIMIT,
      /** A session unused this long ends; the 7-day limit from sign-in holds regardless. */
      sessionIdleHours: env.SESSION_IDLE_HOURS,
      /**
       * What this process does: `web` serves people (HTTP) and runs no background work, `worker`
       * runs the jobs, the order engine and the periodic checks and serves only its health, `all` both.
       */
      role: env.HAULBOARD_ROLE,
      /** Turns on GET /metrics (Prometheus) for a scraper that sends it as a bearer token; off when unset. */
      metricsToken: env.METRICS_TOKEN,
      /** The load-order engine runs in this server (on unless ORDER_ENGINE=off, never in a web process). */
      orderEngine: env.HAULBOARD_ROLE !== 'web' && (env.ORDER_ENGINE === undefined || ['1', 'true', 'on', 'yes'].includes(env.ORDER_ENGINE)),
      /** The engine's pace per board account, requests per second (1), shared by every server on the database. */
      boardRequestsPerSecond: env.BOARD_REQUESTS_PER_SECOND,
      /** The reverse proxies (CIDR ranges) allowed to name the client's address and protocol; none by default. */
      trustProxy,
    };
  });

export type TConfig = z.output<typeof ZEnv>;

/** localhost, 127.0.0.0/8 and ::1: addresses only this computer reaches. */
export function isLoopbackHost(host: string) {
  const h = host.trim().toLowerCase().replace(/^\[(.*)\]$/, '$1');
  return h === 'localhost' || h.endsWith('.localhost') || h === '::1' || /^127(\.\d{1,3}){3}$/.test(h) || /^::ffff:127(\.\d{1,3}){3}$/.test(h);
}

export class ConfigError extends Error {}

/** Environment → typed config; throws ConfigError listing every problem in plain words. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): TConfig {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  const parsed = ZEnv.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  - ${i.path.length ? `${i.path.join('.')}: ` : ''}${i.message}`);
    throw new ConfigError(`Haulboard cannot start, the configuration has problems:\n${lines.join('\n')}`);
  }
  return parsed.data;
}
