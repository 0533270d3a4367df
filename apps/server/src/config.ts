import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

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
    OIDC_ISSUER: z.url({ error: 'OIDC_ISSUER must be a URL, for example https://accounts.google.com' }).optional(),
    OIDC_CLIENT_ID: z.string().min(1).optional(),
    OIDC_CLIENT_SECRET: z.string().min(1).optional(),
    PUBLIC_URL: z.url({ error: 'PUBLIC_URL must be a URL, for example https://haulboard.example.com' }).optional(),
    SESSION_SECRET: z.string().min(32, { error: 'SESSION_SECRET must be at least 32 characters' }).optional(),
    HAULBOARD_DEMO: z.enum(['0', '1', 'true', 'false', 'on', 'off', 'yes', 'no']).optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
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
    const demoFlag = env.HAULBOARD_DEMO === undefined ? undefined : ['1', 'true', 'on', 'yes'].includes(env.HAULBOARD_DEMO);
    const demo = demoFlag ?? builtInProvider;
    if (production && demo) {
      ctx.addIssue({ code: 'custom', message: 'Production mode refuses HAULBOARD_DEMO: demo data is for development only' });
    }
    if (production && !env.SESSION_SECRET) {
      ctx.addIssue({ code: 'custom', message: 'Production mode needs SESSION_SECRET (at least 32 random characters)' });
    }
    if (production && !env.PUBLIC_URL) {
      ctx.addIssue({ code: 'custom', message: 'Production mode needs PUBLIC_URL, the address people type' });
    }
    const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
    return {
      production,
      port: env.PORT,
      host: env.HOST,
      databaseUrl: env.DATABASE_URL,
      dataDir: path.resolve(repoRoot, env.HAULBOARD_DATA_DIR ?? 'data'),
      publicUrl,
      secureCookies: publicUrl.startsWith('https://'),
      sessionSecret: env.SESSION_SECRET ?? randomBytes(32).toString('hex'),
      oidc: builtInProvider
        ? { builtIn: true as const, issuer: `${publicUrl}/oidc`, clientId: 'haulboard-web', clientSecret: randomBytes(24).toString('hex') }
        : { builtIn: false as const, issuer: env.OIDC_ISSUER!, clientId: env.OIDC_CLIENT_ID!, clientSecret: env.OIDC_CLIENT_SECRET! },
      demo,
      logLevel: env.LOG_LEVEL,
    };
  });

export type TConfig = z.output<typeof ZEnv>;

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
